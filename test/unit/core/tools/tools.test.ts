/**
 * The tools' core (src/core/tools/) in plain Node, over a headless session against the local
 * service: what a front end's adapter hands to the model, with the requests the service logged.
 */
import * as assert from 'node:assert/strict';
import { openSession, type Session } from '../../../../src/core/session';
import { ListingPages } from '../../../../src/core/store/listingPages';
import { DEFAULT_TOOL_SETTINGS, type ToolParts } from '../../../../src/core/tools/ports';
import { runTool } from '../../../../src/core/tools/tools';
import { startFixture, type Fixture } from '../../../support/fixture';

describe("the agents' tools' core", () => {
  let f: Fixture;
  let session: Session;
  let parts: ToolParts;
  const paths = (mark: number) => f.service.requestsSince(mark).map((r) => `${r.method} ${r.path}`);

  beforeEach(async () => {
    f = await startFixture();
    session = openSession({ apiUrl: f.service.baseUrl, key: f.free.key, keyKind: 'master' });
    parts = {
      account: { id: '', keyKind: 'master' },
      client: session.client,
      hasKey: () => Promise.resolve(true),
      bins: session.bins,
      writes: session.writes,
      schemaDocs: session.schemaDocs,
      binCollections: session.binCollections,
      remembered: session.remembered,
      listings: new ListingPages(() => session.client),
      settings: DEFAULT_TOOL_SETTINGS,
    };
  });
  afterEach(async () => {
    await session.dispose();
    await f.close();
  });

  it('refuses a search over its cap before sending anything, saying how many it needs at least', async () => {
    const mark = f.service.log.length;
    assert.deepEqual(await runTool('jsonbin_findBins', parts, { query: 'x', maxRequests: 1 }), {
      refused: 'Not sent: this needs 2 requests, more than the cap of 1. Pass a higher maxRequests if the user agrees',
      wouldNeed: 2,
      cap: 1,
      requests: 0,
    });
    assert.deepEqual(paths(mark), []);
  });

  it("pages a collection's listing a request a page, and a page fetched costs nothing again", async () => {
    const collection = await f.client(f.free).createCollection('many');
    for (let i = 0; i < 12; i++) {
      await f.client(f.free).createBin({ record: { i }, collectionId: collection.id, name: `bin ${i}` });
    }
    const mark = f.service.log.length;
    const second = await runTool('jsonbin_listBins', parts, { collectionId: collection.id, page: 2 });
    assert.equal(second.requests, 2);
    assert.equal((second.bins as unknown[]).length, 2);
    assert.equal(second.more, false);
    assert.equal(paths(mark).length, 2);
    const first = await runTool('jsonbin_listBins', parts, { collectionId: collection.id });
    assert.equal(first.requests, 0);
    assert.equal((first.bins as unknown[]).length, 10);
  });

  it("summarises a record over the caller's token budget as its keys, never cut JSON", async () => {
    const id = (await f.client(f.free).createBin({ record: { title: 'long', modules: ['a', 'b'] } })).metadata.id;
    const answer = await runTool('jsonbin_readBin', parts, { binId: id }, { withinBudget: (compact) => Promise.resolve(compact.length < 10) });
    assert.equal(answer.summarised, true);
    assert.deepEqual(answer.keys, [
      { key: 'title', type: 'string', size: 6 },
      { key: 'modules', type: 'array', size: 9 },
    ]);
    assert.equal(answer.record, undefined);
    assert.equal(answer.requests, 1);
  });

  it('refuses input that is not right, naming it, with no request', async () => {
    assert.deepEqual(await runTool('jsonbin_readBin', parts, { binId: ' ' }), { refused: 'The input binId must be a text that is not blank', requests: 0 });
    assert.deepEqual(await runTool('jsonbin_updateBin', parts, { binId: 'x' }), { refused: 'Give either record or patch', requests: 0 });
  });
});
