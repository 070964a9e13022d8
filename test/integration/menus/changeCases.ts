/**
 * Cases for Change Bins: the tab a change is written in, from a bin's or a collection's row or the
 * palette, and its Preview and Apply (from the palette, and from the preview's multi-diff editor's title).
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../../src/extension/commands/idsAndContextKeys';
import { DRAFT_SCHEME } from '../../../src/extension/features/draftFiles';
import { replaceText, until } from '../support';
import { pathsOf, run, type Case, type MenuContext } from './context';

export function changeCases(c: MenuContext): Record<string, Case> {
  const { invoke, argsFor, newBin } = c;

  const changeTab = () =>
    until(() => (vscode.window.activeTextEditor?.document.uri.scheme === DRAFT_SCHEME ? vscode.window.activeTextEditor.document : undefined), 'the change tab');
  const lensTitles = async (document: vscode.TextDocument) =>
    (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri)).map((l) => l.command?.title);

  /** A row or the palette opens the change's tab, sending nothing; its CodeLens previews and applies. */
  const openCase: Case = async (place, kind) => {
    const bin = kind?.startsWith('collection') ? undefined : await newBin(kind ?? 'bin');
    const args = await argsFor(place, kind, bin);
    const answers = place.menu === 'palette' ? ['Bins by id', bin!.id] : [];
    const requests = await invoke(place.entry.command, args, ...answers);
    assert.deepEqual(pathsOf(requests), []);
    assert.deepEqual(await lensTitles(await changeTab()), ['$(diff-multiple) Preview', '$(check-all) Apply']);
  };

  /** A change tab for a new bin, with a merge patch written in it and active. */
  const tabFor = async () => {
    const bin = await newBin('bin.remembered');
    await run(Command.changeBins, { binIds: [bin.id] });
    const tab = await changeTab();
    await replaceText(tab, '{"n": 5}');
    return { bin, tab };
  };

  /** The palette previews the active change tab: one read, nothing written. */
  const previewCase: Case = async (place) => {
    const { bin } = await tabFor();
    const requests = await invoke(place.entry.command, []);
    assert.deepEqual(
      pathsOf(requests).filter((p) => !p.startsWith('GET /v3/c')),
      [`GET /v3/b/${bin.id}/latest`],
    );
  };

  /**
   * The palette applies the active change tab: read once, written once. The preview's multi-diff
   * editor's title applies what it previewed: VS Code passes that editor's own Uri (`vscode.changes`
   * makes one at random); the preview's read stands for the conflict check's.
   */
  const applyCase: Case = async (place) => {
    const { bin, tab } = await tabFor();
    if (place.menu === 'editor/title') {
      await run(Command.tabPreviewBinChange, tab.uri);
      await until(() => (vscode.window.tabGroups.activeTabGroup.activeTab?.input as { textDiffs?: unknown[] })?.textDiffs, 'the preview');
    }
    const args = place.menu === 'editor/title' ? [vscode.Uri.parse(`multi-diff-editor:${Math.random()}`)] : [];
    const requests = await invoke(place.entry.command, args);
    assert.deepEqual(
      pathsOf(requests).filter((p) => !p.startsWith('GET /v3/c')),
      [`GET /v3/b/${bin.id}/latest`, `PUT /v3/b/${bin.id}`],
    );
    assert.deepEqual((await c.w.other.readBin(bin.id)).record, { n: 5 });
  };

  /** After Validate Collection found failing bins, the palette opens a change tab for them, sending nothing. */
  const fixCase: Case = async (place) => {
    const name = `fix menu ${c.next()}`;
    const collection = await c.w.other.createCollection(name);
    await c.w.other.createBin({ record: { n: 1 }, collectionId: collection.id });
    // Attached after the bin was stored: it fails the schema doc's required "a".
    await c.w.other.attachSchemaDoc(collection.id, c.collectionWithSchema.schemaDocId);
    await run(Command.validateCollection, collection.id);
    const requests = await invoke(place.entry.command, [], name);
    assert.deepEqual(pathsOf(requests), []);
    assert.deepEqual(await lensTitles(await changeTab()), ['$(diff-multiple) Preview', '$(check-all) Apply']);
  };

  return {
    [Command.fixFailingBins]: fixCase,
    [Command.changeBins]: openCase,
    [Command.previewBinChange]: previewCase,
    [Command.applyBinChange]: applyCase,
  };
}
