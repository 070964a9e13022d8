/** Cases for the bins: creating, adding, opening, deleting, their settings and versions, their collection. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../../src/extension/commands/idsAndContextKeys';
import { binUri } from '../../../src/extension/fs/uris';
import { kindOf, labelOf, replaceText, until } from '../support';
import { activeTab, activeUri, pathsOf, run, type Case, type MenuContext } from './context';

export function binCases(c: MenuContext): Record<string, Case> {
  const { invoke, argsFor, binCase, newBin, roots, rowsOf } = c;

  const createBinCase: Case = async (place, kind) => {
    const { collectionWithSchema, plainCollection } = c;
    const args = await argsFor(place, kind);
    const name = `created ${c.next()}`;
    const inCollection = kind?.startsWith('collection') ? (kind === 'collection' ? plainCollection : collectionWithSchema) : undefined;
    const asksCollection = place.menu === 'palette' || place.menu === 'view/title';
    // Spacing and number forms as typed: the body must carry them unchanged.
    const record = inCollection === collectionWithSchema ? '{ "a":1.50 }' : '{"made":   "here", "n": 1e2}';
    let requests;
    if (inCollection === collectionWithSchema) {
      // Its schema doc's record is written in an untitled tab, whose CodeLens creates the bin.
      await invoke(place.entry.command, args);
      const draft = await until(
        () => vscode.window.activeTextEditor?.document.uri.scheme === 'untitled' && vscode.window.activeTextEditor.document,
        'the untitled tab',
      );
      await replaceText(draft, record);
      const [lens] = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', draft.uri);
      requests = await invoke(lens.command!.command, lens.command!.arguments ?? [], name, 'Public');
    } else {
      requests = await invoke(place.entry.command, args, ...(asksCollection ? ['No collection'] : []), record, name, 'Public');
    }
    const post = requests.find((r) => r.method === 'POST');
    assert.ok(post, `no create among ${pathsOf(requests).join(', ')}`);
    assert.equal(post.headers['x-bin-name'], name);
    assert.equal(post.headers['x-bin-private'], 'false');
    assert.equal(post.headers['x-collection-id'], inCollection?.id);
    assert.equal(post.body, record, 'the JSON as typed');
    assert.ok(decodeURIComponent(activeUri() ?? '').endsWith(`/${name}.json`), `the new bin's tab is not active: ${activeUri()}`);
  };

  const addBinCase: Case = async (place, kind) => {
    const id = (await c.w.other.createBin({ record: { added: true }, name: `added ${c.next()}`, private: false })).metadata.id;
    const requests = await invoke(place.entry.command, await argsFor(place, kind), `https://jsonbin.io/app/bins/${id}`);
    assert.deepEqual(pathsOf(requests), [`GET /v3/b/${id}/latest`]);
    assert.ok(activeUri()?.includes(id));
  };

  const forgetBinCase: Case = async (place, kind) => {
    const bin = await newBin('bin.remembered');
    const requests = await invoke(place.entry.command, await argsFor(place, kind, bin), ...(place.menu === 'palette' ? [bin.name] : []));
    assert.deepEqual(requests, []);
    // Listed afresh: the bin is in the service's listing of bins in no collection, but no longer remembered.
    await run(Command.refresh);
    const [, uncategorized] = await roots();
    const rows = await Promise.all((await rowsOf(uncategorized)).map(async (n) => c.w.api.tree.getTreeItem(n)));
    assert.deepEqual(rows.filter((r) => labelOf(r) === bin.name).map(kindOf), ['bin']);
  };

  // A row's toggle says what it does: it asks nothing.
  const privacyCase =
    (makePrivate: boolean): Case =>
    async (place, kind) => {
      const bin = await newBin(kind);
      if (!makePrivate) {
        await c.w.other.setPrivacy(bin.id, true);
      }
      const requests = await invoke(place.entry.command, await argsFor(place, kind, bin));
      assert.deepEqual(
        requests.map((r) => `${r.method} ${r.path} ${r.headers['x-bin-private']}`),
        [`PUT /v3/b/${bin.id}/meta/privacy ${makePrivate}`],
      );
      assert.equal((await c.w.other.readBin(bin.id)).metadata.private, makePrivate);
    };
  const versioningCase = (on: boolean) =>
    binCase(
      () => [],
      (bin, requests) =>
        assert.deepEqual(
          requests.map((r) => `${r.method} ${r.path} ${r.headers['x-bin-versioning'] ?? ''}`),
          [`GET /v3/b/${bin.id}/latest `, `PUT /v3/b/${bin.id} ${on}`],
        ),
    );

  const versionCase = (diff: boolean) =>
    binCase(
      () => ['Version 1'],
      async (bin, requests) => {
        assert.ok(pathsOf(requests).includes(`GET /v3/b/${bin.id}/versions/count`));
        assert.ok(pathsOf(requests).includes(`GET /v3/b/${bin.id}/1`), pathsOf(requests).join(', '));
        if (diff) {
          assert.ok(activeTab() instanceof vscode.TabInputTextDiff, 'no diff opened');
        } else {
          assert.match(activeUri() ?? '', new RegExp(`/bin/${bin.id}/v1/`));
          assert.deepEqual(JSON.parse(vscode.window.activeTextEditor!.document.getText()), { n: 1 });
        }
      },
    );

  /** A bin in no collection, told to be in the validated one: its schema doc now checks it. */
  const setBinCollectionCase: Case = async (place, kind) => {
    const id = (await c.w.other.createBin({ record: { b: 1 }, name: `told ${c.next()}` })).metadata.id;
    await invoke(place.entry.command, await argsFor(place, kind), id, c.collectionWithSchema.name);
    const document = await vscode.workspace.openTextDocument(binUri(id, 'told'));
    const problems = await until(
      () =>
        vscode.languages
          .getDiagnostics(document.uri)
          .map((d) => d.message)
          .join() || undefined,
      'schema diagnostics',
    );
    assert.match(problems, /Missing property "a"/);
  };

  return {
    [Command.createBin]: createBinCase,
    [Command.addBin]: addBinCase,
    [Command.openBin]: binCase(
      () => [],
      (bin) => assert.match(activeUri() ?? '', new RegExp(`/bin/${bin.id}/`)),
    ),
    [Command.deleteBin]: binCase(
      () => [true],
      async (bin, requests) => {
        assert.deepEqual(
          pathsOf(requests).filter((p) => p.startsWith('DELETE')),
          [`DELETE /v3/b/${bin.id}`],
        );
        await assert.rejects(c.w.other.readBin(bin.id), /not found/);
      },
    ),
    [Command.deleteVersions]: binCase(
      () => ['Keep the latest record', true],
      async (bin, requests) => {
        const sent = requests.find((r) => r.method === 'DELETE');
        assert.equal(sent?.path, `/v3/b/${bin.id}/versions`);
        assert.equal(sent?.headers['x-preserve-latest'], 'true');
        assert.deepEqual((await c.w.other.readBin(bin.id)).record, { n: 2 });
      },
    ),
    [Command.setVersioning]: binCase(
      () => ['Turn versioning off'],
      (bin, requests) =>
        assert.deepEqual(
          requests.map((r) => `${r.method} ${r.path} ${r.headers['x-bin-versioning'] ?? ''}`),
          [`GET /v3/b/${bin.id}/latest `, `PUT /v3/b/${bin.id} false`],
        ),
    ),
    [Command.forgetBin]: forgetBinCase,
    // A tab opened by the place reads the bin before the count: the refresh itself is one read.
    [Command.refreshBin]: binCase(
      () => [],
      (bin, requests) => assert.deepEqual(pathsOf(requests), [`GET /v3/b/${bin.id}/latest`]),
    ),
    [Command.copyBinId]: binCase(
      () => [],
      async (bin, requests) => {
        assert.deepEqual(requests, []);
        assert.equal(await vscode.env.clipboard.readText(), bin.id);
      },
    ),
    [Command.renameBin]: binCase(
      (bin) => [`${bin.name} renamed`],
      async (bin, requests) => {
        assert.deepEqual(pathsOf(requests), [`PUT /v3/b/${bin.id}/meta/name`]);
        assert.equal((await c.w.other.readBin(bin.id)).metadata.name, `${bin.name} renamed`);
      },
    ),
    [Command.setPrivacy]: binCase(
      () => ['Private'],
      async (bin, requests) => {
        assert.deepEqual(
          requests.map((r) => `${r.method} ${r.path} ${r.headers['x-bin-private']}`),
          [`PUT /v3/b/${bin.id}/meta/privacy true`],
        );
        assert.equal((await c.w.other.readBin(bin.id)).metadata.private, true);
      },
    ),
    [Command.rowMakePrivate]: privacyCase(true),
    [Command.rowMakePublic]: privacyCase(false),
    [Command.rowTurnVersioningOn]: versioningCase(true),
    [Command.rowTurnVersioningOff]: versioningCase(false),
    [Command.openVersion]: versionCase(false),
    [Command.compareWithVersion]: versionCase(true),
    [Command.setBinCollection]: setBinCollectionCase,
  };
}
