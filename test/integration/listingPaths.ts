/**
 * The rows of the listings matrix (`listings.test.ts`): each path that changes bins, the change it
 * makes, where it runs, and exactly what it sends.
 */
import * as assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { binUri } from '../../src/extension/fs/uris';
import { run } from './support';
import type { Listing, ListingsWorld, Shown } from './listings';

/** A listing as the listings know it before the change, and the bins a change acts on. */
export interface Scene {
  listing: Listing;
  /** Two bins of the listing made by someone else, for the changes of a bin: the newest public, the other private. */
  bins: Shown[];
  /** A table of the listing, open beside where the changes' tabs open. */
  table: string;
}

export type Change = 'created' | 'deleted' | 'renamed' | 'privacy' | 'moved' | 'updated';

/** A row of the matrix: who makes which change. */
export interface Path {
  by: string;
  change: Change;
  /** The listings it is run in: a collection's, the bins in no collection, or both. */
  in: ('collection' | 'none')[];
  /** The bin it acts on (an existing one): the listing's newest, unless it says. */
  target?: (s: Scene) => Shown;
  /** What the path needs first (a tab, a link, the agent's read, the rows it drags): not counted. */
  ready?: (s: Scene) => Promise<void>;
  /** Makes the change; `name` names a bin it creates or renames. */
  run: (s: Scene, name: string) => Promise<unknown>;
  /** Exactly what the change sends: `id` is the bin changed (for a create, the new one). */
  sends: (id: string, s: Scene) => string[];
}

/** What the paths use of the suite: its world, a collection besides the scenes' with a bin to copy, a folder for files. */
export interface PathContext {
  l: ListingsWorld;
  elsewhere: () => { id: string; name: string; bin: Shown };
  folder: () => string;
}

export function listingPaths(c: PathContext): Path[] {
  const token = new vscode.CancellationTokenSource().token;
  const file = (name: string, text: string) => {
    writeFileSync(join(c.folder(), name), text);
    return vscode.Uri.file(join(c.folder(), name));
  };
  const dropped = (uris: vscode.Uri[]) => {
    const transfer = new vscode.DataTransfer();
    transfer.set('text/uri-list', new vscode.DataTransferItem(uris.map(String).join('\r\n')));
    return transfer;
  };
  const collectionOf = (s: Scene) => s.listing.collectionId ?? undefined;
  const linkedFile = (s: Scene) => vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'listings', `${s.bins[0].id}.json`);

  return [
    // Created.
    {
      by: "the view (a listing row's Create Bin)",
      change: 'created',
      in: ['collection', 'none'],
      run: async (s, name) => c.l.answering(['{"n": 5}', name, 'Private'], async () => run(Command.rowCreateBin, await c.l.listingRow(s.listing))),
      // Its tab opens and reads it.
      sends: (id) => ['POST /v3/b', `GET /v3/b/${id}/latest`],
    },
    {
      by: 'the palette (Create Bin)',
      change: 'created',
      in: ['collection', 'none'],
      run: (s, name) => c.l.answering([s.listing.name ?? 'No collection', '{"n": 5}', name, 'Private'], () => run(Command.createBin)),
      sends: (id) => ['POST /v3/b', `GET /v3/b/${id}/latest`],
    },
    {
      by: 'a programmatic call (jsonbin.createBin)',
      change: 'created',
      in: ['collection', 'none'],
      run: (s, name) => run(Command.createBin, { record: { n: 5 }, name, collectionId: collectionOf(s) }),
      sends: () => ['POST /v3/b'],
    },
    {
      by: "an agent's tool (jsonbin_createBin)",
      change: 'created',
      in: ['collection', 'none'],
      run: (s, name) => c.l.tool('jsonbin_createBin', { record: { n: 5 }, name, ...(s.listing.collectionId ? { collectionId: s.listing.collectionId } : {}) }),
      sends: () => ['POST /v3/b'],
    },
    {
      by: 'Upload as Bin',
      change: 'created',
      in: ['collection', 'none'],
      run: (s, name) => run(Command.uploadAsBin, [file(`${name}.json`, '{"n": 5}')], { collectionId: s.listing.collectionId }),
      sends: () => ['POST /v3/b'],
    },
    {
      by: "a file dropped on the listing's row",
      change: 'created',
      in: ['collection', 'none'],
      run: async (s, name) => c.l.w.api.dragAndDrop.handleDrop!(await c.l.listingRow(s.listing), dropped([file(`${name}.json`, '{"n": 5}')]), token),
      sends: () => ['POST /v3/b'],
    },
    {
      by: "a bin row of another collection dropped on the listing's row (a copy)",
      change: 'created',
      in: ['collection', 'none'],
      ready: async () => void (await c.l.view({ collectionId: c.elsewhere().id, name: c.elsewhere().name })),
      run: async (s) => {
        const transfer = new vscode.DataTransfer();
        const source = await c.l.binRow({ collectionId: c.elsewhere().id, name: c.elsewhere().name }, c.elsewhere().bin.id);
        await c.l.w.api.dragAndDrop.handleDrag!([source], transfer, token);
        await c.l.answering([true], async () => c.l.w.api.dragAndDrop.handleDrop!(await c.l.listingRow(s.listing), transfer, token));
      },
      sends: () => [`GET /v3/b/${c.elsewhere().bin.id}/latest`, 'POST /v3/b'],
    },
    // Deleted.
    {
      by: "the view (a bin row's Delete)",
      change: 'deleted',
      in: ['collection', 'none'],
      run: async (s) => c.l.answering([true], async () => run(Command.rowDeleteBin, await c.l.binRow(s.listing, s.bins[0].id))),
      sends: (id) => [`DELETE /v3/b/${id}`],
    },
    {
      by: 'the palette (Delete Bin)',
      change: 'deleted',
      in: ['collection', 'none'],
      run: (s) => c.l.answering([s.bins[0].id, true], () => run(Command.deleteBin)),
      sends: (id) => [`DELETE /v3/b/${id}`],
    },
    // Renamed.
    {
      by: "the view (a bin row's Rename)",
      change: 'renamed',
      in: ['collection', 'none'],
      run: async (s, name) => c.l.answering([name], async () => run(Command.rowRenameBin, await c.l.binRow(s.listing, s.bins[0].id))),
      sends: (id) => [`PUT /v3/b/${id}/meta/name`],
    },
    {
      by: 'the palette (Rename Bin)',
      change: 'renamed',
      in: ['collection', 'none'],
      run: (s, name) => c.l.answering([s.bins[0].id, name], () => run(Command.renameBin)),
      sends: (id) => [`PUT /v3/b/${id}/meta/name`],
    },
    // Made private or public.
    {
      by: "the view (a bin row's Make Private)",
      change: 'privacy',
      in: ['collection', 'none'],
      run: async (s) => run(Command.rowMakePrivate, await c.l.binRow(s.listing, s.bins[0].id)),
      sends: (id) => [`PUT /v3/b/${id}/meta/privacy`],
    },
    {
      by: 'the palette (Set Privacy)',
      change: 'privacy',
      in: ['collection', 'none'],
      run: (s) => c.l.answering([s.bins[0].id, 'Private'], () => run(Command.setPrivacy)),
      sends: (id) => [`PUT /v3/b/${id}/meta/privacy`],
    },
    {
      by: 'Copy Public URL of a private bin (made public first)',
      change: 'privacy',
      in: ['collection', 'none'],
      target: (s) => s.bins[1],
      run: (s) => run(Command.copyPublicUrl, s.bins[1].id, { makePublic: true }),
      // Its privacy is known from the listing: nothing is read.
      sends: (id) => [`PUT /v3/b/${id}/meta/privacy`],
    },
    // Told to be in another collection: the contract moves no bin.
    {
      by: 'Choose Collection for Validation (jsonbin.setBinCollection)',
      change: 'moved',
      in: ['collection', 'none'],
      run: (s) => run(Command.setBinCollection, s.bins[0].id, c.elsewhere().id),
      sends: () => [],
    },
    // The record changed: every listing keeps the bin as it was listed; the tables show the new record.
    {
      by: 'Change Bins (jsonbin.changeBins, applied)',
      change: 'updated',
      in: ['collection'],
      run: (s) => run(Command.changeBins, { binIds: [s.bins[0].id] }, { patch: [{ op: 'replace', path: '/n', value: 2 }] }, { apply: true }),
      sends: (id) => [`GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`],
    },
    {
      by: "an agent's tool (jsonbin_updateBin, after its read)",
      change: 'updated',
      in: ['collection', 'none'],
      ready: async (s) => void (await c.l.tool('jsonbin_readBin', { binId: s.bins[0].id })),
      run: (s) => c.l.tool('jsonbin_updateBin', { binId: s.bins[0].id, record: { n: 2 } }),
      // What the agent read may be stale: the write path reads the current record, which serves the conflict check.
      sends: (id) => [`GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`],
    },
    {
      by: "a linked file's push",
      change: 'updated',
      in: ['collection'],
      ready: async (s) => {
        // Linked (its bin read once), then edited: the push sends the file's text.
        await vscode.workspace.fs.writeFile(linkedFile(s), new TextEncoder().encode('{"n": 2}'));
        await run(Command.linkFile, linkedFile(s), s.bins[0].id);
      },
      run: async (s) => {
        try {
          await run(Command.pushFile, linkedFile(s));
        } finally {
          await run(Command.unlinkFile, linkedFile(s));
          await vscode.workspace.fs.delete(linkedFile(s));
        }
      },
      sends: (id) => [`GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`],
    },
    {
      // The table's grid posts its edit and Save All from the webview: here the same WorkspaceEdit and save, of the bin's document.
      by: "the table's edit and Save All (the bin's document edited, then saved)",
      change: 'updated',
      in: ['collection'],
      ready: async (s) => void (await vscode.workspace.openTextDocument(binUri(s.bins[0].id, s.bins[0].name))),
      run: async (s) => {
        const document = await vscode.workspace.openTextDocument(binUri(s.bins[0].id, s.bins[0].name));
        const edit = new vscode.WorkspaceEdit();
        edit.replace(document.uri, new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length)), '{\n  "n": 2\n}');
        assert.ok(await vscode.workspace.applyEdit(edit));
        assert.ok(await document.save());
      },
      // The save's conflict check reads the current record, then one PUT.
      sends: (id) => [`GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`],
    },
  ];
}
