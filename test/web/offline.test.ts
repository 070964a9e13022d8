/** Offline copies in the web worker host: kept through VS Code's file system, served read-only while the service is stopped. */
import * as vscode from 'vscode';
import { assert } from 'chai';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { binUri } from '../../src/extension/fs/uris';
import { closeAll, namesIn, pathsOf, requestsDuring, run, setup, until, type World } from './world';

describe('offline copies in the web worker host', () => {
  let w: World;
  let stopped = false;
  before(async () => (w = await setup()));
  afterEach(async () => {
    if (stopped) {
      await w.control('/start', {});
      stopped = false;
    }
    await closeAll();
    await run(Command.retryOfflineBins);
  });

  /** Whether a file of the offline copies' folder holds `text`. */
  async function kept(text: string): Promise<boolean> {
    const folder = w.api.offlineCopiesFolder;
    for (const name of await namesIn(folder)) {
      const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, name));
      if (new TextDecoder().decode(bytes).includes(text)) {
        return true;
      }
    }
    return false;
  }

  it('keeps the record read, and serves it read-only with a banner while the service is stopped', async () => {
    const id = (await w.other.createBin({ record: { offline: 'web' }, name: 'web offline' })).metadata.id;
    const opened = await requestsDuring(w, async () => vscode.window.showTextDocument(await vscode.workspace.openTextDocument(binUri(id, 'web offline'))));
    assert.deepEqual(pathsOf(opened), [`GET /v3/b/${id}/latest`]);
    await until(async () => (await kept('"offline": "web"')) || undefined, 'the kept copy');
    await closeAll();

    await w.control('/stop', {});
    stopped = true;
    // Another title is another document, read from the file system again.
    const document = await vscode.workspace.openTextDocument(binUri(id, 'web offline again'));
    await vscode.window.showTextDocument(document);
    assert.deepEqual(JSON.parse(document.getText()), { offline: 'web' });
    assert.strictEqual((await vscode.workspace.fs.stat(document.uri)).permissions, vscode.FilePermission.Readonly);
    const lenses = () => Promise.resolve(vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri));
    await until(async () => (await lenses())?.some((l) => /Offline copy kept/.test(l.command?.title ?? '')) || undefined, 'the offline banner');
  });
});
