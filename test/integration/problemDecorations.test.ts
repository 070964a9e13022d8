/** A bin row shows its schema problem count, as the Explorer does a file's: after Validate Collection, and gone once the bin is saved valid. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { binUri } from '../../src/extension/fs/uris';
import type { Node } from '../../src/extension/features/tree/nodes';
import { closeAll, labelOf, replaceText, run, setup, until, type World } from './support';

describe('problem counts on bin rows', function () {
  this.timeout(60_000);
  let w: World;
  let collectionId: string;
  const failing = { id: '', name: 'decorated failing' };
  const clean = { id: '', name: 'decorated clean' };

  before(async () => {
    w = await setup();
    collectionId = (await w.other.createCollection('decorated')).id;
    failing.id = (await w.other.createBin({ record: { n: 1 }, collectionId, name: failing.name })).metadata.id;
    clean.id = (await w.other.createBin({ record: { title: 'here' }, collectionId, name: clean.name })).metadata.id;
    // Attached after the bins were stored: the service checked neither.
    const schemaDocId = (await w.other.createSchemaDoc('decorated needs a title', { type: 'object', required: ['title'] })).metadata.id;
    await w.other.attachSchemaDoc(collectionId, schemaDocId);
    await run(Command.refresh);
  });
  after(async () => {
    await closeAll();
    // A save's own change event schedules one more check: it ends here, not in the next file's counts.
    await w.api.whenIdle();
  });

  async function rowOf(name: string): Promise<vscode.TreeItem> {
    const children = async (node?: Node) => (await w.api.tree.getChildren(node)) ?? [];
    const [collections] = await children();
    for (const collection of await children(collections)) {
      if (labelOf(await w.api.tree.getTreeItem(collection)) === 'decorated') {
        for (const row of await children(collection)) {
          const item = await w.api.tree.getTreeItem(row);
          if (labelOf(item) === name) {
            return item;
          }
        }
      }
    }
    assert.fail(`no row ${name}`);
  }
  const decorationOf = async (uri: vscode.Uri) =>
    (await w.api.problemDecorations.provideFileDecoration(uri, new vscode.CancellationTokenSource().token)) ?? undefined;

  it("decorates a failing bin's row with its problem count after Validate Collection, and clears it once the bin is saved valid", async () => {
    const row = await rowOf(failing.name);
    // The row keeps its words and icon; its URI is the bin's tab's, so VS Code asks about it.
    assert.equal(row.resourceUri?.toString(), binUri(failing.id, failing.name).toString());
    assert.equal(labelOf(row), failing.name);
    assert.equal(row.description, undefined, 'private, the rule, is not written on the row');
    assert.equal((row.iconPath as vscode.ThemeIcon).id, 'lock');
    const uri = row.resourceUri;
    const cleanUri = (await rowOf(clean.name)).resourceUri!;
    assert.equal(await decorationOf(uri), undefined, 'nothing validated yet');

    // VS Code asks again for the URIs the provider names when they change.
    const redrawn = new Set<string>();
    const listening = w.api.problemDecorations.onDidChangeFileDecorations!((uris) => [uris ?? []].flat().forEach((u) => redrawn.add(u.toString())));
    try {
      await run(Command.validateCollection, collectionId);
      await until(() => redrawn.has(uri.toString()) || undefined, 'the failing row to be redrawn');
      // The row's URI has the problem: VS Code's own decoration shows its count, and this one does not repeat it.
      assert.equal(vscode.languages.getDiagnostics(uri).length, 1);
      assert.equal(await decorationOf(uri), undefined, 'no second badge beside VS Code’s');
      // The same bin under another title (a tab opened before a rename) has no problem of its own: this one shows it.
      const decoration = await decorationOf(binUri(failing.id, `${failing.name} before`));
      assert.equal(decoration?.badge, '1');
      assert.equal(decoration?.tooltip, '1 schema problem');
      assert.equal(decoration?.color?.id, 'list.errorForeground');
      // With VS Code's own problem decorations turned off, the row's URI gets the badge from here.
      await vscode.workspace.getConfiguration('problems').update('decorations.enabled', false, vscode.ConfigurationTarget.Global);
      try {
        assert.equal((await decorationOf(uri))?.badge, '1');
      } finally {
        await vscode.workspace.getConfiguration('problems').update('decorations.enabled', undefined, vscode.ConfigurationTarget.Global);
      }
      assert.equal(await decorationOf(cleanUri), undefined, 'a valid bin has no badge');

      // Fixed in its tab and saved: the row is clean.
      redrawn.clear();
      const document = await vscode.workspace.openTextDocument(uri);
      await replaceText(document, '{ "title": "fixed" }');
      assert.ok(await document.save(), 'saved');
      await until(async () => (redrawn.has(uri.toString()) && (await decorationOf(uri)) === undefined) || undefined, 'the fixed row to be clean');
      assert.deepEqual((await w.other.readBin(failing.id)).record, { title: 'fixed' });
      await closeAll();
      assert.equal(await decorationOf(uri), undefined, 'still clean with its tab closed');
    } finally {
      listening.dispose();
    }
  });
});
