/** Cases of linked files: from the Explorer (the clicked file) and the palette (the active editor's file). */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../../src/extension/commands/idsAndContextKeys';
import { pathsOf, run, type Case, type MenuContext, type Place } from './context';

export function linkCases(c: MenuContext): Record<string, Case> {
  const encoder = new TextEncoder();

  /** A workspace file linked to a new bin (`{ n: 0 }`), both holding the same value; `link: false` leaves it unlinked. */
  const linkedFile = async (link = true) => {
    const n = c.next();
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'menu-links', `file ${n}.json`);
    await vscode.workspace.fs.writeFile(uri, encoder.encode('{ "n": 0 }'));
    const id = (await c.w.other.createBin({ record: { n: 0 }, name: `linked ${n}` })).metadata.id;
    if (link) {
      await run(Command.linkFile, uri, id);
    }
    return { uri, id };
  };
  /** What the place passes: the Explorer the clicked file (and the selection), an editor title its tab's; the palette nothing, its file in the active editor. */
  const argsAt = async (place: Place, uri: vscode.Uri): Promise<unknown[]> => {
    if (place.menu === 'explorer/context') {
      return [uri, [uri]];
    }
    await vscode.window.showTextDocument(uri);
    // An editor title passes the tab's Uri and its editor's place; the palette nothing.
    return place.menu === 'editor/title' ? [uri, { groupId: 0, editorIndex: 0 }] : [];
  };
  const stateOf = async (uri: vscode.Uri) => (await run<{ state: string }[]>(Command.linkStatus, uri))[0].state;

  return {
    [Command.linkFile]: async (place) => {
      const { uri, id } = await linkedFile(false);
      const requests = await c.invoke(place.entry.command, await argsAt(place, uri), id);
      assert.deepEqual(pathsOf(requests), [`GET /v3/b/${id}/latest`]);
      assert.equal(await stateOf(uri), 'same');
    },
    [Command.unlinkFile]: async (place) => {
      const { uri } = await linkedFile();
      assert.deepEqual(await c.invoke(place.entry.command, await argsAt(place, uri)), []);
      await assert.rejects(run(Command.linkStatus, uri), /not linked/);
    },
    [Command.pushFile]: async (place) => {
      const { uri, id } = await linkedFile();
      await vscode.workspace.fs.writeFile(uri, encoder.encode('{ "n": 1 }'));
      const requests = await c.invoke(place.entry.command, await argsAt(place, uri));
      assert.deepEqual(pathsOf(requests), [`GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`]);
      assert.deepEqual((await c.w.other.readBin(id)).record, { n: 1 });
    },
    [Command.pullFile]: async (place) => {
      const { uri, id } = await linkedFile();
      await c.w.other.updateBin(id, { n: 2 });
      const requests = await c.invoke(place.entry.command, await argsAt(place, uri));
      assert.deepEqual(pathsOf(requests), [`GET /v3/b/${id}/latest`]);
      assert.deepEqual(JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri))), { n: 2 });
    },
    [Command.compareWithBin]: async (place) => {
      const { uri, id } = await linkedFile();
      const requests = await c.invoke(place.entry.command, await argsAt(place, uri));
      assert.deepEqual(pathsOf(requests), [`GET /v3/b/${id}/latest`]);
      assert.ok(vscode.window.tabGroups.activeTabGroup.activeTab?.input instanceof vscode.TabInputTextDiff);
    },
    // Every file known to be to push (or to pull): this one among them.
    [Command.pushAllFiles]: async (place) => {
      const { uri, id } = await linkedFile();
      await vscode.workspace.fs.writeFile(uri, encoder.encode('{ "n": 3 }'));
      const requests = await c.invoke(place.entry.command, []);
      assert.deepEqual(
        pathsOf(requests).filter((p) => p.includes(id)),
        [`GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`],
      );
      assert.deepEqual((await c.w.other.readBin(id)).record, { n: 3 });
    },
    [Command.pullAllFiles]: async (place) => {
      const { uri, id } = await linkedFile();
      await c.w.other.updateBin(id, { n: 4 });
      await run(Command.checkLinks, {});
      assert.equal(await stateOf(uri), 'changedThere');
      const requests = await c.invoke(place.entry.command, []);
      assert.deepEqual(
        pathsOf(requests).filter((p) => p.includes(id)),
        [`GET /v3/b/${id}/latest`],
      );
      assert.deepEqual(JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri))), { n: 4 });
    },
    [Command.checkLinks]: async (place) => {
      await linkedFile();
      const links = await run<{ binId: string }[]>(Command.linkStatus);
      const requests = await c.invoke(place.entry.command, []);
      assert.deepEqual(pathsOf(requests).sort(), links.map((l) => `GET /v3/b/${l.binId}/latest`).sort());
    },
  };
}
