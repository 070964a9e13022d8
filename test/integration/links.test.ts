/**
 * Linked files against the local service: a workspace file linked to its bin by Upload as Bin and
 * by Link to Bin, its state from what is known (no request), Check Links (one read per link),
 * push (a read and a PUT, refused as a save is, asked about over someone else's change), pull (one
 * read, no write when equal), Compare, and the link file, which holds no key.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { closeAll, config, pathsOf, replaceText, requestsDuring, run, setup, TEST_KEY, until, type World } from './support';

interface Status {
  file: vscode.Uri;
  binId: string;
  state: string;
}

describe('linked files', function () {
  this.timeout(60_000);
  let w: World;
  let folder: vscode.Uri;
  let collectionId: string;
  const decoder = new TextDecoder();
  const conflicts: string[] = [];
  let conflictChoice: 'overwrite' | 'cancel' | 'compare' = 'cancel';

  const fileIn = (name: string) => vscode.Uri.joinPath(folder, 'links', name);
  const write = async (uri: vscode.Uri, text: string) => vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  const read = async (uri: vscode.Uri) => decoder.decode(await vscode.workspace.fs.readFile(uri));
  const statusOf = async (uri: vscode.Uri) => (await run<Status[]>(Command.linkStatus, uri))[0].state;
  const counted = async <T>(action: () => Promise<T>) => {
    let result!: T;
    const requests = await requestsDuring(w.service, async () => (result = await action()));
    return { result, paths: pathsOf(requests) };
  };

  before(async () => {
    w = await setup();
    folder = vscode.workspace.workspaceFolders![0].uri;
    const doc = await w.other.createSchemaDoc('links schema', { type: 'object', required: ['name'] });
    collectionId = (await w.other.createCollection('Links')).id;
    await w.other.attachSchemaDoc(collectionId, doc.metadata.id);
    await run('workbench.action.closeSidebar');
    w.api.setConflictPrompt(async (uri) => (conflicts.push(uri.toString()), conflictChoice));
  });
  after(async () => {
    w.api.setConflictPrompt(undefined);
    await closeAll();
  });
  beforeEach(() => {
    conflicts.length = 0;
    conflictChoice = 'cancel';
  });

  it('links a file by Upload as Bin: one POST, the link file holding the path, the bin and the account, never a key', async () => {
    const uri = fileIn('config.json');
    await write(uri, '{\n  "name": "config",\n  "price": 0.1\n}\n');
    const { result, paths } = await counted(() => run<{ created: { id: string }[] }>(Command.uploadAsBin, [uri], { collectionId, link: true }));
    const id = result.created[0].id;
    assert.deepEqual(
      paths.filter((p) => !p.startsWith('GET /v3/c') && !p.startsWith('GET /v3/s/')),
      ['POST /v3/b'],
    );
    const linkFile = await read(vscode.Uri.joinPath(folder, '.vscode', 'jsonbin-links.json'));
    const { links } = JSON.parse(linkFile) as { links: { file: string; binId: string; account: { name: string; apiUrl: string } }[] };
    assert.deepEqual(links.find((l) => l.binId === id)?.file, 'links/config.json');
    assert.equal(links.find((l) => l.binId === id)?.account.apiUrl, w.service.baseUrl);
    assert.ok(!linkFile.includes(TEST_KEY));
    assert.equal(await statusOf(uri), 'same');
  });

  it('knows a local edit with no request, pushes with a read and a PUT, the bin then holding the file exactly', async () => {
    const uri = fileIn('config.json');
    const { paths: editPaths } = await counted(async () => {
      await write(uri, '{ "name": "config", "price": 0.10, "big": 9007199254740991, "tiny": 1e-7 }');
      assert.equal(await statusOf(uri), 'changedHere');
    });
    assert.deepEqual(editPaths, []);
    const id = (await run<Status[]>(Command.linkStatus, uri))[0].binId;
    const { result, paths } = await counted(() => run<{ outcome: string }>(Command.pushFile, uri));
    assert.equal(result.outcome, 'written');
    assert.deepEqual(paths, [`GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`]);
    assert.deepEqual((await w.other.readBin(id)).record, { name: 'config', price: 0.1, big: 9007199254740991, tiny: 1e-7 });
    assert.equal(await statusOf(uri), 'same');
  });

  it("refuses a push the bin's schema doc refuses, sending nothing", async () => {
    const uri = fileIn('config.json');
    const before = await read(uri);
    await write(uri, '{ "title": "no name" }');
    const { paths } = await counted(() => assert.rejects(run(Command.pushFile, uri), /Not pushed.*name/));
    assert.deepEqual(paths, []);
    // The problem at its node in the file, as a tab's save would place it.
    const [problem] = vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'JSONBin');
    assert.match(problem.message, /name/);
    assert.deepEqual([problem.range.start.line, problem.range.start.character], [0, 0]);
    await write(uri, before);
  });

  it('places the syntax errors of a refused push in the file when the bin has no schema doc, sending nothing', async () => {
    const uri = fileIn('broken.json');
    await write(uri, '{ "name": "here" }');
    const id = (await w.other.createBin({ record: { name: 'there' } })).metadata.id;
    await run<Status>(Command.linkFile, uri, id);
    await write(uri, '{\n  "name": "here",\n  "price": ,\n}\n');
    const { paths } = await counted(() => assert.rejects(run(Command.pushFile, uri), /Not pushed.*syntax error/));
    assert.deepEqual(paths, []);
    const problems = vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'JSONBin');
    assert.ok(problems.length > 0, 'no problem placed in the file');
    assert.deepEqual([problems[0].range.start.line, problems[0].range.start.character], [2, 11]);
    await run(Command.unlinkFile, uri);
  });

  it("sees someone else's change only through Check Links (one read per link), then both sides' changes", async () => {
    const uri = fileIn('config.json');
    const id = (await run<Status[]>(Command.linkStatus, uri))[0].binId;
    await w.other.updateBin(id, { name: 'theirs' });
    assert.equal(await statusOf(uri), 'same');
    const all = await run<Status[]>(Command.linkStatus);
    const { result, paths } = await counted(() => run<Status[]>(Command.checkLinks, {}));
    assert.deepEqual(paths.sort(), all.map((s) => `GET /v3/b/${s.binId}/latest`).sort());
    assert.equal(result.find((s) => s.binId === id)?.state, 'changedThere');
    await write(uri, '{ "name": "mine" }');
    assert.equal(await statusOf(uri), 'changedBoth');
  });

  it('reads the bin of a linked file made active after jsonbin.checkForChanges.onFocusAfterMinutes once, and not by default', async () => {
    const id = (await w.other.createBin({ record: { name: 'focus' }, collectionId })).metadata.id;
    const uri = fileIn('focus.json');
    await write(uri, '{ "name": "focus" }');
    await run(Command.linkFile, uri, id);
    await w.other.updateBin(id, { name: 'theirs' });
    const show = async () => {
      await vscode.window.showTextDocument(uri);
      await until(() => vscode.window.activeTextEditor?.document.uri.toString() === uri.toString() || undefined, 'the file to be active');
      await w.api.whenIdle();
    };
    assert.deepEqual((await counted(show)).paths, []);
    assert.equal(await statusOf(uri), 'same');
    await closeAll();
    // An interval far shorter than opening the file takes: it has passed when the file becomes active.
    await config().update('checkForChanges.onFocusAfterMinutes', 0.000_01, vscode.ConfigurationTarget.Global);
    try {
      const { paths } = await counted(show);
      assert.deepEqual(paths, [`GET /v3/b/${id}/latest`]);
      assert.equal(await statusOf(uri), 'changedThere');
    } finally {
      await config().update('checkForChanges.onFocusAfterMinutes', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('asks before pushing over a bin changed since: Cancel sends no PUT, Overwrite does', async () => {
    const uri = fileIn('config.json');
    const id = (await run<Status[]>(Command.linkStatus, uri))[0].binId;
    const cancelled = await counted(() => run<{ outcome: string }>(Command.pushFile, uri, { ask: true }));
    assert.equal(cancelled.result.outcome, 'changedSince');
    assert.deepEqual(cancelled.paths, [`GET /v3/b/${id}/latest`]);
    assert.deepEqual(conflicts, [uri.toString()]);
    // Programmatic calls never ask: the bin is left as it is.
    assert.equal((await run<{ outcome: string }>(Command.pushFile, uri)).outcome, 'changedSince');
    assert.equal(conflicts.length, 1);
    conflictChoice = 'overwrite';
    const overwritten = await counted(() => run<{ outcome: string }>(Command.pushFile, uri, { ask: true }));
    assert.equal(overwritten.result.outcome, 'written');
    assert.deepEqual(overwritten.paths, [`GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`]);
    assert.deepEqual((await w.other.readBin(id)).record, { name: 'mine' });
  });

  it('pulls with one read, writing the file, and writes nothing when the file holds the same value', async () => {
    const uri = fileIn('config.json');
    const id = (await run<Status[]>(Command.linkStatus, uri))[0].binId;
    await w.other.updateBin(id, { name: 'pulled', n: 1.5 });
    const pulled = await counted(() => run<{ changed: boolean }>(Command.pullFile, uri));
    assert.deepEqual(pulled.result, { changed: true });
    assert.deepEqual(pulled.paths, [`GET /v3/b/${id}/latest`]);
    assert.deepEqual(JSON.parse(await read(uri)), { name: 'pulled', n: 1.5 });
    await write(uri, '{"name": "pulled",\n"n": 1.50}');
    const mtime = (await vscode.workspace.fs.stat(uri)).mtime;
    const again = await counted(() => run<{ changed: boolean }>(Command.pullFile, uri));
    assert.deepEqual(again.result, { changed: false });
    assert.deepEqual(again.paths, [`GET /v3/b/${id}/latest`]);
    assert.equal((await vscode.workspace.fs.stat(uri)).mtime, mtime);
    // Written another way, the same value: nothing to push.
    assert.equal(await statusOf(uri), 'same');
  });

  it('links by Link to Bin with one read, compares with one read, and unlinks', async () => {
    const uri = fileIn('linked.json');
    await write(uri, '{ "name": "here" }');
    const id = (await w.other.createBin({ record: { name: 'there' } })).metadata.id;
    const linked = await counted(() => run<Status>(Command.linkFile, uri, id));
    assert.deepEqual(linked.paths, [`GET /v3/b/${id}/latest`]);
    assert.equal(linked.result.state, 'changedHere');
    const compared = await counted(() => run(Command.compareWithBin, uri));
    assert.deepEqual(compared.paths, [`GET /v3/b/${id}/latest`]);
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab?.input as vscode.TabInputTextDiff;
    assert.equal(tab.modified.toString(), uri.toString());
    assert.deepEqual(JSON.parse((await vscode.workspace.openTextDocument(tab.original)).getText()), { name: 'there' });
    assert.equal(await run(Command.unlinkFile, uri), true);
    await assert.rejects(run(Command.linkStatus, uri), /not linked/);
    assert.ok(!(await read(vscode.Uri.joinPath(folder, '.vscode', 'jsonbin-links.json'))).includes(id));
  });
  it('decorates a linked file and shows its state in the status bar, with no request; a save pushes when its link asks', async () => {
    const uri = fileIn('onSave.json');
    await write(uri, '{ "name": "saved" }');
    const id = (await w.other.createBin({ record: { name: 'saved' } })).metadata.id;
    await run(Command.linkFile, uri, id, { pushOnSave: true });
    const token = new vscode.CancellationTokenSource().token;
    const { paths } = await counted(async () => {
      assert.equal((await w.api.linkDecorations.provideFileDecoration(uri, token))?.badge, '=');
      const doc = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(doc);
      await until(() => w.api.linkStatus.file === uri.toString() && w.api.linkStatus.text.includes('Same as bin'), 'the status bar item');
      await replaceText(doc, '{ "name": "edited" }');
      assert.equal((await w.api.linkDecorations.provideFileDecoration(uri, token))?.badge, '↑');
      await until(() => w.api.linkStatus.text.includes('To push'), 'the status bar item to say "To push"');
    });
    assert.deepEqual(paths, []);
    const saved = await counted(async () => {
      await vscode.window.activeTextEditor!.document.save();
      await until(async () => (await statusOf(uri)) === 'same', 'the push on save');
    });
    assert.deepEqual(saved.paths, [`GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`]);
    assert.deepEqual((await w.other.readBin(id)).record, { name: 'edited' });
    assert.equal((await w.api.linkDecorations.provideFileDecoration(fileIn('unlinked.json'), token))?.badge, undefined);
  });
  it('lists linked files by state in the Source Control view, its quick diff the last known record at no cost; Push All pushes a group', async () => {
    const files = { here: fileIn('scm here.json'), there: fileIn('scm there.json'), both: fileIn('scm both.json') };
    const ids: Record<string, string> = {};
    for (const [name, uri] of Object.entries(files)) {
      await write(uri, JSON.stringify({ name }));
      ids[name] = (await w.other.createBin({ record: { name } })).metadata.id;
      await run(Command.linkFile, uri, ids[name]);
    }
    await write(files.here, '{ "name": "here", "edited": true }');
    await w.other.updateBin(ids.there, { name: 'there', edited: true });
    await w.other.updateBin(ids.both, { name: 'both', edited: 'there' });
    await run(Command.checkLinks, {});
    await write(files.both, '{ "name": "both", "edited": "here" }');
    const { result: shown, paths } = await counted(async () => {
      const groups = await w.api.linkScm.shown();
      const original = await w.api.linkScm.provideOriginalResource!(files.there, new vscode.CancellationTokenSource().token);
      return { groups, original: JSON.parse((await vscode.workspace.openTextDocument(original!)).getText()) as unknown };
    });
    assert.deepEqual(paths, []);
    assert.ok(shown.groups.toPush.includes(files.here.toString()));
    assert.ok(shown.groups.toPull.includes(files.there.toString()));
    assert.ok(shown.groups.both.includes(files.both.toString()));
    assert.deepEqual(shown.original, { name: 'there', edited: true });
    const group = { resourceStates: [{ resourceUri: files.here }] };
    const pushed = await counted(() => run(Command.scmPushAllFiles, group));
    assert.deepEqual(pushed.paths, [`GET /v3/b/${ids.here}/latest`, `PUT /v3/b/${ids.here}`]);
    assert.ok(!(await w.api.linkScm.shown()).toPush.includes(files.here.toString()));
    const pulled = await counted(() => run(Command.scmPullFile, { resourceUri: files.there }));
    assert.deepEqual(pulled.paths, [`GET /v3/b/${ids.there}/latest`]);
    assert.deepEqual(JSON.parse(await read(files.there)), { name: 'there', edited: true });
  });
  it('says a linked bin deleted here is gone, following the store, with no request', async () => {
    const uri = fileIn('deleted.json');
    await write(uri, '{ "name": "deleted" }');
    const id = (await w.other.createBin({ record: { name: 'deleted' } })).metadata.id;
    await run(Command.linkFile, uri, id);
    await run(Command.deleteBin, id);
    const { result, paths } = await counted(() => until(async () => (await statusOf(uri)) === 'gone' || undefined, 'the link to say gone'));
    assert.equal(result, true);
    assert.deepEqual(paths, []);
    await run(Command.unlinkFile, uri);
  });
  it('keeps every other link while links are written one after another, the link file never read half written', async () => {
    const kept = fileIn('kept.json');
    await write(kept, '{ "name": "kept" }');
    const keptId = (await w.other.createBin({ record: { name: 'kept' } })).metadata.id;
    await run(Command.linkFile, kept, keptId);
    const other = fileIn('other.json');
    await write(other, '{ "name": "other" }');
    const otherId = (await w.other.createBin({ record: { name: 'other' } })).metadata.id;
    for (let round = 0; round < 12; round++) {
      await run(Command.linkFile, other, otherId);
      assert.equal(await run(Command.unlinkFile, other), true, `round ${round}: the link just made was not found`);
      assert.equal((await run<Status[]>(Command.linkStatus, kept))[0].binId, keptId, `round ${round}`);
    }
    assert.ok((await read(vscode.Uri.joinPath(folder, '.vscode', 'jsonbin-links.json'))).includes(keptId));
    await run(Command.unlinkFile, kept);
  });
  it('links every file of an exported collection when asked, with no request of its own', async () => {
    const exported = (await w.other.createCollection('Links exported')).id;
    const ids = [];
    for (const name of ['one', 'two']) {
      ids.push((await w.other.createBin({ record: { name }, name: `exported ${name}`, collectionId: exported })).metadata.id);
    }
    const folderUri = vscode.Uri.joinPath(folder, 'links', 'exported');
    const { result: files, paths } = await counted(() => run<vscode.Uri[]>(Command.exportCollection, exported, folderUri, { link: true }));
    assert.deepEqual(paths.sort(), [`GET /v3/c/${exported}/bins`, ...ids.map((id) => `GET /v3/b/${id}/latest`)].sort());
    const statuses = await Promise.all(files.map(async (file) => (await run<Status[]>(Command.linkStatus, file))[0]));
    assert.deepEqual(statuses.map((s) => `${s.binId} ${s.state}`).sort(), ids.map((id) => `${id} same`).sort());
    for (const file of files) {
      await run(Command.unlinkFile, file);
    }
  });
});
