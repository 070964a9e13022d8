/**
 * Every write that carries a record goes through the one write path: save, create, upload, copy
 * by drop and restore refuse the same invalid record for the same reason, and send no write.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import type { Uploaded } from '../../src/extension/features/transfer/uploadBins';
import type { Node } from '../../src/extension/features/tree/nodes';
import { binUri } from '../../src/extension/fs/uris';
import { closeAll, labelOf, pathsOf, requestsDuring, run, setup, type World } from './support';

describe('one write path', function () {
  this.timeout(60_000);
  let w: World;
  const INVALID = '{"x": 1}';
  const token = new vscode.CancellationTokenSource().token;
  let collection: { id: string; name: string };

  before(async () => {
    w = await setup();
    w.api.setPrompter({
      input: async (options) => assert.fail(`unexpected question: ${options.prompt}`),
      pick: async (_, options) => assert.fail(`unexpected pick: ${options.placeHolder}`),
      confirm: async () => true,
      progress: (_, work) => work({ report: () => undefined }, new vscode.CancellationTokenSource().token),
    });
    await run('workbench.action.closeSidebar');
  });
  after(async () => {
    w.api.setPrompter(undefined);
    await closeAll();
  });

  it('refuses one invalid record on save, create, upload, drop and restore, for one reason, sending no write', async () => {
    const name = `One path ${Date.now()}`;
    const created = await w.other.createCollection(name);
    collection = { id: created.id, name };
    // Bins stored before the collection had its schema doc: their versions are invalid now (a public bin keeps versions on the free plan).
    const saved = (await w.other.createBin({ record: { a: 1 }, name: 'to save', collectionId: collection.id })).metadata.id;
    const restored = (await w.other.createBin({ record: { x: 1 }, name: 'to restore', collectionId: collection.id, private: false })).metadata.id;
    await w.other.updateBin(restored, { x: 2 });
    await w.other.updateBin(restored, { a: 1 });
    const source = await w.other.createCollection(`${name} source`);
    const copied = (await w.other.createBin({ record: { x: 1 }, name: 'to copy', collectionId: source.id })).metadata.id;
    const doc = await w.other.createSchemaDoc(`one path ${Date.now()}`, { type: 'object', required: ['a'] });
    await w.other.attachSchemaDoc(collection.id, doc.metadata.id);
    await run(Command.refresh);
    const uri = binUri(saved, 'to save');
    await vscode.window.showTextDocument(uri);
    // The collection list and the schema doc are read once a session: read them before counting.
    await run(Command.uploadAsBin, [file('warm.json', '[]')], { collectionId: collection.id });

    const reasons: string[] = [];
    const refusedWith = (doing: string) => (error: unknown) => {
      const message = (error as Error).message;
      assert.ok(message.startsWith(`${doing}: `), message);
      reasons.push(message.slice(doing.length + 2));
      return true;
    };
    const writes = await requestsDuring(w.service, async () => {
      // A save's refusal is VS Code's one notification: it ends with a link to the Problems view.
      const link = '. [Show Problems](command:workbench.actions.view.problems)';
      await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(uri, Buffer.from(INVALID))), (error: Error) => {
        assert.ok(error.message.endsWith(link), error.message);
        return refusedWith('Not saved')(new Error(error.message.slice(0, -link.length)));
      });
      await assert.rejects(run(Command.createBin, { record: JSON.parse(INVALID) as object, collectionId: collection.id }), refusedWith('Not created'));
      const uploaded = await run<Uploaded>(Command.uploadAsBin, [file('invalid.json', INVALID)], { collectionId: collection.id });
      assert.deepEqual(uploaded.created, []);
      reasons.push(uploaded.refused[0].reason);
      await assert.rejects(run(Command.restoreVersion, restored, 1), refusedWith('Not restored'));
    });
    // A restore reads the version it restores; nothing else is sent.
    assert.deepEqual(pathsOf(writes), [`GET /v3/b/${restored}/1`]);
    assert.equal(new Set(reasons).size, 1, reasons.join(' | '));
    assert.match(reasons[0], new RegExp(`^1 schema problem against schema doc "one path \\d+": Missing property "a"`));

    // A copy by drop reads the bin it copies, then refuses it the same way: no create.
    const [collections] = (await w.api.tree.getChildren(undefined)) ?? [];
    const outside = await rowLabelled(await rowLabelled(collections, `${name} source`), 'to copy');
    const target = await rowLabelled(collections, name);
    const transfer = new vscode.DataTransfer();
    await w.api.dragAndDrop.handleDrag!([outside], transfer, token);
    const dropped = await requestsDuring(w.service, async () => {
      await w.api.dragAndDrop.handleDrop!(target, transfer, token);
    });
    assert.deepEqual(pathsOf(dropped), [`GET /v3/b/${copied}/latest`]);
  });

  let folder: string | undefined;
  function file(name: string, content: string): vscode.Uri {
    folder ??= mkdtempSync(join(tmpdir(), 'jsonbin-writes-'));
    writeFileSync(join(folder, name), content);
    return vscode.Uri.file(join(folder, name));
  }

  async function rowLabelled(parent: Node, label: string): Promise<Node> {
    for (const node of (await w.api.tree.getChildren(parent)) ?? []) {
      if (labelOf(await w.api.tree.getTreeItem(node)) === label) {
        return node;
      }
    }
    return assert.fail(`no row ${label} under ${labelOf(await w.api.tree.getTreeItem(parent))}`);
  }
});
