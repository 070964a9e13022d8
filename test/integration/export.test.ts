/** Save Bin as File and Export Collection: the record formatted into files, for the fewest requests. */
import * as assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { binUri } from '../../src/extension/fs/uris';
import { closeAll, pathsOf, replaceText, requestsDuring, run, setup, type World } from './support';

const formatted = (record: unknown) => `${JSON.stringify(record, null, 2)}\n`;

describe('Save Bin as File and Export Collection', function () {
  this.timeout(60_000);
  let w: World;
  let folder: string;
  /** The file the save dialog answers with, and the default it offered. */
  let saveTo: vscode.Uri | undefined;
  let offered: string | undefined;
  /** A progress message on which the user presses Cancel. */
  let cancelOn: RegExp | undefined;
  const fileIn = (name: string) => vscode.Uri.file(join(folder, name));
  const read = (uri: vscode.Uri) => readFileSync(uri.fsPath, 'utf8');

  before(async () => {
    w = await setup();
    folder = mkdtempSync(join(tmpdir(), 'jsonbin-export-'));
    w.api.setPrompter({
      input: async (options) => assert.fail(`unexpected question: ${options.prompt}`),
      pick: async (_, options) => assert.fail(`unexpected pick: ${options.placeHolder}`),
      confirm: async (message) => assert.fail(`unexpected confirmation: ${message}`),
      saveDialog: async (options) => ((offered = options.defaultUri?.path.split('/').at(-1)), saveTo),
      progress: (_, work) => {
        const cancel = new vscode.CancellationTokenSource();
        return work({ report: ({ message }) => cancelOn?.test(message ?? '') && cancel.cancel() }, cancel.token);
      },
    });
    await run('workbench.action.closeSidebar');
  });
  beforeEach(() => {
    cancelOn = undefined;
    return closeAll();
  });
  after(async () => {
    w.api.setPrompter(undefined);
    await closeAll();
  });

  it('saves a bin or one of its versions with one read; a clean tab with none; never unsaved text', async () => {
    const base = { title: 'kept', n: [1, 2.5] };
    const latest = { title: 'second', nested: { deep: [true, null] } };
    const id = (await w.other.createBin({ record: base, name: 'save me', private: false })).metadata.id;
    await w.other.updateBin(id, latest);

    const latestFile = fileIn('latest.json');
    const saved = await requestsDuring(w.service, async () =>
      assert.equal(String(await run(Command.saveBinAsFile, id, { uri: latestFile })), String(latestFile)),
    );
    assert.deepEqual(pathsOf(saved), [`GET /v3/b/${id}/latest`]);
    assert.equal(read(latestFile), formatted(latest));

    const baseFile = fileIn('base.json');
    assert.deepEqual(pathsOf(await requestsDuring(w.service, () => run(Command.saveBinAsFile, id, { version: 0, uri: baseFile }))), [`GET /v3/b/${id}/0`]);
    assert.equal(read(baseFile), formatted(base));

    // From a version's tab: what the tab shows, without a request.
    const versionTab = binUri(id, 'save me (version 0)', 0);
    await vscode.window.showTextDocument(versionTab);
    saveTo = fileIn('from the version tab.json');
    assert.deepEqual(await requestsDuring(w.service, () => run(Command.tabSaveBinAsFile, versionTab)), []);
    assert.equal(offered, 'save me (version 0).json');
    assert.equal(read(saveTo), formatted(base));

    // A tab with unsaved edits: the record as stored, read again.
    const document = await vscode.workspace.openTextDocument(binUri(id, 'save me'));
    await replaceText(document, '{"unsaved": true}');
    const dirtyFile = fileIn('not the edits.json');
    assert.deepEqual(pathsOf(await requestsDuring(w.service, () => run(Command.saveBinAsFile, id, { uri: dirtyFile }))), [`GET /v3/b/${id}/latest`]);
    assert.equal(read(dirtyFile), formatted(latest));
  });

  it('rejects a call without its arguments, sending nothing', async () => {
    const requests = await requestsDuring(w.service, async () => {
      await assert.rejects(run(Command.saveBinAsFile, undefined), /jsonbin\.saveBinAsFile needs a bin id/);
      await assert.rejects(run(Command.saveBinAsFile, 'a1b2c3'), /jsonbin\.saveBinAsFile needs \{ uri, version\? \}/);
      await assert.rejects(run(Command.saveBinAsFile, 'a1b2c3', { uri: fileIn('x.json'), version: -1 }), /needs a version that is an integer/);
      await assert.rejects(run(Command.exportCollection, undefined), /jsonbin\.exportCollection needs a collection id/);
      await assert.rejects(run(Command.exportCollection, 'c1'), /jsonbin\.exportCollection needs the Uri of a folder/);
    });
    assert.deepEqual(requests, []);
  });

  it('exports every bin of a collection, one file each: 1 request a page, 1 a bin; colliding names take the id', async () => {
    const collectionId = (await w.other.createCollection('Export all')).id;
    const names: (string | undefined)[] = [...Array.from({ length: 10 }, (_, i) => `bin ${i}`), 'Same', 'same', undefined, 'a/b'];
    const ids: string[] = [];
    for (const [i, name] of names.entries()) {
      ids.push((await w.other.createBin({ record: { i, name: name ?? null }, name, collectionId })).metadata.id);
    }
    const target = vscode.Uri.file(join(folder, 'all', 'new folder'));
    let files: vscode.Uri[] = [];
    const requests = await requestsDuring(w.service, async () => (files = await run<vscode.Uri[]>(Command.exportCollection, collectionId, target)));
    const newestFirst = [...ids].reverse();
    assert.deepEqual(pathsOf(requests), [
      `GET /v3/c/${collectionId}/bins`,
      `GET /v3/c/${collectionId}/bins/${newestFirst[9]}`,
      ...newestFirst.map((id) => `GET /v3/b/${id}/latest`),
    ]);
    const expected = [
      ...Array.from({ length: 10 }, (_, i) => `bin ${i}.json`),
      `Same (${ids[10]}).json`,
      `same (${ids[11]}).json`,
      `${ids[12]}.json`,
      'a_b.json',
    ];
    assert.deepEqual(readdirSync(target.fsPath).sort(), [...expected].sort());
    assert.deepEqual(
      files.map((f) => f.path.split('/').at(-1)),
      [...expected].reverse(),
    );
    names.forEach((name, i) => assert.equal(read(vscode.Uri.joinPath(target, expected[i])), formatted({ i, name: name ?? null })));
  });

  it('cancelling an export stops before the next request and says how many files were written', async () => {
    const collectionId = (await w.other.createCollection('Export ten')).id;
    for (let i = 0; i < 10; i++) {
      await w.other.createBin({ record: { i }, name: `ten ${i}`, collectionId });
    }
    cancelOn = /^2 of 10 written/;
    const target = vscode.Uri.file(join(folder, 'ten'));
    const requests = await requestsDuring(w.service, () =>
      assert.rejects(run(Command.exportCollection, collectionId, target), /Export cancelled: 2 of 10 bins written/),
    );
    // Ten bins fill a page: the next, empty, says there are no more.
    assert.deepEqual(
      pathsOf(requests).map((p) => p.replace(/[0-9a-f]{24}/g, 'ID')),
      ['GET /v3/c/ID/bins', 'GET /v3/c/ID/bins/ID', 'GET /v3/b/ID/latest', 'GET /v3/b/ID/latest'],
    );
    assert.deepEqual(readdirSync(target.fsPath).sort(), ['ten 8.json', 'ten 9.json']);
  });
});
