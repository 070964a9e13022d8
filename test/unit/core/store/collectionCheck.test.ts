import * as assert from 'node:assert/strict';
import type { Json } from '../../../../src/core/api';
import { checkCollection } from '../../../../src/core/store/collectionCheck';
import { eachTestWithABin } from './accountBins';

const SCHEMA = { type: 'object', required: ['title'], properties: { title: { type: 'string' } } };

describe('Validate Collection', () => {
  const world = eachTestWithABin();
  let collectionId: string;
  /** Bins made in the collection, oldest first: every third lacks its title. */
  let made: string[];

  beforeEach(async () => {
    const { a } = world;
    collectionId = (await a.client.createCollection('checked')).id;
    const schemaDocId = (await a.client.createSchemaDoc('titled', SCHEMA)).metadata.id;
    made = [];
    for (let i = 0; i < 25; i++) {
      const record: Json = i % 3 === 0 ? { n: i } : { title: `t${i}` };
      made.push((await a.client.createBin({ record, collectionId, name: `bin ${i}` })).metadata.id);
    }
    // Attached afterwards: the service checked none of them.
    await a.client.attachSchemaDoc(collectionId, schemaDocId);
  });

  it('reads 25 bins in 3 pages and 25 reads, and places each failing bin’s problem in the text a tab would show', async () => {
    const { f, a } = world;
    const listed: number[] = [];
    const mark = f.service.log.length;
    const result = await checkCollection(a.client, a.schemaDocs, collectionId, { listed: async (bins, pages) => void listed.push(bins, pages) });
    const sent = world.paths(mark);
    // The collection list and the schema doc are read once for validation, then the listing and each bin.
    assert.deepEqual(sent.filter((p) => p.includes('/bins')).length, 3);
    assert.deepEqual(sent.filter((p) => p.startsWith('GET /v3/b/')).length, 25);
    assert.deepEqual(listed, [25, 3]);
    assert.equal(result.checked, 25);
    assert.equal(result.against, 'schema doc "titled"');
    assert.deepEqual(result.failing.map((b) => b.name).sort(), ['bin 0', 'bin 12', 'bin 15', 'bin 18', 'bin 21', 'bin 24', 'bin 3', 'bin 6', 'bin 9'].sort());
    const [first] = result.failing;
    assert.equal(first.text, JSON.stringify({ n: Number(first.name!.slice(4)) }, null, 2));
    assert.equal(first.problems[0].keyword, 'required');
    assert.equal(first.text.slice(first.problems[0].offset, first.problems[0].offset + first.problems[0].length), '{');
  });

  it('checks bins named by id, without a listing: one read each, a failing bin named from its answer', async () => {
    const { f, a } = world;
    const mark = f.service.log.length;
    const bins = [{ id: made[0] }, { id: made[1] }, { id: made[3], name: 'its row says' }];
    const result = await checkCollection(a.client, a.schemaDocs, collectionId, { listing: { bins, pages: 0 } });
    assert.deepEqual(
      world.paths(mark).filter((p) => p.includes('/b/') || p.includes('/bins')),
      bins.map((b) => `GET /v3/b/${b.id}/latest`),
    );
    assert.equal(result.checked, 3);
    assert.deepEqual(
      result.failing.map((b) => [b.id, b.name]),
      [
        [made[0], 'bin 0'],
        [made[3], 'its row says'],
      ],
    );
  });

  it("checks a bin's unsaved text without reading it, against a schema given instead", async () => {
    const { f, a } = world;
    const mark = f.service.log.length;
    const result = await checkCollection(a.client, a.schemaDocs, collectionId, {
      schema: { type: 'object', required: ['n'] },
      unsavedText: (id) => (id === made[1] ? '{"n": 1}' : undefined),
    });
    assert.ok(!world.paths(mark).some((p) => p.includes(made[1])), 'the bin with unsaved edits is not read');
    assert.equal(result.checked, 25);
    assert.equal(result.against, 'the schema given');
    // Every bin with a title lacks n, but the unsaved text has it.
    assert.equal(result.failing.length, 25 - 9 - 1);
    assert.ok(!result.failing.some((b) => b.id === made[1]));
  });

  it('refuses a schema given that is not a valid JSON Schema, before any request', async () => {
    const { f, a } = world;
    const mark = f.service.log.length;
    await assert.rejects(checkCollection(a.client, a.schemaDocs, collectionId, { schema: { type: 'no such type' } }), /not a valid JSON Schema/);
    assert.deepEqual(world.paths(mark), []);
  });

  it('stops before the next request when asked, keeping what it found', async () => {
    const { f, a } = world;
    let progressed = 0;
    const mark = f.service.log.length;
    const reads = () => f.service.requestsSince(mark).filter((r) => r.path.startsWith('/v3/b/')).length;
    const result = await checkCollection(a.client, a.schemaDocs, collectionId, { stopped: () => reads() >= 10, progress: () => progressed++ });
    assert.equal(result.stopped, true);
    assert.equal(reads(), 10);
    assert.equal(result.checked, 10);
    assert.equal(progressed, 10);
  });

  it('says which bins it could not read (deleted after the listing) and checks the rest', async () => {
    const { a } = world;
    const result = await checkCollection(a.client, a.schemaDocs, collectionId, { listed: async () => void (await a.client.deleteBin(made[20])) });
    assert.equal(result.checked, 24);
    assert.deepEqual(
      result.notRead.map((n) => n.id),
      [made[20]],
    );
    assert.match(result.notRead[0].reason, /not found/i);
  });

  it('says which answer it could not validate (no record in it) and checks the others of its batch', async () => {
    const { f, a } = world;
    f.service.fault({ method: 'GET', path: `/b/${made[24]}/latest`, body: { metadata: { id: made[24] } }, times: 1 });
    f.service.fault({ method: 'GET', path: `/b/${made[23]}/latest`, malformed: true, times: 1 });
    const result = await checkCollection(a.client, a.schemaDocs, collectionId);
    assert.equal(result.checked, 23);
    assert.deepEqual(result.notRead.map((n) => n.id).sort(), [made[23], made[24]].sort());
    assert.ok(
      result.notRead.some((n) => n.reason === 'Not validated: The service answered the read without a record'),
      JSON.stringify(result.notRead),
    );
    assert.equal(result.failing.length, 8, 'the 9 bins without a title but the unchecked one');
  });
});
