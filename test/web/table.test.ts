/** A collection as a table in the web worker host: the rows in view read once a session, validity from the schema doc. */
import { assert } from 'chai';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import type { TableSnapshot } from '../../src/extension/features/table/tableSession';
import { closeAll, pathsOf, requestsDuring, run, setup, until, type World } from './world';

type Snapshot = TableSnapshot & { reading: boolean };

describe('a collection as a table in the web worker host', () => {
  let w: World;
  before(async () => (w = await setup()));
  afterEach(() => closeAll());

  const settled = (id: string) =>
    until(async () => {
      const s = await run<Snapshot>(Command.tableSnapshot, id);
      const read = new Set(s.rows.filter((r) => r.read).map((r) => r.id));
      return !s.reading && s.visible.length > 0 && s.visible.every((v) => read.has(v)) && s;
    }, 'the rows in view read');

  it('sends the listing pages and one read per row in view; a second table sends nothing', async () => {
    const collection = await w.other.createCollection('web table');
    const doc = await w.other.createSchemaDoc('web table titles', { type: 'object', required: ['title'] });
    for (let i = 0; i < 15; i++) {
      await w.other.createBin({ record: i === 14 ? { n: i } : { title: `t${i}`, n: i }, collectionId: collection.id, name: `web row ${i}` });
    }
    await w.other.attachSchemaDoc(collection.id, doc.metadata.id);
    let id = '';
    const requests = await requestsDuring(w, async () => settled((id = await run<string>(Command.openTable, { collectionId: collection.id }))));
    const table = await run<Snapshot>(Command.tableSnapshot, id);
    const paths = pathsOf(requests);
    const reads = paths.filter((p) => p.startsWith('GET /v3/b/'));
    assert.deepEqual([...reads].sort(), table.visible.map((v) => `GET /v3/b/${v}/latest`).sort());
    // 15 bins, 10 a page: 2 pages; the collections' listing and the schema doc, once a session.
    const listing = paths.filter((p) => p.startsWith(`GET /v3/c/${collection.id}/bins`));
    assert.strictEqual(listing.length, 2);
    assert.deepEqual(paths.filter((p) => !reads.includes(p) && !listing.includes(p)).sort(), ['GET /v3/c', `GET /v3/s/${doc.metadata.id}`]);
    // All of them the table's, as the transport counted them.
    assert.strictEqual(table.requests, requests.length);
    // Listed newest first: the bin without a title is the top row.
    const top = table.rows.find((r) => r.name === 'web row 14')!;
    assert.strictEqual(top.read, true);
    assert.strictEqual(top.valid, false);
    assert.hasAllKeys(top.problems, ['title']);
    await closeAll();
    let second = '';
    const again = await requestsDuring(w, async () => settled((second = await run<string>(Command.openTable, { collectionId: collection.id }))));
    assert.deepEqual(again, []);
    assert.strictEqual((await run<Snapshot>(Command.tableSnapshot, second)).requests, 0);
  });
});
