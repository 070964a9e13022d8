/**
 * A write the service did, answered 200 with a body cut short: the user is told it may have been
 * stored, the tab keeps its text and stays dirty, and nothing is sent again unless the user asks.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import type { Uploaded } from '../../src/extension/features/transfer/uploadBins';
import { binUriOf, closeAll, labelOf, prompter, replaceText, requestsDuring, run, setup, until, type World } from './support';

const MAY_HAVE_BEEN_STORED =
  /The service answered 200, but its answer could not be read \(the connection was dropped before it ended.*\)\. The change may have been stored: refresh to see before trying again/;

describe('a write answered 200 that nobody could read', function () {
  this.timeout(30_000);
  let w: World;
  before(async () => (w = await setup()));
  afterEach(async () => {
    w.service.clearFaults();
    w.api.setPrompter(undefined);
    w.api.setConflictPrompt(undefined);
    await closeAll();
  });

  async function openBin(record: object): Promise<{ id: string; document: vscode.TextDocument }> {
    const id = (await w.other.createBin({ record: record as never, name: 'unread answer' })).metadata.id;
    const document = await vscode.workspace.openTextDocument(binUriOf(await run(Command.openBin, id)));
    return { id, document };
  }

  it('keeps a saved tab dirty with its text, says the record may have been stored, and the next save sends no PUT', async () => {
    w.api.setConflictPrompt(async () => assert.fail('the service holds what the tab says: nothing to ask'));
    const { id, document } = await openBin({ v: 1 });
    const text = '{"v": 2}';
    await replaceText(document, text);
    w.service.fault({ method: 'PUT', path: `/b/${id}`, unreadable: 'cutShort', times: 1 });
    const first = await requestsDuring(w.service, async () => assert.equal(await document.save(), false));
    assert.deepEqual(first.filter((r) => r.method === 'PUT').length, 1, 'sent once');
    assert.ok(document.isDirty, 'not marked saved');
    assert.equal(document.getText(), text, 'the edit is kept');
    assert.deepEqual((await w.other.readBin(id)).record, { v: 2 }, 'the service did store it');

    // Saved again, the record the service holds is read: it is this text, so nothing is sent.
    const again = await requestsDuring(w.service, async () => assert.equal(await document.save(), true));
    assert.deepEqual(
      again.map((r) => r.method),
      ['GET'],
    );
    assert.ok(!document.isDirty);
  });

  it('says why a save was not confirmed: the service answered success, and to refresh before trying again', async () => {
    const { id, document } = await openBin({ v: 1 });
    w.service.fault({ method: 'PUT', path: `/b/${id}`, unreadable: 'cutShort', times: 1 });
    // Written through the file system, as a save is, to read the reason VS Code shows.
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(document.uri, Buffer.from('{"v": 3}'))), (error: Error) => {
      assert.match(error.message, MAY_HAVE_BEEN_STORED);
      assert.doesNotMatch(error.message, /Not saved/, 'it may well have been saved');
      return true;
    });
  });

  it("reloads a bin's open tab after Delete Versions answered so: the record may be the base record again", async () => {
    const id = (await w.other.createBin({ record: { v: 1 }, name: 'unread versions', private: false })).metadata.id;
    await w.other.updateBin(id, { v: 2 });
    const document = await vscode.workspace.openTextDocument(binUriOf(await run(Command.openBin, id)));
    assert.deepEqual(JSON.parse(document.getText()), { v: 2 });
    w.service.fault({ method: 'DELETE', path: `/b/${id}/versions`, unreadable: 'cutShort', times: 1 });
    await assert.rejects(Promise.resolve(run(Command.deleteVersions, id, { preserveLatest: false })), MAY_HAVE_BEEN_STORED);
    await until(() => (JSON.parse(document.getText()) as { v: number }).v === 1 || undefined, 'the tab to show the base record the service went back to');
  });

  it('rejects a programmatic Create Bin with the same words, after one POST', async () => {
    w.service.fault({ method: 'POST', path: '/b', unreadable: 'cutShort', times: 1 });
    const made = `made once ${Date.now()}`;
    const requests = await requestsDuring(w.service, () => assert.rejects(Promise.resolve(run(Command.createBin, { record: { made } })), MAY_HAVE_BEEN_STORED));
    assert.equal(requests.filter((r) => r.method === 'POST').length, 1);
    const stored = [...w.service.store.bins.values()].filter((b) => JSON.stringify(w.service.store.latest(b)) === JSON.stringify({ made }));
    assert.equal(stored.length, 1, 'the service created it once');
  });

  it('sends no second POST when Create Bin from a row gets that answer (the actions its notification offers: test/unit/ui/errorActions.test.ts)', async () => {
    const made = `asked once ${Date.now()}`;
    w.api.setPrompter(
      prompter({
        input: async (options) => (options.prompt?.startsWith('Name') ? '' : JSON.stringify({ made })),
        pick: async (items) => items.find((i) => i.label === 'Private'),
      }),
    );
    const roots = (await w.api.tree.getChildren()) ?? [];
    let row: (typeof roots)[number] | undefined;
    for (const node of roots) {
      if (labelOf(await w.api.tree.getTreeItem(node)) === 'Bins in no collection') {
        row = node;
      }
    }
    assert.ok(row, 'the row of the bins in no collection');
    w.service.fault({ method: 'POST', path: '/b', unreadable: 'cutShort', times: 1 });
    const requests = await requestsDuring(w.service, () => run(Command.rowCreateBin, row));
    assert.deepEqual(
      requests.filter((r) => r.method === 'POST').map((r) => r.body),
      [JSON.stringify({ made })],
    );
  });

  it('uploads no file after one whose create could not be read, and names that one as may have been created', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'jsonbin-unread-'));
    const uris = ['first.json', 'second.json'].map((name, i) => {
      writeFileSync(join(folder, name), `{"n": ${i}}`);
      return vscode.Uri.file(join(folder, name));
    });
    w.service.fault({ method: 'POST', path: '/b', unreadable: 'notJson', times: 1 });
    let result!: Uploaded;
    const requests = await requestsDuring(w.service, async () => (result = await run<Uploaded>(Command.uploadAsBin, uris, {})));
    assert.equal(requests.filter((r) => r.method === 'POST').length, 1);
    assert.deepEqual(result.created, []);
    assert.deepEqual(
      result.uncertain.map((u) => [basename(u.uri.fsPath), u.reason]),
      [
        [
          'first.json',
          'The service answered 200, but its answer could not be read (it is not JSON). The change may have been stored: refresh to see before trying again',
        ],
      ],
    );
    assert.deepEqual(
      result.refused.map((r) => [basename(r.uri.fsPath), r.reason]),
      [['second.json', "Not sent: the service's answer to an earlier file could not be read; refresh to see whether it was stored"]],
    );
  });
});
