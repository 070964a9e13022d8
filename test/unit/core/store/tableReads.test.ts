import * as assert from 'node:assert/strict';
import { RequestScope } from '../../../../src/core/api';
import { TableReads } from '../../../../src/core/store/tableReads';
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

  it('knows what the store saved or updated; follows a bin created, renamed, deleted with no request', async () => {
    const { f, a } = world;
    await reads.listing(collectionId);
    await reads.read(made[0]);
    // A tab opened after the table's read: the store serves it the same fetch.
    const mark0 = f.service.log.length;
    await a.bins.read({ kind: 'bin', id: made[0] }, 'doc');
    assert.equal(world.paths(mark0).length, 0);
    await a.writes.save({ kind: 'bin', id: made[0] }, new TextEncoder().encode('{"n": 100}'), 'doc');
    // What was saved is what the table shows next, with no read; so is what an update wrote (Change Bins, a push).
    const mark = f.service.log.length;
    assert.deepEqual(JSON.parse(await reads.read(made[0])), { n: 100 });
    const update = await a.writes.prepareUpdate({ id: made[3] }, '{"n": 300}', { n: 3 }, 'Not saved');
    await a.writes.update(update, false, () => []);
    assert.deepEqual(world.paths(mark), [`PUT /v3/b/${made[3]}`]);
    assert.deepEqual(JSON.parse(await reads.read(made[3])), { n: 300 });
    assert.deepEqual(world.paths(mark), [`PUT /v3/b/${made[3]}`]);
    const created = await a.writes.create(await a.writes.prepare({ n: 12 }, { name: 'twelve', collectionId }));
    const id = created.metadata.id;
    await a.writes.renameBin(made[1], 'renamed');
    await a.writes.deleteBin(made[2], () => []);
    // A bin created in another collection, or in none, is not one of this listing's.
    await a.writes.create(await a.writes.prepare({ n: 13 }, {}));
    const marked = f.service.log.length;
    const scope = new RequestScope();
    const again = await reads.listing(collectionId, scope);
    assert.equal(scope.sent, 0);
    // Newest first, as the service lists them: the new bin comes first, with the record it was created with.
    assert.deepEqual(
      again.map((b) => b.id),
      [id, ...[...made].reverse().filter((m) => m !== made[2])],
    );
    assert.deepEqual(again[0], { id, name: 'twelve', private: true, createdAt: created.metadata.createdAt });
    assert.equal(again.find((b) => b.id === made[1])?.name, 'renamed');
    assert.deepEqual(JSON.parse(await reads.read(id)), { n: 12 });
    assert.deepEqual(world.paths(marked), []);
    // What the service lists is what the listing followed.
    const listed = [...(await a.client.listBins(collectionId)), ...(await a.client.listBins(collectionId, made[3]))];
    assert.deepEqual(
      again.map((b) => b.id),
      listed.map((b) => b.id),
    );
  });
});
