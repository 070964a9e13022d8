import * as assert from 'node:assert/strict';
import { binSamples, collectionSamples } from '../../../../src/core/store/recordSamples';
import { eachTestWithABin } from './accountBins';

describe('the records a schema doc is drafted from', () => {
  const world = eachTestWithABin();
  let collectionId: string;
  let made: string[];

  beforeEach(async () => {
    const { a } = world;
    collectionId = (await a.client.createCollection('sampled')).id;
    made = [];
    for (let i = 0; i < 25; i++) {
      made.push((await a.client.createBin({ record: { n: i }, collectionId })).metadata.id);
    }
  });

  it("a collection's 25 bins: 3 listing pages and 25 reads, said before any read", async () => {
    const { f, a } = world;
    const mark = f.service.log.length;
    const listed: number[] = [];
    const samples = await collectionSamples(a.client, collectionId, {
      listed: async (bins, pages) => void listed.push(bins, pages, f.service.log.length - mark),
    });
    assert.deepEqual(listed, [25, 3, 3]);
    const sent = world.paths(mark);
    assert.equal(sent.length, 28);
    assert.equal(sent.filter((p) => p.startsWith(`GET /v3/c/${collectionId}/bins`)).length, 3);
    assert.equal(samples.records.length, 25);
    assert.deepEqual(new Set(samples.sampled), new Set(made));
    assert.deepEqual(samples.notRead, []);
  });

  it("takes a bin with unsaved edits from its tab's text, and says which could not be read", async () => {
    const { f, a } = world;
    const mark = f.service.log.length;
    const samples = await binSamples(a.client, [made[0], made[1], made[2], 'ffffffffffffffffffffffff'], {
      unsavedText: (id) => (id === made[0] ? '{"n": "edited"}' : id === made[1] ? '{"n": ' : undefined),
    });
    assert.deepEqual(world.paths(mark), [`GET /v3/b/${made[2]}/latest`, 'GET /v3/b/ffffffffffffffffffffffff/latest']);
    assert.deepEqual(samples.records, [{ n: 'edited' }, { n: 2 }]);
    assert.deepEqual(samples.sampled, [made[0], made[2]]);
    assert.deepEqual(
      samples.notRead.map((n) => n.id),
      [made[1], 'ffffffffffffffffffffffff'],
    );
    assert.match(samples.notRead[0].reason, /syntax errors/);
  });

  it('stops before the next read when told, keeping what was read', async () => {
    const { f, a } = world;
    const mark = f.service.log.length;
    let reads = 0;
    const samples = await binSamples(a.client, made, { stopped: () => reads >= 4, progress: () => reads++ });
    assert.equal(samples.stopped, true);
    assert.equal(samples.records.length, 4);
    assert.equal(world.paths(mark).length, 4);
  });

  it('reads nothing but its one page for an empty collection', async () => {
    const { f, a } = world;
    const empty = (await a.client.createCollection('empty')).id;
    const mark = f.service.log.length;
    const samples = await collectionSamples(a.client, empty);
    assert.deepEqual(world.paths(mark), [`GET /v3/c/${empty}/bins`]);
    assert.deepEqual(samples, { records: [], sampled: [], notRead: [], stopped: false });
  });
});
