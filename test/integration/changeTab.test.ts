/**
 * The Change Bins tab: named by the bins it changes, opened clean (closing it asks nothing),
 * starting from a change that applies to them at no request, with operations and paths completed;
 * after a preview, one line says how many would change, and the tab says why the others would not.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { previewText } from '../../src/extension/features/changeBins/changeMessages';
import type { ChangeBinsResult } from '../../src/extension/features/changeBins/runWithProgress';
import { DRAFT_SCHEME } from '../../src/extension/features/draftFiles';
import { fiveBins as fiveBinsIn, PATCH } from './manyBins';
import { closeAll, idle, pathsOf, prompter, replaceText, requestsDuring, run, setup, until, type World } from './support';

describe('Change Bins tab', function () {
  this.timeout(60_000);
  let w: World;
  let made = 0;

  before(async () => {
    w = await setup();
    // A visible view fetches again on every change: its requests would mix with the commands'.
    await run('workbench.action.closeSidebar');
    w.api.setPrompter(prompter({}));
  });
  afterEach(() => closeAll());
  after(() => w.api.setPrompter(undefined));

  const fiveBins = () => fiveBinsIn(w, `tab ${++made}`);
  const activeLabel = () => vscode.window.tabGroups.activeTabGroup.activeTab?.label;
  /** The change tab once it is the active one, labelled `label`. */
  const changeTab = (label: string) =>
    until(() => {
      const document = vscode.window.activeTextEditor?.document;
      return document?.uri.scheme === DRAFT_SCHEME && activeLabel() === label ? document : undefined;
    }, `the change tab "${label}" (active: "${activeLabel()}")`);
  const completions = async (document: vscode.TextDocument, offset: number) =>
    (await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, document.positionAt(offset))).items.map(
      (i) => (typeof i.label === 'string' ? i.label : i.label.label),
    );

  it('is named by what it changes: the selected bins, the one bin, the collection; and opens clean, at no request', async () => {
    const { rows, row, name } = await fiveBins();
    const opening = await requestsDuring(w.service, () => run(Command.rowChangeBins, rows[0], rows.slice(0, 2)));
    assert.deepEqual(opening, []);
    const tab = await changeTab('Change 2 bins.json');
    // VS Code asks about saving only a dirty tab: this one closes without a question.
    assert.equal(tab.isDirty, false);
    await run(Command.rowChangeBins, rows[3]);
    await changeTab(`Change ${name} b3.json`);
    await run(Command.rowChangeBins, row);
    await changeTab(`Change ${name}.json`);
  });

  it('starts from a change made from a bin open in a tab, which applies to the bins and changes nothing as written; edited, it changes them', async () => {
    const { ids, rows } = await fiveBins();
    await vscode.workspace.openTextDocument(await run<vscode.Uri>(Command.openBin, ids[1]));
    await idle();
    const opening = await requestsDuring(w.service, () => run(Command.rowChangeBins, rows[0], rows.slice(0, 2)));
    assert.deepEqual(opening, [], 'the record open in its tab is not read again');
    const tab = await changeTab('Change 2 bins.json');
    // The first text of the open record (b1: { kind: "module", title: "b", … }).
    const sample = '[\n  { "op": "test", "path": "/kind", "value": "module" },\n  { "op": "replace", "path": "/kind", "value": "module" }\n]\n';
    assert.equal(tab.getText(), sample);
    let result!: ChangeBinsResult;
    const previewing = await requestsDuring(w.service, async () => (result = (await run<ChangeBinsResult>(Command.tabPreviewBinChange, tab.uri))!));
    assert.deepEqual(pathsOf(previewing), [`GET /v3/b/${ids[0]}/latest`, `GET /v3/b/${ids[1]}/latest`]);
    assert.deepEqual(result.notApplicable, [], 'the sample applies to both bins');
    assert.deepEqual(result.unchanged, ids.slice(0, 2));
    // The value to write is the one to edit.
    await replaceText(tab, sample.replace(/"module" }\n]/, '"unit" }\n]'));
    result = (await run<ChangeBinsResult>(Command.tabPreviewBinChange, tab.uri))!;
    assert.deepEqual(
      result.changed.map((b) => b.id),
      ids.slice(0, 2),
    );
    assert.equal(tab.isDirty, false, 'the preview kept the text in the tab (no request): closing asks nothing');
    // Paths from the open record: its schema doc names none.
    await replaceText(tab, '[{ "op": "remove", "path": "" }]');
    const paths = await completions(tab, tab.getText().indexOf('""') + 1);
    assert.ok(
      ['"/kind"', '"/title"', '"/summary"', '"/level"'].every((p) => paths.includes(p)),
      paths.join(', '),
    );
  });

  it('starts empty with no record at hand: the operations are offered, and the empty change applies to every bin', async () => {
    const { ids, rows } = await fiveBins();
    await run(Command.rowChangeBins, rows[0], rows.slice(0, 3));
    const tab = await changeTab('Change 3 bins.json');
    assert.equal(tab.getText(), '[\n  \n]\n');
    assert.deepEqual(vscode.window.activeTextEditor?.selection.active, new vscode.Position(1, 2), 'the cursor where an operation goes');
    const offered = await completions(tab, tab.offsetAt(new vscode.Position(1, 2)));
    assert.ok(
      ['replace', 'add', 'remove', 'test', 'move', 'copy'].every((op) => offered.includes(op)),
      offered.join(', '),
    );
    const result = await run<ChangeBinsResult>(Command.tabPreviewBinChange, tab.uri);
    assert.deepEqual(result.unchanged, ids.slice(0, 3));
    assert.deepEqual(result.notApplicable, []);
  });

  it("after a preview: one short line of how many would change, and why the others would not in the change's tab, at the operation", async () => {
    const { ids, rows, name } = await fiveBins();
    await run(Command.rowChangeBins, rows[0], rows);
    const tab = await changeTab('Change 5 bins.json');
    await replaceText(tab, PATCH);
    const result = await run<ChangeBinsResult>(Command.tabPreviewBinChange, tab.uri);
    assert.equal(previewText(result), '2 of 5 bins would change: see the diff.');
    const notes = () => vscode.languages.getDiagnostics(tab.uri).filter((d) => d.source === 'JSONBin');
    const [stopped, invalid] = await until(() => (notes().length === 2 ? notes() : undefined), "the tab's notes");
    assert.equal(stopped.message, `Does not apply to ${name} b2: operation 1 (test /kind): the test failed: the value there differs`);
    assert.equal(stopped.severity, vscode.DiagnosticSeverity.Information);
    assert.equal(tab.getText(stopped.range), JSON.stringify((JSON.parse(PATCH) as unknown[])[0]), 'at the operation that stopped it');
    assert.equal(invalid.message, `Would be invalid, not sent (see the Problems panel): ${name} b3`);
    assert.deepEqual(
      result.invalid.map((b) => b.id),
      [ids[3]],
    );
    // An edit leaves them unsaid: they were of the text previewed.
    await replaceText(tab, '[]');
    await until(() => notes().length === 0, 'the notes gone');
    assert.equal(previewText({ ...result, changed: [], unchanged: ids, notApplicable: [], invalid: [] }), 'No bin would change.');
    assert.equal(
      previewText({ ...result, changed: result.changed.slice(0, 1), unchanged: [], notApplicable: [], invalid: [] }),
      'The bin would change: see the diff.',
    );
    assert.equal(previewText({ ...result, changed: [] }), 'No bin would change: see why in the change tab.');
  });
});
