/** Cases for the copies kept of bins for reading offline. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../../src/extension/commands/idsAndContextKeys';
import { binUri } from '../../../src/extension/fs/uris';
import { namesIn, until } from '../support';
import { pathsOf, type Case, type MenuContext } from './context';

export function offlineCases(c: MenuContext): Record<string, Case> {
  const { invoke, argsFor } = c;
  return {
    [Command.clearOfflineCopies]: async (place, kind) => {
      const { id, name } = await c.newBin();
      await vscode.window.showTextDocument(binUri(id, name));
      const kept = async () => (await namesIn(c.w.api.offlineCopiesFolder)).length;
      await until(async () => (await kept()) > 0 || undefined, 'a kept copy');
      const requests = await invoke(place.entry.command, await argsFor(place, kind));
      assert.deepEqual(pathsOf(requests), []);
      assert.equal(await kept(), 0);
    },
  };
}
