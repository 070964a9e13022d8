/** Cases for Open as Table: a collection's row, "Bins in no collection", a bin row (a selection), the palette. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { until } from '../support';
import { pathsOf, type Case, type MenuContext } from './context';

export function tableCases(c: MenuContext): Record<string, Case> {
  const { invoke, argsFor, newBin } = c;

  const activeWebview = () =>
    until(() => {
      const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
      return tab?.input instanceof vscode.TabInputWebview ? tab : undefined;
    }, 'the table tab');

  /** The table opens as a webview tab titled by what it shows; it reads at most its listing, its schema doc and the rows in view. */
  const openCase: Case = async (place, kind) => {
    const bin = kind?.startsWith('bin') ? await newBin(kind) : undefined;
    const args = await argsFor(place, kind, bin);
    const answers = place.menu === 'palette' ? [c.collectionWithSchema.name] : [];
    const requests = await invoke(place.entry.command, args, ...answers);
    const tab = await activeWebview();
    const row = args[0] as { bin?: { name?: string } } | undefined;
    const title =
      kind === 'group.uncategorized'
        ? 'Bins in no collection'
        : row?.bin
          ? row.bin.name
          : kind === 'collection'
            ? c.plainCollection.name
            : c.collectionWithSchema.name;
    assert.equal(tab.label, title);
    assert.ok(
      pathsOf(requests).every((p) => p.startsWith('GET ')),
      pathsOf(requests).join(', '),
    );
  };

  return { 'jsonbin.openTable': openCase };
}
