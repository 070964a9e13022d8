/** Renaming collections and schema docs: the fewest requests, the view and open tabs follow without listing again. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { parseUri, schemaDocUri } from '../../src/extension/fs/uris';
import type { Node } from '../../src/extension/features/tree/nodes';
import { closeAll, config, labelOf, pathsOf, replaceText, requestsDuring, run, setup, type World } from './support';

describe('renaming collections and schema docs', function () {
  this.timeout(30_000);
  let w: World;
  let made = 0;
  before(async () => (w = await setup()));
  afterEach(async () => {
    await config().update('conflictCheck', undefined, vscode.ConfigurationTarget.Global);
    await closeAll();
  });

  const rows = async (parent?: Node) => (await w.api.tree.getChildren(parent)) ?? [];
  async function rowNamed(parent: Node, label: string): Promise<Node | undefined> {
    for (const node of await rows(parent)) {
      if (labelOf(await w.api.tree.getTreeItem(node)) === label) {
        return node;
      }
    }
    return undefined;
  }
  const schemaDocTabs = (id: string) =>
    vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .map((t) => (t.input instanceof vscode.TabInputText ? t.input.uri : undefined))
      .filter((uri): uri is vscode.Uri => uri !== undefined && parseUri(uri)?.kind === 'schema' && parseUri(uri)?.id === id);

  it('renames a collection with one PUT; the view shows the new name without listing again', async () => {
    const id = (await w.other.createCollection(`to rename ${++made}`)).id;
    await run(Command.refresh);
    const [collections] = await rows();
    assert.ok(await rowNamed(collections, `to rename ${made}`));
    const requests = await requestsDuring(w.service, async () => {
      await run(Command.renameCollection, id, `renamed ${made}`);
      assert.ok(await rowNamed(collections, `renamed ${made}`), 'the view shows the new name');
      assert.equal(await rowNamed(collections, `to rename ${made}`), undefined);
    });
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.path} ${r.headers['x-collection-name']}`),
      [`PUT /v3/c/${id}/meta/name renamed ${made}`],
    );
    assert.equal((await w.other.listCollections()).find((c) => c.id === id)?.name, `renamed ${made}`);
  });

  it('refuses a collection name the service would refuse, and missing arguments, before any request', async () => {
    const id = (await w.other.createCollection(`kept ${++made}`)).id;
    const requests = await requestsDuring(w.service, async () => {
      await assert.rejects(run(Command.renameCollection, id, 'x'.repeat(33)), /cannot be over 32 characters/);
      await assert.rejects(run(Command.renameCollection, id), /jsonbin\.renameCollection needs a name/);
      await assert.rejects(run(Command.renameSchemaDoc, id), /jsonbin\.renameSchemaDoc needs a name/);
      await assert.rejects(run(Command.renameSchemaDoc, id, 'Σχήμα'), /Latin-1/);
    });
    assert.deepEqual(requests, []);
  });

  it('renames a schema doc by sending its record back unchanged; its tab is retitled and its row shows the name', async () => {
    const schema = { type: 'object', required: ['title'] };
    const doc = await w.other.createSchemaDoc(`schema ${++made}`, schema);
    const id = doc.metadata.id;
    const collectionId = (await w.other.createCollection(`with schema ${made}`)).id;
    await w.other.attachSchemaDoc(collectionId, id);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(schemaDocUri(id, `schema ${made}`)));
    await run(Command.refresh);
    const [collections] = await rows();
    const collection = (await rowNamed(collections, `with schema ${made}`))!;
    const requests = await requestsDuring(w.service, () => run(Command.renameSchemaDoc, id, `renamed schema ${made}`));
    assert.deepEqual(pathsOf(requests), [`GET /v3/s/${id}`, `PUT /v3/s/${id}`]);
    assert.equal(requests[1].headers['x-schema-doc-name'], `renamed schema ${made}`);
    assert.equal(requests[1].body, JSON.stringify(schema));
    assert.deepEqual(
      schemaDocTabs(id).map((uri) => uri.path),
      [schemaDocUri(id, `renamed schema ${made}`).path],
    );
    const shown = await requestsDuring(w.service, async () => {
      const [schemaDocRow] = await rows(collection);
      assert.equal((await w.api.tree.getTreeItem(schemaDocRow)).description, `renamed schema ${made}`);
    });
    assert.deepEqual(pathsOf(shown), [`GET /v3/c/${collectionId}/bins`], "only the collection's bins, listed for the first time");
    const service = await w.other.readSchemaDoc(id);
    assert.deepEqual([service.metadata.name, service.record], [`renamed schema ${made}`, schema]);
  });

  it("carries a schema doc tab's unsaved edits to its new title, reading nothing more", async () => {
    const id = (await w.other.createSchemaDoc(`edited ${++made}`, { type: 'object' })).metadata.id;
    const document = await vscode.workspace.openTextDocument(schemaDocUri(id, `edited ${made}`));
    await replaceText(document, '{"type": "array"}');
    const requests = await requestsDuring(w.service, () => run(Command.renameSchemaDoc, id, `edited renamed ${made}`));
    assert.deepEqual(pathsOf(requests), [`GET /v3/s/${id}`, `PUT /v3/s/${id}`]);
    assert.deepEqual((await w.other.readSchemaDoc(id)).record, { type: 'object' }, 'the unsaved edit was not sent');
    const [renamed] = schemaDocTabs(id);
    assert.equal(renamed.path, schemaDocUri(id, `edited renamed ${made}`).path);
    const carried = vscode.workspace.textDocuments.find((d) => d.uri.toString() === renamed.toString())!;
    assert.ok(carried.isDirty);
    assert.equal(carried.getText(), '{"type": "array"}');
    // Its base is the record the edits were made on: saving writes them without asking.
    const saved = await requestsDuring(w.service, async () => assert.equal(await carried.save(), true));
    assert.deepEqual(pathsOf(saved), [`GET /v3/s/${id}`, `PUT /v3/s/${id}`]);
    assert.deepEqual((await w.other.readSchemaDoc(id)).record, { type: 'array' });
  });

  it('with the conflict check off, a schema doc already read is renamed with one PUT', async () => {
    const id = (await w.other.createSchemaDoc(`unchecked ${++made}`, { type: 'object' })).metadata.id;
    await vscode.workspace.openTextDocument(schemaDocUri(id, `unchecked ${made}`));
    await config().update('conflictCheck', false, vscode.ConfigurationTarget.Global);
    const requests = await requestsDuring(w.service, () => run(Command.renameSchemaDoc, id, `unchecked renamed ${made}`));
    assert.deepEqual(pathsOf(requests), [`PUT /v3/s/${id}`]);
    assert.equal((await w.other.readSchemaDoc(id)).metadata.name, `unchecked renamed ${made}`);
  });
});
