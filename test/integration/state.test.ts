/** Programmatic calls never ask; what a command changes shows at once in tabs, titles, the view and cached metadata. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import type { Node } from '../../src/extension/features/tree/nodes';
import { binUriOf, closeAll, labelOf, replaceText, requestsDuring, run, setup, type World } from './support';

describe('programmatic calls and state after changes', () => {
  let w: World;
  const asked: string[] = [];
  before(async () => {
    w = await setup();
    // Any question asked during these tests is a failure of "programmatic calls never prompt".
    w.api.setPrompter({
      input: async (o) => (asked.push(o.prompt ?? 'input'), undefined),
      pick: async (_, o) => (asked.push(o.placeHolder ?? 'pick'), undefined),
      confirm: async (m) => (asked.push(m), false),
    });
  });
  afterEach(() => {
    assert.deepEqual(asked.splice(0), [], 'a programmatic call asked a question');
    return closeAll();
  });
  after(() => w.api.setPrompter(undefined));

  async function labelsUnder(parent: Node | undefined): Promise<string[]> {
    return Promise.all(((await w.api.tree.getChildren(parent)) ?? []).map(async (n) => labelOf(await w.api.tree.getTreeItem(n))));
  }

  /** The row labelled `label` under the `root`th root. */
  async function rowOf(root: number, label: string): Promise<Node> {
    const parent = ((await w.api.tree.getChildren()) ?? [])[root];
    for (const n of (await w.api.tree.getChildren(parent)) ?? []) {
      if (labelOf(await w.api.tree.getTreeItem(n)) === label) {
        return n;
      }
    }
    assert.fail(`no row ${label}`);
  }

  it('reject a missing required argument with a clear error, sending nothing', async () => {
    const requests = await requestsDuring(w.service, async () => {
      await assert.rejects(run(Command.renameBin, 'a1b2c3'), /jsonbin\.renameBin needs a name/);
      await assert.rejects(run(Command.setPrivacy, 'a1b2c3'), /jsonbin\.setPrivacy needs private: true or false/);
      await assert.rejects(run(Command.setVersioning, 'a1b2c3'), /jsonbin\.setVersioning needs enabled/);
      await assert.rejects(run(Command.createBin, undefined), /jsonbin\.createBin needs a record/);
      await assert.rejects(run(Command.openVersion, 'a1b2c3'), /jsonbin\.openVersion needs a version/);
      await assert.rejects(run(Command.attachSchemaDoc, 'c1'), /jsonbin\.attachSchemaDoc needs a schema doc id/);
      await assert.rejects(run(Command.setApiKey, undefined), /jsonbin\.setApiKey needs the key/);
    });
    assert.deepEqual(requests, []);
  });

  it('deleteVersions without options takes the documented default (preserveLatest false) without asking', async () => {
    const id = (await w.other.createBin({ record: { v: 0 }, private: false })).metadata.id;
    await w.other.updateBin(id, { v: 1 });
    const requests = await requestsDuring(w.service, async () => assert.deepEqual(await run(Command.deleteVersions, id), { versionsDeleted: 1 }));
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.path} ${r.headers['x-preserve-latest']}`),
      [`DELETE /v3/b/${id}/versions false`],
    );
    assert.deepEqual((await w.other.readBin(id)).record, { v: 0 });
  });

  it('deleteBin rejects with the service words for an unknown bin; addBin says what failed, not "open"', async () => {
    await assert.rejects(run(Command.deleteBin, '0123456789abcdef01234567'), /Bin not found or it doesn't belong to your account/);
    await assert.rejects(run(Command.addBin, '0123456789abcdef01234567'), (e: Error) => /Bin not found/.test(e.message) && !/Could not open/.test(e.message));
  });

  it('rename retitles an open tab with one request: the reopened tab is served from its own text', async () => {
    const id = (await w.other.createBin({ record: { r: 1 }, name: 'clean title' })).metadata.id;
    const document = await vscode.workspace.openTextDocument(binUriOf(await run(Command.openBin, id)));
    const requests = await requestsDuring(w.service, () => run(Command.renameBin, id, 'clean renamed'));
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.path}`),
      [`PUT /v3/b/${id}/meta/name`],
    );
    const active = vscode.window.activeTextEditor!.document;
    assert.ok(active.uri.path.endsWith(`/bin/${id}/clean renamed.json`), active.uri.path);
    assert.equal(active.getText(), document.getText());
    assert.ok(!active.isDirty);
  });

  it('rename retitles the open tab, unsaved edits carried over, and the row; the base of the edits is read again', async () => {
    const id = (await w.other.createBin({ record: { r: 1 }, name: 'old title' })).metadata.id;
    await run(Command.addBin, id);
    const document = await vscode.workspace.openTextDocument(binUriOf(await run(Command.openBin, id)));
    await replaceText(document, '{"r": "unsaved"}');
    const requests = await requestsDuring(w.service, () => run(Command.renameBin, id, 'new title'));
    // The extension keeps no copy of an open record: the text the edits were made on is fetched.
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.path}`),
      [`PUT /v3/b/${id}/meta/name`, `GET /v3/b/${id}/latest`],
    );
    const active = vscode.window.activeTextEditor!.document;
    assert.ok(active.uri.path.endsWith(`/bin/${id}/new title.json`), active.uri.path);
    assert.equal(active.getText(), '{"r": "unsaved"}');
    assert.ok(active.isDirty);
    const titles = vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => t.label);
    assert.ok(!titles.some((t) => t.startsWith('old title.json')), `old tab still open: ${titles.join(', ')}`);
    const [, uncategorized] = (await w.api.tree.getChildren()) ?? [];
    const labels = await Promise.all(((await w.api.tree.getChildren(uncategorized)) ?? []).map(async (n) => labelOf(await w.api.tree.getTreeItem(n))));
    assert.ok(labels.includes('new title'));
    assert.equal(await active.save(), true);
    assert.deepEqual((await w.other.readBin(id)).record, { r: 'unsaved' });
  });

  it('a created collection is listed without listing again', async () => {
    const [collections] = (await w.api.tree.getChildren()) ?? [];
    await labelsUnder(collections);
    const requests = await requestsDuring(w.service, async () => {
      await run(Command.createCollection, 'State created');
      assert.ok((await labelsUnder(collections)).includes('State created'));
    });
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.path}`),
      ['POST /v3/c'],
    );
  });

  it('privacy shows in the row at once, with no request beyond its own', async () => {
    const id = (await w.other.createBin({ record: { p: 1 }, name: 'privacy row' })).metadata.id;
    await run(Command.addBin, id);
    const privacyRow = async () => {
      const [, uncategorized] = (await w.api.tree.getChildren()) ?? [];
      for (const n of (await w.api.tree.getChildren(uncategorized)) ?? []) {
        const item = await w.api.tree.getTreeItem(n);
        if (labelOf(item) === 'privacy row') {
          return item;
        }
      }
      assert.fail('row missing');
    };
    assert.equal((await privacyRow()).description, undefined);
    const requests = await requestsDuring(w.service, async () => {
      await run(Command.setPrivacy, id, false);
      assert.equal((await privacyRow()).description, 'public');
    });
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.path}`),
      [`PUT /v3/b/${id}/meta/privacy`],
    );
  });

  it('delete shows the open tab as deleted and leaves the listing, with one request', async () => {
    const collectionId = (await w.other.createCollection('State deletes')).id;
    const id = (await w.other.createBin({ record: { d: 1 }, name: 'to delete', collectionId })).metadata.id;
    const document = await vscode.workspace.openTextDocument(binUriOf(await run(Command.openBin, id)));
    await run(Command.refresh);
    const collectionRow = await rowOf(0, 'State deletes');
    assert.ok((await labelsUnder(collectionRow)).includes('to delete'));
    const deleting = await requestsDuring(w.service, async () => {
      await run(Command.deleteBin, id);
      assert.ok(!(await labelsUnder(collectionRow)).includes('to delete'), 'the deleted bin is still listed');
      await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(document.uri)), (e: vscode.FileSystemError) => e.code === 'FileNotFound');
    });
    assert.deepEqual(
      deleting.map((r) => `${r.method} ${r.path}`),
      [`DELETE /v3/b/${id}`],
    );
    await replaceText(document, '{"d": 2}');
    assert.equal(await document.save(), false, 'a deleted bin cannot be saved');
    assert.ok(document.isDirty, 'the edit is kept');
  });
});
