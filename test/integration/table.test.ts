/**
 * A collection as a table: the rows in view read (once per session), counted from the local
 * service's log; validity and marked cells from the schema doc, its problems labelled as a tab's and
 * Validate Collection's; a tab's edit shown in the table as unsaved, in its row and its header; a
 * save through the write path (one PUT); JSONPath columns.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Json } from '../../src/core/api';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import type { TableShown } from '../../src/extension/features/table/tableCommands';
import { binUri } from '../../src/extension/fs/uris';
import { closeAll, idle, pathsOf, replaceText, requestsDuring, run, setup, until, type World } from './support';

const SCHEMA = {
  type: 'object',
  required: ['title', 'level'],
  properties: { title: { type: 'string' }, level: { enum: ['beginner', 'advanced'] }, objectives: { type: 'array', minItems: 1 }, hours: { type: 'number' } },
};

describe('a collection as a table', function () {
  this.timeout(60_000);
  let w: World;
  let made = 0;

  before(async () => {
    w = await setup();
    await run('workbench.action.closeSidebar');
  });
  afterEach(() => closeAll());

  /** A validated collection of `count` bins: every fourth lacks its level, every fifth has no objectives. */
  async function collection(count: number) {
    const name = `table ${++made}`;
    const created = await w.other.createCollection(name);
    const doc = await w.other.createSchemaDoc(`${name} modules`, SCHEMA);
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const record: { [key: string]: Json } = { title: `module ${i}`, objectives: i % 5 === 0 ? [] : ['a', 'b', 'c'], hours: i };
      if (i % 4 !== 0) {
        record.level = 'beginner';
      }
      ids.push((await w.other.createBin({ record, collectionId: created.id, name: `${name} b${i}` })).metadata.id);
    }
    // Attached after the bins were stored: the service checked none of them.
    await w.other.attachSchemaDoc(created.id, doc.metadata.id);
    return { id: created.id, ids, name, schemaDocId: doc.metadata.id };
  }

  const snapshot = (id: string) => run<TableShown>(Command.tableSnapshot, id);
  /** The table once the rows in view are read and shown. */
  const settled = (id: string) =>
    until(async () => {
      const s = await snapshot(id);
      const rows = new Map(s.rows.map((r) => [r.id, r]));
      return !s.reading && s.visible.length > 0 && s.visible.every((v) => rows.get(v)?.read) && s;
    }, 'the rows in view read');

  it('sends the listing pages and one read per row in view, nothing more; a second table of it sends nothing', async () => {
    const c = await collection(35);
    let id = '';
    const requests = await requestsDuring(w.service, async () => {
      id = await run<string>(Command.openTable, { collectionId: c.id });
      await settled(id);
    });
    const table = await settled(id);
    const paths = pathsOf(requests);
    assert.ok(table.visible.length > 0 && table.visible.length < 35, `${table.visible.length} rows in view`);
    // 35 bins, 10 a page: 4 pages.
    const listing = paths.filter((p) => p.startsWith(`GET /v3/c/${c.id}/bins`));
    assert.equal(listing.length, 4);
    const reads = paths.filter((p) => p.startsWith('GET /v3/b/'));
    assert.deepEqual([...reads].sort(), table.visible.map((v) => `GET /v3/b/${v}/latest`).sort());
    // The collections' listing and the schema doc, read once a session, as a tab's check reads them.
    assert.deepEqual(paths.filter((p) => !listing.includes(p) && !reads.includes(p)).sort(), ['GET /v3/c', `GET /v3/s/${c.schemaDocId}`].sort());
    // All of them the table's: its title's and checks' look-ups too.
    assert.equal(table.requests, requests.length);
    assert.equal(table.rows.filter((r) => r.read).length, table.visible.length);
    await closeAll();

    let second = '';
    const again = await requestsDuring(w.service, async () => settled((second = await run<string>(Command.openTable, { collectionId: c.id }))));
    assert.deepEqual(pathsOf(again), []);
    assert.equal((await snapshot(second)).requests, 0);
  });

  it('shows validity per row and marks the cell a problem points at, with its message; arrays summarized', async () => {
    const c = await collection(3);
    const id = await run<string>(Command.openTable, { collectionId: c.id });
    const table = await settled(id);
    assert.deepEqual(table.columns, ['title', 'level', 'objectives', 'hours']);
    const byName = new Map(table.rows.map((r) => [r.name, r]));
    const first = byName.get(`${c.name} b0`)!;
    assert.equal(first.valid, false);
    assert.deepEqual(Object.keys(first.problems).sort(), ['level', 'objectives']);
    assert.match(first.problems.level, /level/);
    assert.equal(first.cells.objectives, '0 items');
    const second = byName.get(`${c.name} b1`)!;
    assert.equal(second.valid, true);
    assert.deepEqual(second.cells, { title: 'module 1', level: 'beginner', objectives: '3 items', hours: '1' });
    // The failing bins' problems are in the Problems panel, though their tabs are closed, labelled by the schema doc as every check labels them.
    const uri = binUri(first.id, first.name);
    const sourcesOf = (path: string) => [...new Set(vscode.languages.getDiagnostics().flatMap(([u, d]) => (u.path === path ? d.map((p) => p.source) : [])))];
    const label = `JSONBin schema doc "${c.name} modules"`;
    await until(() => sourcesOf(uri.path).length > 0, 'the Problems panel');
    assert.deepEqual(sourcesOf(uri.path), [label], "the table's");
    // Validate Collection shows them again, with the same label; so does the bin's tab, checking itself.
    await run(Command.validateCollection, c.id);
    assert.deepEqual(sourcesOf(uri.path), [label], "Validate Collection's");
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    await idle();
    assert.deepEqual(sourcesOf(uri.path), [label], "the tab's");
  });

  it("follows the bin's tab: an edit there shows in the table as unsaved, and its save sends one PUT", async () => {
    const c = await collection(2);
    const id = await run<string>(Command.openTable, { collectionId: c.id, paths: ['$.objectives.length'] });
    const table = await settled(id);
    assert.deepEqual(table.columns, ['title', 'level', 'objectives', 'hours', '$.objectives.length']);
    const row = table.rows.find((r) => r.name === `${c.name} b1`)!;
    assert.equal(row.cells['$.objectives.length'], '3');
    const document = await vscode.workspace.openTextDocument(binUri(row.id, row.name));
    const edited = { title: 'edited', level: 'advanced', objectives: ['a'], hours: 2 };
    await replaceText(document, JSON.stringify(edited, null, 2));
    const shown = await until(async () => {
      const s = await snapshot(id);
      const r = s.rows.find((r) => r.id === row.id)!;
      return r.unsaved && r.cells.title === 'edited' && { row: r, status: s.status };
    }, 'the edit in the table');
    assert.equal(shown.row.cells['$.objectives.length'], '1');
    assert.equal(shown.status.unsaved, 'Unsaved edits in 1 bin, kept in its tab', "the header's count");
    const requests = await requestsDuring(w.service, () => document.save());
    assert.deepEqual(
      pathsOf(requests).filter((p) => p.startsWith('PUT')),
      [`PUT /v3/b/${row.id}`],
    );
    const saved = await until(async () => {
      const s = await snapshot(id);
      return !s.rows.find((r) => r.id === row.id)!.unsaved && s;
    }, 'the row saved');
    assert.equal(saved.status.unsaved, '', 'no count once saved');
    assert.deepEqual((await w.other.readBin(row.id)).record, edited);
  });
});
