/** VS Code's auto save leaves bin tabs to the user unless the user turns it on for them; then it never sends a record with problems. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { binUriOf, closeAll, pathsOf, replaceText, requestsDuring, run, setup, until, type World } from './support';

describe('auto save', function () {
  this.timeout(60_000);
  let w: World;
  let collectionId: string;
  let control: vscode.TextDocument;
  /** The suite's own auto save settings (setup turns it off), put back afterwards. */
  let suiteAutoSave: { autoSave?: string; delay?: number };
  /** The saves VS Code began of bin tabs: with their text, and why (typed, a delay after typing, a focus change). */
  const saves: { text: string; reason: vscode.TextDocumentSaveReason }[] = [];
  let watch: vscode.Disposable;
  const files = () => vscode.workspace.getConfiguration('files');
  const binFiles = () => vscode.workspace.getConfiguration('files', { languageId: 'jsonbin' });

  before(async () => {
    w = await setup();
    collectionId = (await w.other.createCollection('auto saved')).id;
    const schemaDocId = (await w.other.createSchemaDoc('numbered', { type: 'object', properties: { v: { type: 'number' } } })).metadata.id;
    await w.other.attachSchemaDoc(collectionId, schemaDocId);
    await run(Command.refresh);
    suiteAutoSave = { autoSave: files().inspect<string>('autoSave')?.globalValue, delay: files().inspect<number>('autoSaveDelay')?.globalValue };
    await files().update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
    await files().update('autoSaveDelay', 200, vscode.ConfigurationTarget.Global);
  });
  beforeEach(async () => {
    // A file of the workspace: VS Code auto saves it, so its save shows that auto save has run.
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const uri = vscode.Uri.joinPath(folder, `control-${Date.now()}.json`);
    await vscode.workspace.fs.writeFile(uri, Buffer.from('{}'));
    control = await vscode.workspace.openTextDocument(uri);
    saves.length = 0;
    watch = vscode.workspace.onWillSaveTextDocument((e) => {
      if (e.document.uri.scheme === 'jsonbin') {
        saves.push({ text: e.document.getText(), reason: e.reason });
      }
    });
  });
  afterEach(async () => {
    watch.dispose();
    await binFiles().update('autoSave', undefined, vscode.ConfigurationTarget.Global, true);
    await closeAll();
    await vscode.workspace.fs.delete(control.uri);
  });
  after(async () => {
    await files().update('autoSave', suiteAutoSave.autoSave, vscode.ConfigurationTarget.Global);
    await files().update('autoSaveDelay', suiteAutoSave.delay, vscode.ConfigurationTarget.Global);
  });

  async function openBin(record: object): Promise<{ id: string; document: vscode.TextDocument }> {
    const id = (await w.other.createBin({ record: record as never, collectionId, name: 'auto saved bin' })).metadata.id;
    const document = await vscode.workspace.openTextDocument(binUriOf(await run(Command.openBin, id)));
    await vscode.window.showTextDocument(document);
    await w.api.whenIdle();
    return { id, document };
  }
  /** A pause in typing: the control file is edited after the bin and auto saved, so the bin's auto save, if any, has begun. */
  async function pause(): Promise<void> {
    await replaceText(control, `{"at": ${Date.now()}}`);
    await until(() => !control.isDirty || undefined, 'VS Code to auto save the workspace file');
  }

  it('sends nothing while the user types with files.autoSave on, says why in the status bar, and sends on save', async () => {
    const { id, document } = await openBin({ v: 0 });
    const typing = await requestsDuring(w.service, async () => {
      for (let v = 1; v <= 3; v++) {
        await replaceText(document, `{"v": ${v}}`);
        await pause();
      }
    });
    assert.deepEqual(pathsOf(typing), []);
    assert.deepEqual(saves, [], 'VS Code began no save of the bin tab');
    assert.ok(document.isDirty, 'the bin tab keeps its unsaved edits');
    await vscode.window.showTextDocument(document);
    await until(() => w.api.autoSaveStatus.visible || undefined, 'the status bar to say the edits are not sent');

    const saving = await requestsDuring(w.service, async () => assert.ok(await document.save()));
    assert.deepEqual(pathsOf(saving), [`GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`]);
    assert.deepEqual((await w.other.readBin(id)).record, { v: 3 });
    await until(() => !w.api.autoSaveStatus.visible || undefined, 'the status bar item to go once the tab is saved');
  });

  it('opted in for bins, sends one PUT per pause and none while the record has schema problems', async () => {
    await binFiles().update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global, true);
    const { id, document } = await openBin({ v: 0 });
    const requests = await requestsDuring(w.service, async () => {
      await replaceText(document, '{"v": 1}');
      await until(() => !document.isDirty || undefined, 'auto save of a valid record');
      await replaceText(document, '{"v": "two"}');
      await until(() => vscode.languages.getDiagnostics(document.uri).some((d) => d.source?.startsWith('JSONBin')) || undefined, 'the schema problem');
      await pause();
      assert.ok(document.isDirty, 'a record with a schema problem stays unsaved');
      await replaceText(document, '{"v": 3}');
      await until(() => !document.isDirty || undefined, 'auto save once the problem is fixed');
    });
    assert.deepEqual(
      pathsOf(requests).filter((p) => p.startsWith('PUT')),
      [`PUT /v3/b/${id}`, `PUT /v3/b/${id}`],
    );
    // VS Code itself holds the record with a problem once its problem shows; when its auto save looked
    // before (a busy machine), the save began and was refused, and the next test shows what follows.
    assert.deepEqual(
      saves.filter((s) => s.text !== '{"v": "two"}').map((s) => s.text),
      ['{"v": 1}', '{"v": 3}'],
    );
    assert.equal(saves[0].reason, vscode.TextDocumentSaveReason.AfterDelay);
    assert.deepEqual((await w.other.readBin(id)).record, { v: 3 });
    assert.equal(w.api.autoSaveStatus.visible, false);
  });

  it('finishes an auto save refused for problems that showed only after it began, once the record is valid', async () => {
    // A refused save leaves VS Code's copy of the tab in an error state that ignores later auto saves.
    const schemaDocId = (await w.other.createSchemaDoc('held', { type: 'object', properties: { v: { type: 'number' } } })).metadata.id;
    const heldCollection = (await w.other.createCollection('auto saved, held')).id;
    await w.other.attachSchemaDoc(heldCollection, schemaDocId);
    await binFiles().update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global, true);
    // The schema doc's first read waits for the test: until then no problem can show, as on a busy machine.
    let release!: () => void;
    w.service.fault({ method: 'GET', path: new RegExp(`^/s/${schemaDocId}`), hold: new Promise<void>((resolve) => (release = resolve)), times: 1 });
    const id = (await w.other.createBin({ record: { v: 0 }, collectionId: heldCollection, name: 'held auto save' })).metadata.id;
    const document = await vscode.workspace.openTextDocument(binUriOf(await run(Command.openBin, id)));
    await vscode.window.showTextDocument(document);
    const requests = await requestsDuring(w.service, async () => {
      await replaceText(document, '{"v": "two"}');
      await until(() => saves.some((s) => s.text === '{"v": "two"}') || undefined, 'VS Code to begin an auto save before the problem shows');
      release();
      await until(() => vscode.languages.getDiagnostics(document.uri).some((d) => d.source?.startsWith('JSONBin')) || undefined, 'the schema problem');
      assert.ok(document.isDirty, 'the record with a problem was not saved');
      await replaceText(document, '{"v": 3}');
      await until(() => !document.isDirty || undefined, 'the refused auto save finished once the problem is fixed');
    });
    assert.deepEqual(
      pathsOf(requests).filter((p) => p.startsWith('PUT')),
      [`PUT /v3/b/${id}`],
    );
    assert.deepEqual((await w.other.readBin(id)).record, { v: 3 });
  });
});
