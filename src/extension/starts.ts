/**
 * What activation starts, one function each, in the order `activate` lists them. Each takes only
 * what it uses and registers what it makes with the extension's subscriptions.
 */
import * as vscode from 'vscode';
import type { AccountMaker, AccountParts, Shown, WindowShared } from './accountParts';
import { Accounts } from './accounts/accounts';
import { VIEW_ID } from './commands/contextKeyNames';
import { registerTools } from './features/chat/registerTools';
import { offerSchemaDocUpdates } from './features/definitions/definitionOffers';
import { DefinitionDiagnostics } from './features/definitions/definitionDiagnostics';
import { registerDefinitionFixes } from './features/definitions/definitionFixes';
import { trackDefinitionTab } from './features/definitions/definitionTab';
import type { CommandParts } from './features/handlers';
import type { Parts } from './features/parts';
import { registerSchemaAssist } from './features/schemaDocs/schemaAssist';
import { dragAndDrop } from './features/transfer/dragAndDrop';
import { BinsView } from './features/tree/binsView';
import type { Node } from './features/tree/nodes';
import { Drafts } from './features/drafts';
import { BinFileSystem } from './fs/binFileSystem';
import { SCHEME } from './fs/uris';
import { clearFiltersOnSwitch, trackContextKeys, trackOpenedBin } from './ui/contextKeys';
import { Walkthrough } from './ui/walkthrough';

type PartsFor = (account: string | undefined) => Promise<CommandParts | undefined>;

/** Each account's key, connection, files and rows, made when first needed; what makes them is made with the first (its code loads then). */
export function startAccounts(context: vscode.ExtensionContext, shared: WindowShared): { accounts: Accounts<AccountParts>; shown: () => Shown | undefined } {
  let maker: AccountMaker | undefined;
  const accounts: Accounts<AccountParts> = new Accounts<AccountParts>(shared.memory, context.secrets, async (info, isActive, keys) => {
    const { accountMaker } = await import('./accountParts.js');
    if (!maker) {
      maker = accountMaker(accounts, shared);
      context.subscriptions.push(maker);
    }
    return maker.make(info, isActive, keys);
  });
  context.subscriptions.push(accounts);
  return { accounts, shown: () => maker?.shown };
}

/** What every command is given of the window, beside its account's parts. */
export type ByCommands = Omit<CommandParts, keyof AccountParts>;

/** An account's parts seen through the window's: its `account` stays current after a rename. */
export function commandPartsOf(accounts: Accounts<AccountParts>, byCommands: () => ByCommands): PartsFor {
  return async (account) => {
    const parts = await (account === undefined ? accounts.activeParts() : accounts.parts(account));
    return parts && Object.assign(Object.create(parts) as AccountParts, byCommands());
  };
}

/** The JSONBin view, its drag and drop (which comes only after activation, when the parts it acts on exist). */
export function startView(context: vscode.ExtensionContext, accounts: Accounts<AccountParts>, partsFor: PartsFor) {
  const tree = new BinsView(accounts);
  const dropping = dragAndDrop(async (target) => (await partsFor(target?.account))!);
  const treeView = vscode.window.createTreeView<Node>(VIEW_ID, {
    treeDataProvider: tree,
    showCollapseAll: true,
    canSelectMany: true,
    dragAndDropController: dropping,
  });
  context.subscriptions.push(treeView, tree, clearFiltersOnSwitch(accounts, treeView));
  return { tree, dragAndDrop: dropping, treeView };
}

/** The walkthrough's steps, ticked as the user does them, whether or not it was ever opened (walkthrough.ts); the context keys the menus' `when` read. */
export function startWalkthrough(
  context: vscode.ExtensionContext,
  shared: WindowShared,
  accounts: Accounts<AccountParts>,
  treeView: vscode.TreeView<Node>,
): void {
  const walkthrough = new Walkthrough(shared.memory, context.extension.id);
  accounts.followParts((parts) => [
    parts.bins.onDidChangeBins((changes) => {
      if (changes.some((c) => c.kind === 'created')) {
        walkthrough.done('create');
      }
    }),
  ]);
  context.subscriptions.push(
    trackContextKeys(accounts, () => walkthrough.done('setKey')),
    trackOpenedBin(() => walkthrough.done('edit')),
    walkthrough.followView(treeView),
  );
}

/** The `jsonbin:` file system: bins and schema docs as tabs. */
export function startFiles(context: vscode.ExtensionContext, accounts: Accounts<AccountParts>): void {
  const files = new BinFileSystem(accounts);
  context.subscriptions.push(
    files,
    vscode.workspace.registerFileSystemProvider(SCHEME, files, { isCaseSensitive: true }),
    // A language change closes and reopens a document: its base is dropped only if it stays closed.
    vscode.workspace.onDidCloseTextDocument((d) =>
      setTimeout(() => {
        if (!vscode.workspace.textDocuments.some((open) => open.uri.toString() === d.uri.toString())) {
          accounts.madeFor(d.uri.authority)?.bins.baselines.forget(d.uri.toString());
        }
      }, 0),
    ),
  );
}

/** The untitled tabs that draft a schema doc, a new bin's record or a change of many bins, and the schema docs' completion, hover and quick fixes. */
export function startDrafts(context: vscode.ExtensionContext, accounts: Accounts<AccountParts>): Drafts {
  const drafts = new Drafts();
  context.subscriptions.push(drafts, ...registerSchemaAssist((account) => accounts.madeFor(account), drafts));
  return drafts;
}

/** Structured-output definitions in any JSON tab, whatever its account (their checks load with the first); a definition's changed `schema` offers to update the schema docs made from it. */
export function startDefinitions(context: vscode.ExtensionContext, accounts: Accounts<AccountParts>, prompts: Parts['prompts'], partsFor: PartsFor): void {
  const definitions = new DefinitionDiagnostics();
  accounts.followParts((parts) =>
    offerSchemaDocUpdates(parts, prompts, async (binId, schemaDocId) =>
      (await import('./features/definitions/definitionCommands.js')).updateFromDefinition((await partsFor(parts.account.id))!, binId, schemaDocId),
    ),
  );
  context.subscriptions.push(trackDefinitionTab(), definitions, registerDefinitionFixes(definitions));
}

/** The agents' tools: registered now, their code and the account's parts loaded with the first call. */
export function startChat(context: vscode.ExtensionContext, accounts: Accounts<AccountParts>, partsFor: PartsFor): ReturnType<typeof registerTools> {
  const chat = registerTools({ accounts, partsFor });
  context.subscriptions.push(...chat.disposables);
  return chat;
}
