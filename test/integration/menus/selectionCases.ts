/**
 * Cases for the entries a bin row's menu shows only while several rows are selected (their submenu
 * holds them for one row): VS Code passes the clicked row and every selected one.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../../src/extension/commands/idsAndContextKeys';
import { until } from '../support';
import { pathsOf, type Bin, type Case, type MenuContext } from './context';

export function selectionCases(c: MenuContext): Record<string, Case> {
  /** Two new bins of a row kind, and what VS Code passes when the first is right-clicked with both selected. */
  const twoSelected = async (place: Parameters<Case>[0], kind: string | undefined): Promise<{ bins: Bin[]; args: unknown[] }> => {
    const bins = [await c.newBin(kind), await c.newBin(kind)];
    const [first] = await c.argsFor(place, kind, bins[0]);
    const [second] = await c.argsFor(place, kind, bins[1]);
    return { bins, args: [first, [first, second]] };
  };

  return {
    [Command.rowCopyBinId]: async (place, kind) => {
      const { bins, args } = await twoSelected(place, kind);
      const requests = await c.invoke(place.entry.command, args);
      assert.deepEqual(requests, []);
      assert.equal(await vscode.env.clipboard.readText(), bins.map((b) => b.id).join('\n'), 'both ids, one a line');
    },
    [Command.rowOpenTable]: async (place, kind) => {
      const { bins, args } = await twoSelected(place, kind);
      const requests = await c.invoke(place.entry.command, args);
      const tab = await until(() => {
        const active = vscode.window.tabGroups.activeTabGroup.activeTab;
        return active?.input instanceof vscode.TabInputWebview ? active : undefined;
      }, 'the table tab');
      assert.equal(tab.label, '2 bins', 'one table of both');
      // Reads only, and of no bin but these two.
      const paths = pathsOf(requests);
      assert.ok(
        paths.every((p) => p.startsWith('GET ')),
        paths.join(', '),
      );
      assert.deepEqual(
        paths.filter((p) => p.startsWith('GET /v3/b/') && !bins.some((b) => p.includes(b.id))),
        [],
      );
    },
  };
}
