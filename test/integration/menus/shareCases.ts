/** Cases that restore a version or share a bin: copied links and snippets, the hosted dashboard. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../../src/extension/commands/idsAndContextKeys';
import { asHostedService, closeAll, TEST_KEY } from '../support';
import { activeTab, pathsOf, type Case, type MenuContext } from './context';

export function shareCases(c: MenuContext): Record<string, Case> {
  const { invoke, argsFor, binCase, newBin, roots, rowsOf } = c;

  /** Restore: the palette asks for the bin and the version, the version's tab gives both and holds the version's record. */
  const restoreCase: Case = async (place, kind) => {
    const bin = await newBin();
    const args = await argsFor(place, kind, bin);
    const fromPalette = place.menu === 'palette';
    // The view listed the collections, which validating the version would otherwise list once.
    await rowsOf((await roots())[0]);
    const requests = await invoke(place.entry.command, args, ...(fromPalette ? [bin.id, 'Version 1'] : []), true);
    assert.deepEqual(pathsOf(requests), [
      ...(fromPalette ? [`GET /v3/b/${bin.id}/versions/count`, `GET /v3/b/${bin.id}/1`] : []),
      `GET /v3/b/${bin.id}/latest`,
      `PUT /v3/b/${bin.id}`,
    ]);
    assert.equal(requests.at(-1)?.body, '{"n":1}');
    assert.match(c.asked.at(-1) ?? '', /^Restore version 1 of /);
    assert.ok(activeTab() instanceof vscode.TabInputTextDiff, 'the confirmation came without the diff');
    assert.deepEqual((await c.w.other.readBin(bin.id)).record, { n: 1 });
  };

  /** What a copy costs: nothing when the bin's privacy is known (row, tab); the palette names a bin never read here, read once. */
  const copyCase = (expected: (bin: { id: string }) => string) =>
    binCase(
      () => [],
      async (bin, requests) => {
        assert.deepEqual(pathsOf(requests), c.asked.length === 0 ? [] : [`GET /v3/b/${bin.id}/latest`]);
        const copied = await vscode.env.clipboard.readText();
        assert.ok(copied.startsWith(expected(bin)), copied);
        assert.ok(!copied.includes(TEST_KEY) && !/X-Master-Key/i.test(copied), "a public bin's copy carries no key");
      },
    );
  const urlOf = (bin: { id: string }) => `${c.w.service.baseUrl}/b/${bin.id}/latest`;

  const dashboardCase: Case = async (place, kind) => {
    const { w } = c;
    const bin = await newBin(kind ?? 'bin');
    const args = await argsFor(place, kind, bin);
    // Nothing may read from the hosted service while it is configured: no tab stays open.
    await closeAll();
    const opened: string[] = [];
    w.api.setOpener(async (uri) => {
      opened.push(uri.toString(true));
      return true;
    });
    try {
      const requests = await asHostedService(w, () => invoke(place.entry.command, args, ...(place.menu === 'palette' ? [bin.id] : [])));
      assert.deepEqual(requests, []);
      assert.deepEqual(opened, [`https://jsonbin.io/app/bins/${bin.id}`]);
    } finally {
      w.api.setOpener(undefined);
    }
  };

  return {
    [Command.restoreVersion]: restoreCase,
    [Command.copyPublicUrl]: copyCase(urlOf),
    [Command.copyFetchSnippet]: copyCase((bin) => `fetch(${JSON.stringify(urlOf(bin))})`),
    [Command.copyCurlSnippet]: copyCase((bin) => `curl -sS '${urlOf(bin)}'\n`),
    [Command.openInDashboard]: dashboardCase,
  };
}
