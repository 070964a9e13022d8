import * as assert from 'node:assert/strict';
import { RequestScope } from '../../../src/api';
import { TableReads } from '../../../src/store/tableReads';
import { eachTestWithABin } from './accountBins';

describe("a table's reads in a session", () => {
  const world = eachTestWithABin();
  let collectionId: string;
  let made: string[];
  let reads: TableReads;

  beforeEach(async () => {
    const { a } = world;
    collectionId = (await a.client.createCollection('tabled')).id;
    made = [];
    for (let i = 0; i < 12; i++) {
      made.push((await a.client.createBin({ record: { n: i }, collectionId })).metadata.id);
    }
    reads = new TableReads(() => a.client, a.bins);
  });
  afterEach(() => reads.dispose());

  it('lists a collection once (2 pages for 12 bins) and reads each bin once, concurrent callers sharing a read', async () => {
    const { f } = world;
    const mark = f.service.log.length;
    const listing = new RequestScope();
    const first = await reads.listing(collectionId, listing);
    assert.equal(listing.sent, 2);
    assert.equal(first.length, 12);
    const again = new RequestScope();
    await reads.listing(collectionId, again);
    assert.equal(again.sent, 0);
    // The second caller shares the first's read: it was sent for the first alone.
    const [one, two] = [new RequestScope(), new RequestScope()];
    const texts = await Promise.all([reads.read(made[0], one), reads.read(made[0], two), reads.read(made[1], two)]);
    assert.deepEqual([one.sent, two.sent], [1, 1]);
    assert.deepEqual(
      texts.map((t) => JSON.parse(t) as unknown),
      [{ n: 0 }, { n: 0 }, { n: 1 }],
    );
    assert.equal(reads.known(made[0]), texts[0]);
    await reads.read(made[0]);
    assert.deepEqual(world.paths(mark), [
      `GET /v3/c/${collectionId}/bins`,
      `GET /v3/c/${collectionId}/bins/${first[9].id}`,
      `GET /v3/b/${made[0]}/latest`,
      `GET /v3/b/${made[1]}/latest`,
    ]);
  });

  it('hands each page over as it arrives; a listing left before its end is listed again by the next', async () => {
    const { f } = world;
    const mark = f.service.log.length;
    const pages = reads.pages(collectionId);
    const first = await pages.next();
    assert.equal(first.done, false);
    assert.equal(first.value.length, 10);
    assert.equal(world.paths(mark).length, 1, 'the first page before the second is asked for');
    await pages.return(undefined);
    const again = new RequestScope();
    await reads.listing(collectionId, again);
    assert.equal(again.sent, 2);
    assert.equal(world.paths(mark).length, 3);
    const listed = new RequestScope();
    await reads.listing(collectionId, listed);
    assert.equal(listed.sent, 0);
  });

  it('reads a bin again after the store saved it, and lists again after a bin was created', async () => {
    const { f, a } = world;
    await reads.listing(collectionId);
    await reads.read(made[0]);
    // A tab opened after the table's read: the store serves it the same fetch.
    const mark0 = f.service.log.length;
    await a.bins.read({ kind: 'bin', id: made[0] }, 'doc');
    assert.equal(world.paths(mark0).length, 0);
    await a.writes.save({ kind: 'bin', id: made[0] }, new TextEncoder().encode('{"n": 100}'), 'doc');
    assert.equal(reads.known(made[0]), undefined);
    const mark = f.service.log.length;
    assert.deepEqual(JSON.parse(await reads.read(made[0])), { n: 100 });
    assert.equal(world.paths(mark).length, 1);
    await a.writes.create(await a.writes.prepare({ n: 12 }, { collectionId }));
    const again = new RequestScope();
    assert.equal((await reads.listing(collectionId, again)).length, 13);
    assert.equal(again.sent, 2);
  });
});
