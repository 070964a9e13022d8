/**
 * The bins in the web worker host: the tree, open and save with their request counts, a conflict,
 * create, delete and versions, each as the Node host's suite checks them.
 */
import * as vscode from 'vscode';
import { assert } from 'chai';
import { BinClient } from '../../src/core/api';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { closeAll, fault, openBin, pathsOf, replaceText, requestsDuring, run, setup, until, type World } from './world';

type Provider = vscode.TreeDataProvider<unknown>;

async function labelled(tree: Provider, nodes: unknown[], label: string): Promise<unknown> {
  for (const node of nodes) {
    if ((await tree.getTreeItem(node)).label === label) {
      return node;
    }
  }
  return assert.fail(`no row labelled ${label}`);
}

describe('bins in the web worker host', () => {
  let w: World;
  before(async () => (w = await setup()));
  afterEach(async () => {
    w.api.setConflictPrompt(undefined);
    await w.control('/faults/clear', {});
    await closeAll();
  });

  it('lists a collection and its bins, one request per expanded row', async () => {
    const collectionId = (await w.other.createCollection('Web collection')).id;
    await w.other.createBin({ record: { i: 1 }, name: 'web bin', collectionId });
    await run(Command.refresh);
    const tree = w.api.tree as Provider;
    const [collectionsRow] = (await tree.getChildren()) ?? [];
    let collections: unknown[] = [];
    assert.deepEqual(pathsOf(await requestsDuring(w, async () => (collections = (await tree.getChildren(collectionsRow)) ?? []))), ['GET /v3/c']);
    const collection = await labelled(tree, collections, 'Web collection');
    let rows: unknown[] = [];
    assert.deepEqual(pathsOf(await requestsDuring(w, async () => (rows = (await tree.getChildren(collection)) ?? []))), [`GET /v3/c/${collectionId}/bins`]);
    await labelled(tree, rows, 'web bin');
  });

  it('opens a bin with one read and saves the text as written with one read and one PUT', async () => {
    const id = (await w.other.createBin({ record: { greeting: 'hello' }, name: 'Greeting' })).metadata.id;
    let document!: vscode.TextDocument;
    assert.deepEqual(pathsOf(await requestsDuring(w, async () => (document = await openBin(id)))), [`GET /v3/b/${id}/latest`]);
    assert.strictEqual(document.getText(), JSON.stringify({ greeting: 'hello' }, null, 2));
    const written = '{\n  "greeting": "héllo ✓",\n  "count": 3\n}';
    await replaceText(document, written);
    let saved = false;
    const requests = await requestsDuring(w, async () => (saved = await document.save()));
    assert.isTrue(saved);
    assert.deepEqual(
      requests.map((r) => r.method),
      ['GET', 'PUT'],
    );
    assert.strictEqual(requests[1].body, written, 'the bytes as written');
    assert.isFalse(document.isDirty);
  });

  it('keeps the edits of a save the service refused, unsaved, and sends them on the next save', async () => {
    const id = (await w.other.createBin({ record: { greeting: 'hello' } })).metadata.id;
    const document = await openBin(id);
    await replaceText(document, '{"greeting": "kept"}');
    await fault(w, { method: 'PUT', times: 1, status: 500, message: 'Injected outage' });
    assert.isFalse(await document.save());
    assert.isTrue(document.isDirty);
    assert.strictEqual(document.getText(), '{"greeting": "kept"}');
    const again = await requestsDuring(w, async () => assert.isTrue(await document.save()));
    assert.strictEqual(again.find((r) => r.method === 'PUT')?.body, '{"greeting": "kept"}');
    assert.deepEqual((await w.other.readBin(id)).record, { greeting: 'kept' });
  });

  it('keeps a save answered 200 with a body cut short unsaved, says it may have been stored, and sends no PUT on the next save', async () => {
    const id = (await w.other.createBin({ record: { greeting: 'hello' } })).metadata.id;
    const document = await openBin(id);
    await replaceText(document, '{"greeting": "maybe"}');
    await fault(w, { method: 'PUT', times: 1, unreadable: 'cutShort' });
    assert.isFalse(await document.save());
    assert.isTrue(document.isDirty);
    assert.strictEqual(document.getText(), '{"greeting": "maybe"}');
    assert.deepEqual((await w.other.readBin(id)).record, { greeting: 'maybe' }, 'the service stored it');
    await fault(w, { method: 'PUT', times: 1, unreadable: 'cutShort' });
    await replaceText(document, '{"greeting": "maybe not"}');
    // The service holds what this tab sent: not someone else's change, nothing to ask.
    w.api.setConflictPrompt(async () => assert.fail('asked about a conflict with the text this tab sent'));
    let reason = '';
    await Promise.resolve(vscode.workspace.fs.writeFile(document.uri, new TextEncoder().encode('{"greeting": "maybe not"}'))).catch(
      (e: Error) => (reason = e.message),
    );
    assert.match(
      reason,
      /The service answered 200, but its answer could not be read \(.*\)\. The change may have been stored: refresh to see before trying again/,
    );
    const again = await requestsDuring(w, async () => assert.isTrue(await document.save()));
    assert.deepEqual(
      again.map((r) => r.method),
      ['GET'],
    );
  });

  it('asks before overwriting what someone else saved, and Cancel sends nothing and keeps the edit', async () => {
    const id = (await w.other.createBin({ record: { greeting: 'hello' } })).metadata.id;
    const document = await openBin(id);
    await w.other.updateBin(id, { greeting: 'someone else' });
    await replaceText(document, '{"greeting": "mine"}');
    const asked: string[] = [];
    w.api.setConflictPrompt(async (uri) => {
      asked.push(uri.toString());
      return 'cancel';
    });
    let saved = true;
    const requests = await requestsDuring(w, async () => (saved = await document.save()));
    assert.isFalse(saved);
    assert.deepEqual(
      requests.map((r) => r.method),
      ['GET'],
    );
    assert.deepEqual(asked, [document.uri.toString()]);
    assert.isTrue(document.isDirty);
    assert.strictEqual(document.getText(), '{"greeting": "mine"}');
    assert.deepEqual((await w.other.readBin(id)).record, { greeting: 'someone else' });
  });

  it('creates a bin with one POST and deletes it with one DELETE', async () => {
    let created!: { id: string };
    const creating = await requestsDuring(
      w,
      async () => (created = await run<{ id: string }>(Command.createBin, { record: { made: 'in a browser' }, name: 'web made' })),
    );
    assert.deepEqual(pathsOf(creating), ['POST /v3/b']);
    assert.deepEqual((await w.other.readBin(created.id)).record, { made: 'in a browser' });
    const deleting = await requestsDuring(w, () => run(Command.deleteBin, created.id));
    assert.deepEqual(pathsOf(deleting), [`DELETE /v3/b/${created.id}`]);
    try {
      await w.other.readBin(created.id);
      assert.fail('the bin is still there');
    } catch (error) {
      assert.match((error as Error).message, /Bin not found/);
    }
  });

  it('changes two bins with one JSON Patch: a read each, and one PUT for the one it applies to', async () => {
    const a = (await w.other.createBin({ record: { title: 'a' }, name: 'web change a' })).metadata.id;
    const b = (await w.other.createBin({ record: { title: 'b' }, name: 'web change b' })).metadata.id;
    const patch = [
      { op: 'test', path: '/title', value: 'a' },
      { op: 'add', path: '/level', value: 2 },
    ];
    let result!: { changed: { id: string }[]; notApplicable: { id: string }[]; requests: number };
    const changing = await requestsDuring(w, async () => (result = await run(Command.changeBins, { binIds: [a, b] }, { patch }, { apply: true })));
    assert.deepEqual(pathsOf(changing), [`GET /v3/b/${a}/latest`, `GET /v3/b/${b}/latest`, `PUT /v3/b/${a}`]);
    assert.strictEqual(result.requests, 3);
    assert.deepEqual(
      result.changed.map((c) => c.id),
      [a],
    );
    assert.deepEqual(
      result.notApplicable.map((c) => c.id),
      [b],
    );
    assert.deepEqual((await w.other.readBin(a)).record, { title: 'a', level: 2 });
  });

  it('says what a preview sent: 3 bins of a collection with a schema doc, read, and the schema doc looked up for the checks (4)', async () => {
    const collection = await w.other.createCollection('web counted');
    const doc = await w.other.createSchemaDoc('web counted', { type: 'object', properties: { count: { type: 'integer' } } });
    await w.other.attachSchemaDoc(collection.id, doc.metadata.id);
    const ids: string[] = [];
    for (let count = 0; count < 3; count++) {
      ids.push((await w.other.createBin({ record: { count }, collectionId: collection.id })).metadata.id);
    }
    // The collections are listed (the view, when shown, lists them), their schema docs not read yet.
    await run(Command.refresh);
    const [collections] = (await w.api.tree.getChildren()) ?? [];
    await w.api.tree.getChildren(collections);
    await w.api.whenIdle();
    let result!: { changed: { id: string }[]; requests: number };
    const previewing = await requestsDuring(
      w,
      async () => (result = await run(Command.changeBins, { binIds: ids }, { patch: [{ op: 'replace', path: '/count', value: 9 }] })),
    );
    assert.deepEqual(pathsOf(previewing).sort(), [...ids.map((id) => `GET /v3/b/${id}/latest`), `GET /v3/s/${doc.metadata.id}`].sort());
    assert.strictEqual(result.requests, 4);
    assert.deepEqual(
      result.changed.map((c) => c.id),
      ids,
    );
  });

  it('opens an earlier version and deletes the versions, keeping the latest (paid plan)', async () => {
    await run(Command.setApiKey, w.paidKey);
    const paid = new BinClient({ baseUrl: w.baseUrl, key: () => w.paidKey });
    try {
      const id = (await paid.createBin({ record: { n: 0 } })).metadata.id;
      await paid.updateBin(id, { n: 1 }, { versioning: true });
      await paid.updateBin(id, { n: 2 });
      const uri = await run<vscode.Uri | { uri: vscode.Uri }>(Command.openVersion, id, 1);
      const document = await vscode.workspace.openTextDocument(uri instanceof vscode.Uri ? uri : uri.uri);
      await until(() => document.getText().includes('"n"') || undefined, 'the version in its tab');
      assert.deepEqual(JSON.parse(document.getText()), { n: 1 });
      const { versionCount: count } = await paid.versionCount(id);
      assert.isAbove(count, 0);
      const { versionsDeleted } = await run<{ versionsDeleted: number }>(Command.deleteVersions, id, { preserveLatest: true });
      assert.strictEqual(versionsDeleted, count);
      assert.deepEqual((await paid.readBin(id)).record, { n: 2 });
    } finally {
      await run(Command.setApiKey, w.key);
    }
  });
});
