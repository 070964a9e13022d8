/** Bins read offline: the kept copy, read-only with a banner, while the service is stopped or requests are exhausted. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { binUri } from '../../src/extension/fs/uris';
import { binUriOf, closeAll, config, namesIn, pathsOf, replaceText, idle, requestsDuring, run, setup, TEST_KEY, until, type World } from './support';

describe('bins read offline', function () {
  this.timeout(30_000);
  let w: World;
  let stopped = false;
  let made = 0;

  const keptFiles = async () => (await namesIn(w.api.offlineCopiesFolder)).filter((f) => f.endsWith('.copy'));
  const keptUri = (file: string) => vscode.Uri.joinPath(w.api.offlineCopiesFolder, file);
  const keptContents = async () => Promise.all((await keptFiles()).map(async (f) => new TextDecoder().decode(await vscode.workspace.fs.readFile(keptUri(f)))));
  /** Waits until a kept copy holds `text` (keeping is not waited on by the read). */
  const keptWith = (text: string) => until(async () => (await keptContents()).some((c) => c.includes(text)) || undefined, `a kept copy with ${text}`);
  const lensesOf = async (uri: vscode.Uri) => (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri)) ?? [];
  const banner = (uri: vscode.Uri) =>
    until(async () => (await lensesOf(uri)).find((l) => /Offline copy kept/.test(l.command?.title ?? '')), 'the offline banner');
  /** Whether VS Code lets the user type in the editor: a read-only editor drops the edit (though `edit` says it applied). */
  async function editable(document: vscode.TextDocument): Promise<boolean> {
    const editor = await vscode.window.showTextDocument(document);
    const before = document.getText();
    await editor.edit((b) => b.insert(new vscode.Position(0, 0), ' '));
    const changed = document.getText() !== before;
    if (changed) {
      // Undone, not reverted: a revert reads the file, which would tell VS Code what the probe is to find out.
      await vscode.commands.executeCommand('undo');
    }
    assert.equal(document.getText(), before);
    assert.equal(document.isDirty, false);
    return changed;
  }
  async function newBin(record: object): Promise<{ id: string; uri: vscode.Uri }> {
    const name = `offline ${++made}`;
    const id = (await w.other.createBin({ record: record as never, name })).metadata.id;
    return { id, uri: binUri(id, name) };
  }
  const open = async (uri: vscode.Uri) => vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
  /**
   * The bin opened under another title: VS Code keeps a closed tab's document a while and would
   * not read it again; a new title is a new document, read from the file system.
   */
  const reopen = (id: string) => open(binUri(id, `offline again ${++made}`));
  async function stop(): Promise<void> {
    await w.service.stop();
    stopped = true;
  }
  async function restart(): Promise<void> {
    if (stopped) {
      await w.service.start();
      stopped = false;
    }
  }

  before(async () => {
    w = await setup();
    await run('workbench.action.closeSidebar');
  });
  afterEach(async () => {
    w.service.minimal = false;
    await restart();
    await config().update('offline.keepCopies', undefined, vscode.ConfigurationTarget.Global);
    await closeAll();
    // Tabs still showing a kept copy read the service again, and nothing stays held back.
    await run(Command.retryOfflineBins);
  });

  it('opens a bin read before from its kept copy, read-only with a banner, while the service is stopped; Retry reads the current record', async () => {
    const bin = await newBin({ offline: 1 });
    const { id } = bin;
    let { uri } = bin;
    const first = await requestsDuring(w.service, () => open(uri));
    assert.deepEqual(pathsOf(first), [`GET /v3/b/${id}/latest`]);
    await keptWith('"offline": 1');
    await closeAll();

    await stop();
    const { document } = await reopen(id);
    uri = document.uri;
    assert.deepEqual(JSON.parse(document.getText()), { offline: 1 });
    const lens = await banner(uri);
    assert.match(lens.command!.title, /^\$\(cloud-offline\) Offline copy kept just now: read-only until the service answers$/);
    const retry = (await lensesOf(uri)).find((l) => l.command?.command === Command.retryOfflineBins)?.command;
    assert.ok(retry, 'a Retry lens');
    assert.equal((await vscode.workspace.fs.stat(uri)).permissions, vscode.FilePermission.Readonly);
    // VS Code asks for the file again after the read that served the copy, and learns it is read-only.
    await until(async () => !(await editable(document)) || undefined, 'the tab to be read-only');
    const edit = new vscode.WorkspaceEdit();
    edit.insert(uri, new vscode.Position(0, 0), ' ');
    // Refused or dropped: either way the text stays as kept.
    await Promise.resolve(vscode.workspace.applyEdit(edit)).catch(() => false);
    assert.deepEqual(JSON.parse(document.getText()), { offline: 1 });
    assert.equal(document.isDirty, false);
    await assert.rejects(
      Promise.resolve(vscode.workspace.fs.writeFile(uri, Buffer.from('{"lost": true}'))),
      /Not saved: .*copy kept .*read-only until the service answers/,
    );

    await restart();
    await w.other.updateBin(id, { offline: 2 });
    const again = await requestsDuring(w.service, async () => {
      // Pressed as the user presses it: the lens's own command and arguments.
      await run(retry.command, ...((retry.arguments ?? []) as unknown[]));
      await until(() => document.getText().includes('"offline": 2') || undefined, 'the current record');
    });
    assert.deepEqual(pathsOf(again), [`GET /v3/b/${id}/latest`]);
    await until(async () => (await editable(document)) || undefined, 'the tab to be editable');
    assert.equal((await vscode.workspace.fs.stat(uri)).permissions, undefined);
    await until(async () => (await lensesOf(uri)).length === 0 || undefined, 'the banner to go');
  });

  it('opens a bin not read in this window (as after a reload) read-only from its kept copy at once', async () => {
    const { id, uri } = await newBin({ reloaded: 1 });
    await open(uri);
    await keptWith('"reloaded": 1');
    await closeAll();
    // The key set again: the window forgets what it read, as a reload does.
    await run(Command.setApiKey, TEST_KEY);
    await stop();
    const { document } = await reopen(id);
    assert.deepEqual(JSON.parse(document.getText()), { reloaded: 1 });
    assert.equal(await editable(document), false, 'read-only from the first stat');
    await banner(document.uri);

    // Any answer from the service (here, another bin opened) makes the tab read the bin again.
    await restart();
    const other = await newBin({ other: true });
    const requests = await requestsDuring(w.service, async () => {
      await open(other.uri);
      await until(async () => (await editable(document)) || undefined, 'the tab to be editable');
    });
    assert.deepEqual(pathsOf(requests).sort(), [`GET /v3/b/${id}/latest`, `GET /v3/b/${other.id}/latest`].sort());
  });

  it('jsonbin.openBin(id) opens the kept copy while the service is stopped; jsonbin.retryOfflineBins returns the number of tabs it read again', async () => {
    const { id, uri } = await newBin({ byId: 1 });
    // Read with no tab, so that no document of it lingers to give its name; from a service that
    // sends only the required fields.
    w.service.minimal = true;
    await vscode.workspace.fs.readFile(uri);
    await keptWith('"byId": 1');
    // The key set again: the window forgets what it read, as a reload does.
    await run(Command.setApiKey, TEST_KEY);
    await stop();
    const opened = binUriOf(await run(Command.openBin, id));
    assert.equal(opened.path, binUri(id, undefined).path, 'titled by its id: a minimal service sends no name, online or offline');
    const document = vscode.window.activeTextEditor?.document;
    assert.equal(document?.uri.toString(), opened.toString(), 'the tab is shown');
    assert.deepEqual(JSON.parse(document.getText()), { byId: 1 });
    await banner(opened);

    await restart();
    // VS Code reads the tab again once told it changed: the read is waited for in the service's log.
    const mark = w.service.log.length;
    assert.equal(await run(Command.retryOfflineBins), 1);
    await until(() => w.service.requestsSince(mark).length > 0 || undefined, 'the tab to read the bin again');
    await idle();
    assert.deepEqual(pathsOf(w.service.requestsSince(mark)), [`GET /v3/b/${id}/latest`]);
  });

  it('refuses to save a bin edited before the service stopped, and keeps the edits to save once it is back', async () => {
    const { id, uri } = await newBin({ edited: false });
    const { document } = await open(uri);
    await replaceText(document, '{ "edited": true }');
    await stop();
    assert.equal(await document.save(), false);
    assert.equal(document.isDirty, true);
    assert.equal(document.getText(), '{ "edited": true }');
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(uri, Buffer.from(document.getText()))), /Not saved: Could not reach the bin service/);
    assert.equal(document.isDirty, true);

    await restart();
    const saved = await requestsDuring(w.service, async () => assert.equal(await document.save(), true));
    assert.deepEqual(pathsOf(saved), [`GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`]);
    assert.deepEqual((await w.other.readBin(id)).record, { edited: true });
  });

  it('serves the kept copy after "Requests exhausted", answered or held back, and sends nothing more', async () => {
    const small = w.service.addAccount('free', 3);
    const bin = w.service.store.createBin(small, { exhausted: 1 }, { name: 'exhausted', private: true });
    const uri = binUri(bin.id, 'exhausted');
    try {
      await run(Command.setApiKey, small.key);
      await open(uri);
      await keptWith('"exhausted": 1');
      await closeAll();
      await reopen(bin.id);
      await closeAll();
      // The fourth request: the service answers "Requests exhausted".
      const refused = await requestsDuring(w.service, () => reopen(bin.id));
      assert.deepEqual(pathsOf(refused), [`GET /v3/b/${bin.id}/latest`]);
      assert.equal(refused[0].status, 403);
      assert.equal(w.api.requestStatus.exhausted, true);
      const served = vscode.window.activeTextEditor!.document;
      await banner(served.uri);
      assert.deepEqual(JSON.parse(served.getText()), { exhausted: 1 });
      assert.equal((await vscode.workspace.fs.stat(served.uri)).permissions, vscode.FilePermission.Readonly);
      await closeAll();
      // Held back: nothing is sent, and the kept copy opens again.
      const held = await requestsDuring(w.service, () => reopen(bin.id));
      assert.deepEqual(held, []);
      const again = vscode.window.activeTextEditor!.document;
      assert.deepEqual(JSON.parse(again.getText()), { exhausted: 1 });
      assert.equal((await vscode.workspace.fs.stat(again.uri)).permissions, vscode.FilePermission.Readonly);
      await banner(again.uri);
    } finally {
      await run(Command.setApiKey, TEST_KEY);
    }
  });

  it('keeps nothing when jsonbin.offline.keepCopies is off, and then cannot open a bin offline', async () => {
    await run(Command.clearOfflineCopies);
    await config().update('offline.keepCopies', false, vscode.ConfigurationTarget.Global);
    const { id, uri } = await newBin({ notKept: true });
    await open(uri);
    await idle();
    assert.deepEqual(await keptFiles(), []);
    await closeAll();
    await stop();
    await assert.rejects(reopen(id), /Could not open: Could not reach the bin service/);
  });

  it('Clear Offline Copies removes every kept copy; no kept copy holds the key', async () => {
    const { uri } = await newBin({ toClear: true });
    await open(uri);
    await keptWith('"toClear": true');
    const contents = await keptContents();
    assert.ok(contents.length > 0);
    for (const content of contents) {
      assert.ok(!content.includes(TEST_KEY), 'a kept copy holds the key');
    }
    await run(Command.clearOfflineCopies);
    await until(async () => (await keptFiles()).length === 0 || undefined, 'no kept copy left');
  });
});
