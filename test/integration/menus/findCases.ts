/** Cases for finding and filtering bins, and peeking at part of a bin (a JSON path, the record only). */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../../src/extension/commands/idsAndContextKeys';
import { labelOf } from '../support';
import { activeUri, pathsOf, run, type Answer, type Case, type MenuContext } from './context';

export function findCases(c: MenuContext): Record<string, Case> {
  const { invoke, argsFor, binCase, roots, rowsOf } = c;

  /** The bins in no collection as the view shows them: label, privacy. */
  const uncategorizedRows = async () => {
    const [, uncategorized] = await roots();
    const items = await Promise.all((await rowsOf(uncategorized)).map(async (n) => c.w.api.tree.getTreeItem(n)));
    return items.filter((i) => i.contextValue?.startsWith('bin')).map((i) => `${labelOf(i)} ${String(i.description)}`);
  };

  const partCase = (answers: Answer[], header: [string, string], expected: unknown) =>
    binCase(
      () => answers,
      async (bin, requests) => {
        assert.deepEqual(
          requests.map((r) => `${r.method} ${r.path} ${r.headers[header[0]]}`),
          [`GET /v3/b/${bin.id}/latest ${header[1]}`],
        );
        const document = vscode.window.activeTextEditor!.document;
        assert.match(document.uri.path, new RegExp(`^/bin/${bin.id}/(record|path)/`));
        assert.deepEqual(JSON.parse(document.getText()), expected);
        assert.equal((await vscode.workspace.fs.stat(document.uri)).permissions, vscode.FilePermission.Readonly);
      },
    );

  return {
    [Command.findBin]: async (place, kind) => {
      // Created here, so remembered without a read: opening the match is its one request.
      const name = `found ${c.next()}`;
      const { id } = await run<{ id: string }>(Command.createBin, { record: { f: 1 }, name, private: false });
      await run(Command.refresh);
      const requests = await invoke(place.entry.command, await argsFor(place, kind), name, 'Search what is already listed', name);
      assert.deepEqual(pathsOf(requests), [`GET /v3/b/${id}/latest`]);
      assert.match(activeUri() ?? '', new RegExp(`/bin/${id}/`));
    },
    [Command.filterBins]: async (place, kind) => {
      const publicName = `menu filter ${c.next()}`;
      await run(Command.createBin, { record: { f: 1 }, name: publicName, private: false });
      await run(Command.createBin, { record: { f: 1 }, name: `menu filter ${c.next()}`, private: true });
      try {
        const requests = await invoke(place.entry.command, await argsFor(place, kind), 'MENU FILTER', 'Public', 'Any collection');
        assert.deepEqual(requests, []);
        assert.equal(c.w.api.view.description, 'filter: "MENU FILTER", public');
        const rows = await uncategorizedRows();
        assert.ok(rows.includes(`${publicName} public`), rows.join());
        assert.ok(
          rows.every((r) => r.startsWith('menu filter ') && r.endsWith(' public')),
          rows.join(),
        );
      } finally {
        await run(Command.clearFilter);
      }
    },
    [Command.clearFilter]: async (place, kind) => {
      await run(Command.filterBins, { private: true, name: 'nothing is named so' });
      assert.deepEqual(await uncategorizedRows(), []);
      const requests = await invoke(place.entry.command, await argsFor(place, kind));
      assert.deepEqual(requests, []);
      assert.equal(c.w.api.view.description, undefined);
      assert.notDeepEqual(await uncategorizedRows(), []);
    },
    [Command.openJsonPath]: partCase(['$.n'], ['x-json-path', '$.n'], [2]),
    [Command.openRecordOnly]: partCase([], ['x-bin-meta', 'false'], { n: 2 }),
  };
}
