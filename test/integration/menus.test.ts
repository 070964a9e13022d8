/**
 * Every entry of the manifest's menus, invoked with exactly what VS Code passes from that place:
 * the row's node (taken from the view's own data) for a tree row, the tab's Uri and its editor
 * context for an editor title, the focused row for a view title, the clicked file's Uri and every
 * selected file's for the Explorer, nothing from the palette. Prompts and file dialogs
 * are answered through the extension's prompter; each case checks the effect the user would see.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { Command } from '../../src/commands/ids';
import { binUri } from '../../src/fs/uris';
import type { Node } from '../../src/tree/nodes';
import type { Prompter } from '../../src/ui/prompter';
import { asHostedService, closeAll, labelOf, manifest, requestsDuring, setup, TEST_KEY, until, type MenuEntry, type World } from './support';
import { kindsMatching } from './when';

/** What the user types or picks, confirms, or chooses in a file dialog. */
type Answer = string | true | vscode.Uri | vscode.Uri[];
interface Place {
  menu: string;
  entry: MenuEntry;
}
/** A case runs one place's command for one row kind (or none) and checks the effect. */
type Case = (place: Place, kind: string | undefined) => Promise<void>;

const run = (command: string, ...args: unknown[]) => Promise.resolve(vscode.commands.executeCommand(command, ...args));

describe('every menu entry, as VS Code invokes it', function () {
  this.timeout(60_000);
  let w: World;
  let answers: Answer[] = [];
  const asked: string[] = [];
  let collectionWithSchema: { id: string; name: string; schemaDocId: string };
  let plainCollection: { id: string; name: string };
  let made = 0;

  const take = (question: string): Answer => {
    asked.push(question);
    const answer = answers.shift();
    assert.ok(answer !== undefined, `unexpected prompt: ${question}`);
    return answer;
  };
  const prompter: Prompter = {
    input: async (options) => {
      const answer = take(options.prompt ?? '');
      assert.equal(typeof answer, 'string');
      assert.equal(await options.validateInput?.(answer as string), undefined, `answer refused: ${String(answer)}`);
      return answer as string;
    },
    pick: async (items, options) => {
      const answer = take(options.placeHolder ?? '');
      const item = items.find((i) => i.label.replace(/\$\([\w-]+\)\s*/, '').startsWith(answer as string));
      assert.ok(item, `no item "${String(answer)}" among ${items.map((i) => i.label).join(', ')}`);
      return item;
    },
    confirm: async (message) => take(message) === true,
    openDialog: async (options) => {
      const answer = take(options.title ?? '');
      assert.ok(Array.isArray(answer), `not files: ${String(answer)}`);
      return answer;
    },
    saveDialog: async (options) => {
      const answer = take(options.title ?? '');
      assert.ok(answer instanceof vscode.Uri, `not a file: ${String(answer)}`);
      assert.ok(options.defaultUri?.path.endsWith('.json'), `no default file name: ${options.defaultUri?.path}`);
      return answer;
    },
    progress: (_title, work) => work({ report: () => undefined }, new vscode.CancellationTokenSource().token),
  };

  /** Runs a command as a place does, with these answers ready; every answer must be asked for. */
  async function invoke(command: string, args: unknown[], ...given: Answer[]) {
    answers = [...given];
    const requests = await requestsDuring(w.service, () => run(command, ...args));
    assert.deepEqual(answers, [], `prompts not asked: ${answers.join(', ')}`);
    return requests;
  }

  const roots = async () => (await w.api.tree.getChildren()) ?? [];
  async function rowsOf(parent: Node): Promise<Node[]> {
    return (await w.api.tree.getChildren(parent)) ?? [];
  }
  async function row(parent: Node, label: string): Promise<Node> {
    for (const node of await rowsOf(parent)) {
      if (labelOf(await w.api.tree.getTreeItem(node)) === label) {
        return node;
      }
    }
    assert.fail(`no row ${label}`);
  }
  /** The row VS Code would pass for a row of this kind, after the view was refreshed. */
  async function rowOfKind(kind: string, binName?: string): Promise<Node> {
    await run(Command.refresh);
    const [collections, uncategorized] = await roots();
    switch (kind) {
      case 'group.collections':
        return collections;
      case 'group.uncategorized':
        return uncategorized;
      case 'collection':
        return row(collections, plainCollection.name);
      case 'collection.withSchemaDoc':
        return row(collections, collectionWithSchema.name);
      case 'schemaDoc':
        return (await rowsOf(await row(collections, collectionWithSchema.name)))[0];
      case 'bin':
        return row(await row(collections, plainCollection.name), binName!);
      case 'bin.remembered':
        return row(uncategorized, binName!);
      default:
        assert.fail(`no row of kind ${kind}`);
    }
  }

  /** A bin to act on: in the plain collection, or remembered (added by id), with two versions. */
  async function newBin(kind = 'bin'): Promise<{ id: string; name: string }> {
    const name = `menu bin ${++made}`;
    const id = (await w.other.createBin({ record: { n: 0 }, name, private: false, collectionId: kind === 'bin' ? plainCollection.id : undefined })).metadata.id;
    // Public bins keep versions on the free plan too.
    await w.other.updateBin(id, { n: 1 });
    await w.other.updateBin(id, { n: 2 });
    if (kind === 'bin.remembered') {
      await run(Command.addBin, id);
    }
    return { id, name };
  }

  /** What each place passes: a row's node, a tab's Uri and editor context, the focused row, nothing. */
  async function argsFor(place: Place, kind: string | undefined, bin?: { id: string; name: string }): Promise<unknown[]> {
    switch (place.menu) {
      case 'view/item/context':
        return [await rowOfKind(kind!, bin?.name)];
      case 'editor/title': {
        // An entry for a version's tab shows on `/bin/<id>/v<n>/…` only.
        const uri = binUri(bin!.id, bin!.name, place.entry.when?.includes('\\/v\\d+') ? 1 : undefined);
        await vscode.window.showTextDocument(uri);
        return [uri, { groupId: 0, editorIndex: 0 }];
      }
      case 'view/title':
        return [(await roots())[0]];
      default:
        return [];
    }
  }

  const files = mkdtempSync(join(tmpdir(), 'jsonbin-menus-'));
  /** A file of the machine the extension runs on, with this text. */
  const fileWith = (name: string, text: string) => {
    const path = join(files, name);
    writeFileSync(path, text);
    return vscode.Uri.file(path);
  };

  const pathsOf = (requests: { method: string; path: string }[]) => requests.map((r) => `${r.method} ${r.path}`);
  const activeUri = () => vscode.window.activeTextEditor?.document.uri.toString();
  const activeTab = () => vscode.window.tabGroups.activeTabGroup.activeTab?.input;

  /** Bin actions: the palette asks for the bin (no tab is open), the row and tab give it. */
  const binCase =
    (answers: (bin: { id: string; name: string }) => Answer[], check: (bin: { id: string; name: string }, requests: Awaited<ReturnType<typeof invoke>>) => Promise<void> | void, kindOfNewBin?: string): Case =>
    async (place, kind) => {
      const bin = await newBin(kindOfNewBin ?? kind ?? 'bin');
      const args = await argsFor(place, kind, bin);
      const asksForBin = place.menu === 'palette';
      const requests = await invoke(place.entry.command, args, ...(asksForBin ? [bin.id] : []), ...answers(bin));
      await check(bin, requests);
    };

  const createBinCase: Case = async (place, kind) => {
    const args = await argsFor(place, kind);
    const name = `created ${++made}`;
    const inCollection = kind?.startsWith('collection') ? (kind === 'collection' ? plainCollection : collectionWithSchema) : undefined;
    const asksCollection = place.menu === 'palette' || place.menu === 'view/title';
    // Spacing and number forms as typed: the body must carry them unchanged.
    const record = inCollection === collectionWithSchema ? '{ "a":1.50 }' : '{"made":   "here", "n": 1e2}';
    const requests = await invoke(place.entry.command, args, record, name, ...(asksCollection ? ['No collection'] : []), 'Public');
    const post = requests.find((r) => r.method === 'POST');
    assert.ok(post, `no create among ${pathsOf(requests).join(', ')}`);
    assert.equal(post.headers['x-bin-name'], name);
    assert.equal(post.headers['x-bin-private'], 'false');
    assert.equal(post.headers['x-collection-id'], inCollection?.id);
    assert.equal(post.body, record, 'the JSON as typed');
    assert.ok(decodeURIComponent(activeUri() ?? '').endsWith(`/${name}.json`), `the new bin's tab is not active: ${activeUri()}`);
  };

  const addBinCase: Case = async (place, kind) => {
    const id = (await w.other.createBin({ record: { added: true }, name: `added ${++made}`, private: false })).metadata.id;
    const requests = await invoke(place.entry.command, await argsFor(place, kind), `https://jsonbin.io/app/bins/${id}`);
    assert.deepEqual(pathsOf(requests), [`GET /v3/b/${id}/latest`]);
    assert.ok(activeUri()?.includes(id));
  };

  const createCollectionCase: Case = async (place, kind) => {
    const requests = await invoke(place.entry.command, await argsFor(place, kind), `made ${++made}`);
    assert.deepEqual(pathsOf(requests).filter((p) => p.startsWith('POST')), ['POST /v3/c']);
  };

  const openSchemaDocCase: Case = async (place, kind) => {
    const requests = await invoke(place.entry.command, await argsFor(place, kind), ...(place.menu === 'palette' ? [collectionWithSchema.name] : []));
    assert.ok(pathsOf(requests).includes(`GET /v3/s/${collectionWithSchema.schemaDocId}`), pathsOf(requests).join(', '));
    assert.ok(activeUri()?.includes(`/schema/${collectionWithSchema.schemaDocId}/`));
  };

  const attachCase: Case = async (place, kind) => {
    const doc = await w.other.createSchemaDoc(`attach ${++made}`, { type: 'object' });
    const fromPalette = place.menu === 'palette';
    // From the palette the user picks the collection from a listing fetched for it.
    await run(Command.refresh);
    const requests = await invoke(place.entry.command, await argsFor(place, kind), ...(fromPalette ? [plainCollection.name] : []), doc.metadata.id);
    const target = kind === 'collection.withSchemaDoc' ? collectionWithSchema : plainCollection;
    assert.deepEqual(pathsOf(requests), [...(fromPalette ? ['GET /v3/c'] : []), `PUT /v3/c/${target.id}/schemadoc/add`]);
    await w.other.attachSchemaDoc(target.id, target === collectionWithSchema ? collectionWithSchema.schemaDocId : doc.metadata.id);
    if (target === plainCollection) {
      await w.other.detachSchemaDoc(plainCollection.id);
    }
  };

  const detachCase: Case = async (place, kind) => {
    const requests = await invoke(place.entry.command, await argsFor(place, kind), ...(place.menu === 'palette' ? [collectionWithSchema.name] : []));
    assert.deepEqual(pathsOf(requests), [`PUT /v3/c/${collectionWithSchema.id}/schemadoc/remove`]);
    assert.equal((await w.other.listCollections()).find((c) => c.id === collectionWithSchema.id)?.schemaDocId, undefined);
    await w.other.attachSchemaDoc(collectionWithSchema.id, collectionWithSchema.schemaDocId);
    await run(Command.refresh);
  };

  const copyIdCase = binCase(
    () => [],
    async (bin, requests) => {
      assert.deepEqual(requests, []);
      assert.equal(await vscode.env.clipboard.readText(), bin.id);
    },
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

  /** Two files, from the Explorer (one clicked, both selected) or the palette's file dialog, into the validated collection. */
  const uploadCase: Case = async (place) => {
    const texts = ['{ "a":1.50 }', '{"a": [1, 2],\n "b": "two"}'];
    const n = ++made;
    const uris = texts.map((text, i) => fileWith(`upload ${n} ${i}.json`, text));
    const fromExplorer = place.menu === 'explorer/context';
    const args = fromExplorer ? [uris[1], uris] : [];
    const requests = await invoke(place.entry.command, args, ...(fromExplorer ? [] : [uris]), collectionWithSchema.name);
    const posts = requests.filter((r) => r.method === 'POST');
    assert.deepEqual(posts.map((r) => [r.path, r.body, r.headers['x-bin-name'], r.headers['x-collection-id'], r.headers['x-bin-private']]), [
      ['/v3/b', texts[0], `upload ${n} 0`, collectionWithSchema.id, 'true'],
      ['/v3/b', texts[1], `upload ${n} 1`, collectionWithSchema.id, 'true'],
    ]);
    // The collection list and its schema doc, unless already known.
    const others = pathsOf(requests.filter((r) => r.method !== 'POST'));
    assert.deepEqual(others.filter((p) => p !== 'GET /v3/c' && p !== `GET /v3/s/${collectionWithSchema.schemaDocId}`), []);
  };

  /** The record formatted into the file the user picks: from a clean open tab without a request. */
  const saveAsCase: Case = async (place, kind) => {
    const target = vscode.Uri.file(join(files, `saved ${++made}.json`));
    await binCase(
      () => [target],
      (bin, requests) => {
        // Opening the tab validates it, which lists the collections once a session: not the command's.
        const own = pathsOf(requests).filter((p) => p !== 'GET /v3/c');
        assert.deepEqual(own, place.menu === 'editor/title' ? [] : [`GET /v3/b/${bin.id}/latest`]);
        assert.equal(readFileSync(target.fsPath, 'utf8'), '{\n  "n": 2\n}\n');
      },
    )(place, kind);
  };

  /** Every bin of the collection into the folder picked: its pages, then one read per bin. */
  const exportCase: Case = async (place, kind) => {
    const collection = kind === 'collection.withSchemaDoc' ? collectionWithSchema : plainCollection;
    const args = await argsFor(place, kind);
    const folder = vscode.Uri.file(mkdtempSync(join(files, 'export-')));
    const bins: { id: string; name?: string }[] = [];
    for (let page = await w.other.listBins(collection.id); ; page = await w.other.listBins(collection.id, page.at(-1)!.id)) {
      bins.push(...page);
      if (page.length < 10) break;
    }
    const fromPalette = place.menu === 'palette';
    const requests = await invoke(place.entry.command, args, ...(fromPalette ? [collection.name] : []), [folder]);
    const paths = pathsOf(requests).filter((p) => !(fromPalette && p === 'GET /v3/c'));
    const pages = paths.filter((p) => p.startsWith(`GET /v3/c/${collection.id}/bins`));
    assert.equal(pages.length, Math.floor(bins.length / 10) + 1);
    assert.deepEqual(paths.slice(pages.length).sort(), bins.map((b) => `GET /v3/b/${b.id}/latest`).sort());
    for (const bin of bins) {
      const name = `${bin.name ?? bin.id}.json`;
      assert.equal(readFileSync(join(folder.fsPath, name), 'utf8'), `${JSON.stringify((await w.other.readBin(bin.id)).record, null, 2)}\n`, name);
    }
  };

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
    assert.match(asked.at(-1) ?? '', /^Restore version 1 of /);
    assert.ok(activeTab() instanceof vscode.TabInputTextDiff, 'the confirmation came without the diff');
    assert.deepEqual((await w.other.readBin(bin.id)).record, { n: 1 });
  };

  /** What a copy costs: nothing when the bin's privacy is known (row, tab); the palette names a bin never read here, read once. */
  const copyCase = (expected: (bin: { id: string }) => string) =>
    binCase(
      () => [],
      async (bin, requests) => {
        assert.deepEqual(pathsOf(requests), asked.length === 0 ? [] : [`GET /v3/b/${bin.id}/latest`]);
        const copied = await vscode.env.clipboard.readText();
        assert.ok(copied.startsWith(expected(bin)), copied);
        assert.ok(!copied.includes(TEST_KEY) && !/X-Master-Key/i.test(copied), 'a public bin\'s copy carries no key');
      },
    );
  const urlOf = (bin: { id: string }) => `${w.service.baseUrl}/b/${bin.id}/latest`;

  const dashboardCase: Case = async (place, kind) => {
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

  /** Renamed, then named back by someone else: the other cases find the collections by name. */
  const renameCollectionCase: Case = async (place, kind) => {
    const target = kind === 'collection.withSchemaDoc' ? collectionWithSchema : plainCollection;
    const args = await argsFor(place, kind);
    const fromPalette = place.menu === 'palette';
    if (fromPalette) {
      await run(Command.refresh);
    }
    const renamed = `${target.name} renamed`;
    const requests = await invoke(place.entry.command, args, ...(fromPalette ? [target.name] : []), renamed);
    assert.deepEqual(pathsOf(requests), [...(fromPalette ? ['GET /v3/c'] : []), `PUT /v3/c/${target.id}/meta/name`]);
    assert.equal(requests.at(-1)?.headers['x-collection-name'], renamed);
    const [collections] = await roots();
    const shown = await requestsDuring(w.service, () => row(collections, renamed));
    assert.deepEqual(shown, [], 'the view lists the new name from what it fetched');
    await w.other.renameCollection(target.id, target.name);
  };

  const renameSchemaDocCase: Case = async (place, kind) => {
    const id = collectionWithSchema.schemaDocId;
    const args = await argsFor(place, kind);
    const fromPalette = place.menu === 'palette';
    // The view shows the collection's rows (as the row form's own place does), for the check below.
    await rowsOf(await row((await roots())[0], collectionWithSchema.name));
    const before = await w.other.readSchemaDoc(id);
    const renamed = `menu schema ${++made}`;
    const requests = await invoke(place.entry.command, args, ...(fromPalette ? [collectionWithSchema.name] : []), renamed);
    // The contract renames a schema doc only with an update: its record goes back unchanged.
    assert.deepEqual(pathsOf(requests), [`GET /v3/s/${id}`, `PUT /v3/s/${id}`]);
    assert.equal(requests.at(-1)?.headers['x-schema-doc-name'], renamed);
    assert.equal(requests.at(-1)?.body, JSON.stringify(before.record));
    const [collections] = await roots();
    const shown = await requestsDuring(w.service, async () => {
      const [schemaDocRow] = await rowsOf(await row(collections, collectionWithSchema.name));
      assert.equal((await w.api.tree.getTreeItem(schemaDocRow)).description, renamed);
    });
    assert.deepEqual(shown, [], 'the view shows the new name without a request');
  };
  /** The bins in no collection as the view shows them: label, privacy. */
  const uncategorizedRows = async () => {
    const [, uncategorized] = await roots();
    const items = await Promise.all((await rowsOf(uncategorized)).map(async (n) => w.api.tree.getTreeItem(n)));
    return items.filter((i) => i.contextValue?.startsWith('bin')).map((i) => `${labelOf(i)} ${String(i.description)}`);
  };

  const partCase = (answers: Answer[], header: [string, string], expected: unknown) =>
    binCase(
      () => answers,
      async (bin, requests) => {
        assert.deepEqual(requests.map((r) => `${r.method} ${r.path} ${r.headers[header[0]]}`), [`GET /v3/b/${bin.id}/latest ${header[1]}`]);
        const document = vscode.window.activeTextEditor!.document;
        assert.match(document.uri.path, new RegExp(`^/bin/${bin.id}/(record|path)/`));
        assert.deepEqual(JSON.parse(document.getText()), expected);
        assert.equal((await vscode.workspace.fs.stat(document.uri)).permissions, vscode.FilePermission.Readonly);
      },
    );

  const cases: Record<string, Case> = {
    [Command.setApiKey]: async (place, kind) => {
      const requests = await invoke(place.entry.command, await argsFor(place, kind), TEST_KEY);
      assert.deepEqual(pathsOf(requests), ['GET /v3/c']);
    },
    [Command.clearApiKey]: async (place, kind) => {
      await invoke(place.entry.command, await argsFor(place, kind));
      try {
        await until(async () => (await roots()).length <= 1 || undefined, 'the view to show no collections without a key');
      } finally {
        await run(Command.setApiKey, TEST_KEY);
      }
    },
    [Command.refresh]: async (place, kind) => {
      const [collections] = await roots();
      await rowsOf(collections);
      await invoke(place.entry.command, await argsFor(place, kind));
      const again = await requestsDuring(w.service, () => rowsOf(collections));
      assert.deepEqual(pathsOf(again), ['GET /v3/c'], 'a refresh lists again');
    },
    [Command.createBin]: createBinCase,
    [Command.addBin]: addBinCase,
    [Command.createCollection]: createCollectionCase,
    [Command.createSchemaDoc]: async (place, kind) => {
      const typed = '{ "type":  "object" }';
      const requests = await invoke(place.entry.command, await argsFor(place, kind), `schema ${++made}`, typed);
      assert.deepEqual(pathsOf(requests).filter((p) => p.startsWith('POST')), ['POST /v3/s']);
      assert.equal(requests.find((r) => r.method === 'POST')?.body, typed, 'the schema as typed');
      assert.match(activeUri() ?? '', /\/schema\//);
    },
    [Command.openBin]: binCase(
      () => [],
      (bin) => assert.match(activeUri() ?? '', new RegExp(`/bin/${bin.id}/`)),
    ),
    [Command.deleteBin]: binCase(
      () => [true],
      async (bin, requests) => {
        assert.deepEqual(pathsOf(requests).filter((p) => p.startsWith('DELETE')), [`DELETE /v3/b/${bin.id}`]);
        await assert.rejects(w.other.readBin(bin.id), /not found/);
      },
    ),
    [Command.deleteVersions]: binCase(
      () => ['Keep the latest record', true],
      async (bin, requests) => {
        const sent = requests.find((r) => r.method === 'DELETE');
        assert.equal(sent?.path, `/v3/b/${bin.id}/versions`);
        assert.equal(sent?.headers['x-preserve-latest'], 'true');
        assert.deepEqual((await w.other.readBin(bin.id)).record, { n: 2 });
      },
    ),
    [Command.setVersioning]: binCase(
      () => ['Turn versioning off'],
      (bin, requests) => assert.deepEqual(requests.map((r) => `${r.method} ${r.path} ${r.headers['x-bin-versioning'] ?? ''}`), [`GET /v3/b/${bin.id}/latest `, `PUT /v3/b/${bin.id} false`]),
    ),
    [Command.forgetBin]: async (place, kind) => {
      const bin = await newBin('bin.remembered');
      const requests = await invoke(place.entry.command, await argsFor(place, kind, bin), ...(place.menu === 'palette' ? [bin.name] : []));
      assert.deepEqual(requests, []);
      // Listed afresh: the bin is in the service's listing of bins in no collection, but no longer remembered.
      await run(Command.refresh);
      const [, uncategorized] = await roots();
      const rows = await Promise.all((await rowsOf(uncategorized)).map(async (n) => w.api.tree.getTreeItem(n)));
      assert.deepEqual(rows.filter((r) => labelOf(r) === bin.name).map((r) => r.contextValue), ['bin']);
    },
    [Command.copyBinId]: copyIdCase,
    [Command.renameBin]: binCase(
      (bin) => [`${bin.name} renamed`],
      async (bin, requests) => {
        assert.deepEqual(pathsOf(requests), [`PUT /v3/b/${bin.id}/meta/name`]);
        assert.equal((await w.other.readBin(bin.id)).metadata.name, `${bin.name} renamed`);
      },
    ),
    [Command.setPrivacy]: binCase(
      () => ['Private'],
      async (bin, requests) => {
        assert.deepEqual(requests.map((r) => `${r.method} ${r.path} ${r.headers['x-bin-private']}`), [`PUT /v3/b/${bin.id}/meta/privacy true`]);
        assert.equal((await w.other.readBin(bin.id)).metadata.private, true);
      },
    ),
    [Command.openVersion]: versionCase(false),
    [Command.compareWithVersion]: versionCase(true),
    [Command.openSchemaDoc]: openSchemaDocCase,
    [Command.attachSchemaDoc]: attachCase,
    [Command.detachSchemaDoc]: detachCase,
    [Command.restoreVersion]: restoreCase,
    [Command.copyPublicUrl]: copyCase(urlOf),
    [Command.copyFetchSnippet]: copyCase((bin) => `fetch(${JSON.stringify(urlOf(bin))})`),
    [Command.copyCurlSnippet]: copyCase((bin) => `curl -sS '${urlOf(bin)}'\n`),
    [Command.openInDashboard]: dashboardCase,
    [Command.renameCollection]: renameCollectionCase,
    [Command.renameSchemaDoc]: renameSchemaDocCase,
    [Command.findBin]: async (place, kind) => {
      // Created here, so remembered without a read: opening the match is its one request.
      const name = `found ${++made}`;
      const { id } = (await run(Command.createBin, { record: { f: 1 }, name, private: false })) as { id: string };
      await run(Command.refresh);
      const requests = await invoke(place.entry.command, await argsFor(place, kind), name, 'Search what is already listed', name);
      assert.deepEqual(pathsOf(requests), [`GET /v3/b/${id}/latest`]);
      assert.match(activeUri() ?? '', new RegExp(`/bin/${id}/`));
    },
    [Command.filterBins]: async (place, kind) => {
      await run(Command.createBin, { record: { f: 1 }, name: `menu filter ${++made}`, private: false });
      await run(Command.createBin, { record: { f: 1 }, name: `menu filter ${++made}`, private: true });
      try {
        const requests = await invoke(place.entry.command, await argsFor(place, kind), 'MENU FILTER', 'Public', 'Any collection');
        assert.deepEqual(requests, []);
        assert.equal(w.api.view.description, 'filter: "MENU FILTER", public');
        const rows = await uncategorizedRows();
        assert.ok(rows.includes(`menu filter ${made - 1} public`), rows.join());
        assert.ok(rows.every((r) => r.startsWith('menu filter ') && r.endsWith(' public')), rows.join());
      } finally {
        await run(Command.clearFilter);
      }
    },
    [Command.clearFilter]: async (place, kind) => {
      await run(Command.filterBins, { private: true, name: 'nothing is named so' });
      assert.deepEqual(await uncategorizedRows(), []);
      const requests = await invoke(place.entry.command, await argsFor(place, kind));
      assert.deepEqual(requests, []);
      assert.equal(w.api.view.description, undefined);
      assert.notDeepEqual(await uncategorizedRows(), []);
    },
    [Command.openJsonPath]: partCase(['$.n'], ['x-json-path', '$.n'], [2]),
    [Command.openRecordOnly]: partCase([], ['x-bin-meta', 'false'], { n: 2 }),
    [Command.setBinCollection]: async (place, kind) => {
      // A bin in no collection, told to be in the validated one: its schema doc now checks it.
      const id = (await w.other.createBin({ record: { b: 1 }, name: `told ${++made}` })).metadata.id;
      await invoke(place.entry.command, await argsFor(place, kind), id, collectionWithSchema.name);
      const document = await vscode.workspace.openTextDocument(binUri(id, 'told'));
      const problems = await until(() => vscode.languages.getDiagnostics(document.uri).map((d) => d.message).join() || undefined, 'schema diagnostics');
      assert.match(problems, /Missing property "a"/);
    },
    [Command.uploadAsBin]: uploadCase,
    [Command.saveBinAsFile]: saveAsCase,
    [Command.exportCollection]: exportCase,
  };
  // The other places run the same action as their palette form.
  const formOf: Record<string, string> = {};
  for (const [key, id] of Object.entries(Command)) {
    const base = /^(view|row|tab|explorer)([A-Z]\w*)$/.exec(key);
    if (base) {
      formOf[id] = Command[(base[2][0].toLowerCase() + base[2].slice(1)) as keyof typeof Command];
    }
  }

  const places: Place[] = [];
  const menus = manifest().contributes.menus;
  for (const menu of ['view/title', 'view/item/context', 'editor/title', 'explorer/context']) {
    places.push(...(menus[menu] ?? []).map((entry) => ({ menu, entry })));
  }
  const hidden = new Set(menus.commandPalette.filter((m) => m.when === 'false').map((m) => m.command));
  places.push(...manifest().contributes.commands.filter((c) => !hidden.has(c.command)).map((c) => ({ menu: 'palette', entry: { command: c.command } })));
  let covered = 0;

  before(async () => {
    w = await setup();
    w.api.setPrompter(prompter);
    const schemaDoc = await w.other.createSchemaDoc('menu schema', { type: 'object', required: ['a'] });
    const withSchema = await w.other.createCollection('Menu validated');
    const plain = await w.other.createCollection('Menu plain');
    await w.other.attachSchemaDoc(withSchema.id, schemaDoc.metadata.id);
    collectionWithSchema = { id: withSchema.id, name: 'Menu validated', schemaDocId: schemaDoc.metadata.id };
    plainCollection = { id: plain.id, name: 'Menu plain' };
  });
  beforeEach(() => closeAll());
  after(async () => {
    w.api.setPrompter(undefined);
    await closeAll();
    console.log(`[suite]       menu entries covered: ${covered} of ${places.length}`);
    assert.equal(covered, places.length);
  });

  for (const place of places) {
    const { menu, entry } = place;
    it(`${menu} ${entry.group ?? ''} ${entry.command}`, async () => {
      const action = cases[formOf[entry.command] ?? entry.command];
      assert.ok(action, `no case for ${entry.command} from ${menu}`);
      const kinds = menu === 'view/item/context' ? kindsMatching(entry.when ?? '') : [undefined];
      assert.ok(kinds.length > 0, `${entry.command} shows on no row`);
      for (const kind of kinds) {
        await closeAll();
        // A visible view fetches again on every change: its requests would mix with the command's.
        await run('workbench.action.closeSidebar');
        asked.length = 0;
        await action(place, kind);
      }
      covered++;
    });
  }
});
