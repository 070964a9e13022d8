/**
 * Every entry of the manifest's menus, invoked with exactly what VS Code passes from that place:
 * the row's node (taken from the view's own data) for a tree row, the tab's Uri and its editor
 * context for an editor title, the focused row for a view title, the clicked file's Uri and every
 * selected file's for the Explorer, nothing from the palette; for a row entry shown only while
 * several rows are selected, the clicked row and every selected one. Prompts and file dialogs
 * are answered through the extension's prompter; each case checks the effect the user would see.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { binUri } from '../../src/extension/fs/uris';
import type { Node } from '../../src/extension/features/tree/nodes';
import type { Prompter } from '../../src/extension/ui/prompter';
import { accountCases } from './menus/accountCases';
import { binCases } from './menus/binCases';
import { changeCases } from './menus/changeCases';
import { tableCases } from './menus/tableCases';
import { collectionCases } from './menus/collectionCases';
import { run, type Answer, type Bin, type Case, type MenuContext, type Place } from './menus/context';
import { definitionCases } from './menus/definitionCases';
import { draftCases } from './menus/draftCases';
import { findCases } from './menus/findCases';
import { linkCases } from './menus/linkCases';
import { offlineCases } from './menus/offlineCases';
import { selectionCases } from './menus/selectionCases';
import { shareCases } from './menus/shareCases';
import { transferCases } from './menus/transferCases';
import { closeAll, labelOf, manifest, menuEntries, requestsDuring, setup, type World } from './support';
import { forSeveral, kindsMatching } from './when';

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
    if (kind.startsWith('account')) {
      // Account rows show when there are several accounts (the account cases add one).
      const found = (await roots()).find((n) => n.contextValue === kind);
      assert.ok(found, `no account row of kind ${kind}`);
      return found;
    }
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
  async function newBin(kind = 'bin'): Promise<Bin> {
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
  async function argsFor(place: Place, kind: string | undefined, bin?: Bin): Promise<unknown[]> {
    switch (place.menu) {
      case 'view/item/context':
        return [await rowOfKind(kind!, bin?.name)];
      case 'editor/title': {
        // An entry for a version's tab shows on `/bin/<id>/v<n>/…` only.
        const uri = binUri(bin!.id, bin!.name, place.entry.when?.includes('\\/v\\d+') ? 1 : undefined);
        await vscode.window.showTextDocument(uri);
        // What opening the tab sends (its read, its collection's lookup) is not the command's.
        await w.api.whenIdle();
        return [uri, { groupId: 0, editorIndex: 0 }];
      }
      case 'view/title':
        return [(await roots())[0]];
      default:
        return [];
    }
  }

  /** Bin actions: the palette asks for the bin (no tab is open), the row and tab give it. */
  const binCase: MenuContext['binCase'] = (answers, check, kindOfNewBin) => async (place, kind) => {
    const bin = await newBin(kindOfNewBin ?? kind ?? 'bin');
    const args = await argsFor(place, kind, bin);
    const asksForBin = place.menu === 'palette';
    const requests = await invoke(place.entry.command, args, ...(asksForBin ? [bin.id] : []), ...answers(bin));
    await check(bin, requests);
  };

  // Read through getters: the world and the collections exist once `before` has run.
  const context: MenuContext = {
    get w() {
      return w;
    },
    get collectionWithSchema() {
      return collectionWithSchema;
    },
    get plainCollection() {
      return plainCollection;
    },
    asked,
    next: () => ++made,
    invoke,
    argsFor,
    newBin,
    binCase,
    roots,
    rowsOf,
    row,
  };
  /** The entries shown only while several rows are selected: by their row command. */
  const severalCases = selectionCases(context);
  const cases: Record<string, Case> = {
    ...collectionCases(context),
    ...binCases(context),
    ...transferCases(context),
    ...shareCases(context),
    ...findCases(context),
    ...accountCases(context),
    ...offlineCases(context),
    ...draftCases(context),
    ...changeCases(context),
    ...linkCases(context),
    ...tableCases(context),
    ...definitionCases(context),
  };

  // The other places run the same action as their palette form.
  const formOf: Record<string, string> = {};
  for (const [key, id] of Object.entries(Command)) {
    const base = /^(view|row|tab|explorer|scm)([A-Z]\w*)$/.exec(key);
    if (base) {
      formOf[id] = Command[(base[2][0].toLowerCase() + base[2].slice(1)) as keyof typeof Command];
    }
  }

  const places: Place[] = [];
  for (const menu of ['view/title', 'view/item/context', 'editor/title', 'explorer/context']) {
    places.push(...menuEntries(menu).map((entry) => ({ menu, entry })));
  }
  const hidden = new Set(
    menuEntries('commandPalette')
      .filter((m) => m.when === 'false')
      .map((m) => m.command),
  );
  places.push(
    ...manifest()
      .contributes.commands.filter((c) => !hidden.has(c.command))
      .map((c) => ({ menu: 'palette', entry: { command: c.command } })),
  );
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
      const action = forSeveral(entry.when ?? '') ? severalCases[entry.command] : cases[formOf[entry.command] ?? entry.command];
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
