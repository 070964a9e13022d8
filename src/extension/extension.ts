/** Wires the parts of the extension together. */
import * as vscode from 'vscode';
import type { AccountInfo } from './accounts/accountList';
import { activity } from '../core/api/activity';
import { SYNCED_KEYS } from '../core/api/stateKeys';
import { StateWriter } from '../core/api/stateWriter';
import { useMessages } from '../platform/l10n';
import type { AccountMaker, AccountParts, WindowShared } from './accountParts';
import { Accounts } from './accounts/accounts';
import { checkForChanges } from './features/bins/changedElsewhere';
import { registerCommands } from './features/commands';
import { registerTools, type ChatTool } from './features/chat/registerTools';
import type { ToolName } from '../core/tools/toolNames';
import { VIEW_ID } from './commands/idsAndContextKeys';
import type { Opener } from './features/parts';
import type { CommandParts } from './features/handlers';
import { offerSchemaDocUpdates } from './features/definitions/definitionOffers';
import { trackDefinitionTab } from './features/definitions/definitionTab';
import { registerSchemaAssist } from './features/schemaDocs/schemaAssist';
import { DefinitionDiagnostics } from './features/definitions/definitionDiagnostics';
import { registerDefinitionFixes } from './features/definitions/definitionFixes';
import { Drafts } from './features/drafts';
import { Links } from './features/links/linkRegistry';
import type { LinkViews } from './features/links/linkViews';
import { migrateScopedKeys } from '../core/store/stateMigration';
import { BinFileSystem } from './fs/binFileSystem';
import { SCHEME } from './fs/uris';
import { BinsView } from './features/tree/binsView';
import { dragAndDrop } from './features/transfer/dragAndDrop';
import type { Node } from './features/tree/nodes';
import { askAboutConflict, conflictResolver, SERVICE_SNAPSHOT_SCHEME, ServiceSnapshots, type ConflictPrompt } from './ui/conflict';
import { clearFiltersOnSwitch, trackContextKeys, trackOpenedBin } from './ui/contextKeys';
import { Prompts, type Prompter } from './ui/prompter';
import { Walkthrough } from './ui/walkthrough';

let pendingWrites: (() => Promise<void>) | undefined;

/** What the extension exports, for other extensions and the integration tests. */
export interface JsonBinApi {
  /** Replaces the Compare / Overwrite / Cancel prompt of a save conflict (undefined restores it). */
  setConflictPrompt(prompt: ConflictPrompt | undefined): void;
  /** Replaces the questions that interactive commands ask (undefined restores VS Code's). */
  setPrompter(prompter: Prompter | undefined): void;
  /** Replaces what opens a web page (undefined restores `vscode.env.openExternal`). */
  setOpener(open: Opener | undefined): void;
  /** The JSONBin view's data, as VS Code sees it. */
  readonly tree: vscode.TreeDataProvider<Node>;
  /** The view's drag and drop, as VS Code calls it. */
  readonly dragAndDrop: vscode.TreeDragAndDropController<Node>;
  /** The JSONBin view itself: its title's description says what it is filtered by. */
  readonly view: Pick<vscode.TreeView<Node>, 'description'>;
  /** The problem counts on bin rows (their `resourceUri`), as VS Code asks for them. */
  readonly problemDecorations: Pick<vscode.FileDecorationProvider, 'provideFileDecoration' | 'onDidChangeFileDecorations'>;
  /** The status bar's "Not validated: collection unknown", as the user sees it. */
  readonly validationStatus: { readonly visible: boolean; readonly command?: vscode.Command };
  /** The status bar's "Not sent" of a bin tab that VS Code's auto save leaves unsaved. */
  readonly autoSaveStatus: { readonly visible: boolean };
  /** The linked files' decorations, as VS Code asks for them, and the status bar item of the active editor's linked file. */
  readonly linkDecorations: Pick<vscode.FileDecorationProvider, 'provideFileDecoration'>;
  readonly linkStatus: { readonly visible: boolean; readonly text: string; readonly file?: string };
  /** The Source Control view of linked files: each group's files once sorted again, and the quick diff's original of a file. */
  readonly linkScm: { shown(): Promise<Record<'toPush' | 'toPull' | 'both', string[]>> } & Pick<vscode.QuickDiffProvider, 'provideOriginalResource'>;
  /** The status bar's requests sent, as the user sees it. */
  readonly requestStatus: { readonly text: string; readonly tooltip: string; readonly exhausted: boolean; readonly command?: vscode.Command };
  /** The accounts (names, service URLs, kinds of key: never a key) and the active one. */
  readonly accounts: { all(): readonly AccountInfo[]; readonly active: AccountInfo };
  /** Resolves once no request is in flight and no debounce is pending: tests wait for this, not for a clock. */
  whenIdle(): Promise<void>;
  /** The folder of the copies kept of bins for reading offline (read it through `vscode.workspace.fs`: the same in every host). */
  readonly offlineCopiesFolder: vscode.Uri;
  /** A language model tool as registered (`vscode.lm.invokeTool` runs it; tests call its `prepareInvocation`). */
  languageModelTool(name: ToolName): ChatTool | undefined;
  /** What Settings Sync carries to the user's other machines: each global state key given to `setKeysForSync`, with its value here. */
  syncedState(): { key: string; value: unknown }[];
}

export function activate(context: vscode.ExtensionContext): JsonBinApi {
  // How long activation takes, for anyone profiling the extension host (the bench reads it).
  performance.mark('jsonbin.activate.start');
  // The core's words (and the validation worker's) in the user's language, before anything is worded.
  useMessages(vscode.l10n.bundle);
  // The extension's name, never translated (as its problems' source): its log file is named after it too.
  // eslint-disable-next-line l10n/no-unlocalized-literal
  const log = vscode.window.createOutputChannel('JSONBin', { log: true });
  const snapshots = new ServiceSnapshots();
  let conflictPrompt = askAboutConflict;
  const isDirty = (doc: string) => vscode.workspace.textDocuments.some((d) => d.isDirty && d.uri.toString() === doc);
  const offlineCopiesFolder = vscode.Uri.joinPath(context.globalStorageUri, 'keptCopies');
  const prompts = new Prompts();
  // Every write of the global state goes through one writer: VS Code drops an update made before the echo of the one before.
  const state = new StateWriter(context.globalState);
  // Remembered bins, the accounts (never a key) and the bins' collections follow the user to their other
  // machines, under fixed keys: earlier versions kept each account's under keys of its own, moved in first.
  void migrateScopedKeys(state);
  context.globalState.setKeysForSync(SYNCED_KEYS);

  // Each account has its own key, connection, files and rows, made when first needed.
  const shared: WindowShared = {
    memory: state,
    log,
    resolveConflict: conflictResolver(snapshots, () => conflictPrompt),
    isDirty,
    offlineCopiesFolder,
    prompts,
    extensionUri: context.extensionUri,
  };
  // What makes the accounts' parts is made with the first of them: its code loads then (accountParts.ts).
  let maker: AccountMaker | undefined;
  const accounts: Accounts<AccountParts> = new Accounts<AccountParts>(state, context.secrets, async (info, isActive, keys) => {
    const { accountMaker } = await import('./accountParts.js');
    if (!maker) {
      maker = accountMaker(accounts, shared);
      context.subscriptions.push(maker);
    }
    return maker.make(info, isActive, keys);
  });
  pendingWrites = () => accounts.flush();
  const files = new BinFileSystem(accounts);
  const view = new BinsView(accounts);
  // A drop comes only after activation, when the parts it acts on exist.
  const dragAndDropController = dragAndDrop(async (target) => (await commandParts(target?.account))!);
  const treeView = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: view, showCollapseAll: true, canSelectMany: true, dragAndDropController });
  const openExternal: Opener = (uri) => vscode.env.openExternal(uri);
  let opener = openExternal;
  const drafts = new Drafts();
  // The workspace's linked files: their link files are read when first asked about.
  const links = new Links(
    context.workspaceState,
    (account) => commandParts(account),
    () => accounts.all(),
    shared.resolveConflict,
  );
  const sharedByCommands = {
    accounts,
    treeView,
    prompts,
    snapshots,
    openExternal: (uri: vscode.Uri) => opener(uri),
    drafts,
    links,
    extensionUri: context.extensionUri,
    log,
  };
  // The account's parts seen through the shared ones: its `account` stays current after a rename.
  const commandParts = async (account: string | undefined): Promise<CommandParts | undefined> => {
    const parts = await (account === undefined ? accounts.activeParts() : accounts.parts(account));
    return parts && Object.assign(Object.create(parts) as AccountParts, sharedByCommands);
  };

  // The linked files' decorations, status bar item, Source Control view and push on save load once the workspace has a link.
  let linkViews: Promise<LinkViews> | undefined;
  let linkViewsShown: LinkViews | undefined;
  const showLinkViews = () =>
    (linkViews ??= import('./features/links/linkViews.js').then((m) => {
      linkViewsShown = m.showLinks(links);
      context.subscriptions.push(...linkViewsShown.disposables);
      return linkViewsShown;
    }));
  const whenLinked = async () => {
    if (!linkViews && (await links.all()).length > 0) {
      void showLinkViews();
    }
  };
  void whenLinked();
  // The walkthrough's steps are ticked as the user does them, whether or not it was ever opened (walkthrough.ts).
  const walkthrough = new Walkthrough(state, context.extension.id);
  // A bin deleted or renamed here: the files linked to it follow the store's event, not the command's bookkeeping; a bin created is the walkthrough's last step.
  accounts.followParts((parts) => [
    parts.bins.onDidChangeBins((changes) => {
      const deleted = changes.flatMap((c) => (c.kind === 'deleted' ? [c.id] : []));
      if (deleted.length > 0) {
        void links.binsDeleted(parts.account, deleted);
      }
      const renamed = changes.flatMap((c) => (c.kind === 'renamed' ? [{ id: c.id, name: c.name }] : []));
      if (renamed.length > 0) {
        void links.binsRenamed(parts.account, renamed);
      }
      if (changes.some((c) => c.kind === 'created')) {
        walkthrough.done('create');
      }
    }),
  ]);

  // A definition's save whose schema changed offers to update the schema docs made from it.
  accounts.followParts((parts) =>
    offerSchemaDocUpdates(parts, prompts, async (binId, schemaDocId) =>
      (await import('./features/definitions/definitionCommands.js')).updateFromDefinition((await commandParts(parts.account.id))!, binId, schemaDocId),
    ),
  );

  // The agents' tools: registered now, their code and the account's parts loaded with the first call.
  const chat = registerTools({ accounts, partsFor: commandParts });
  // Structured-output definitions in any JSON tab, whatever its account: their checks load with the first one.
  const definitions = new DefinitionDiagnostics();

  context.subscriptions.push(
    log,
    accounts,
    ...chat.disposables,
    trackContextKeys(accounts, () => walkthrough.done('setKey')),
    trackOpenedBin(() => walkthrough.done('edit')),
    trackDefinitionTab(),
    walkthrough.followView(treeView),
    clearFiltersOnSwitch(accounts, treeView),
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
    snapshots,
    vscode.workspace.registerTextDocumentContentProvider(SERVICE_SNAPSHOT_SCHEME, snapshots),
    treeView,
    view,
    ...registerSchemaAssist((account) => accounts.madeFor(account), drafts),
    definitions,
    registerDefinitionFixes(definitions),
    drafts,
    links,
    links.onDidChange(() => void whenLinked()),
    ...registerCommands(commandParts, accounts, drafts),
    checkForChanges((account) => commandParts(account)),
  );

  performance.measure('jsonbin.activate', 'jsonbin.activate.start');
  return {
    tree: view,
    dragAndDrop: dragAndDropController,
    view: treeView,
    // Nothing is shown until the first account's parts are made.
    get validationStatus() {
      return maker?.shown.validationStatus ?? { visible: false };
    },
    get requestStatus() {
      return maker?.shown.requestStatus ?? { text: '', tooltip: '', exhausted: false };
    },
    get problemDecorations() {
      return maker?.shown.problemDecorations ?? { provideFileDecoration: () => undefined };
    },
    linkDecorations: { provideFileDecoration: async (uri) => (await showLinkViews()).decorations.provideFileDecoration(uri) },
    linkScm: {
      shown: async () => {
        const { scm } = await showLinkViews();
        await scm.refresh();
        return scm.shown();
      },
      provideOriginalResource: async (uri) => (await showLinkViews()).scm.provideOriginalResource(uri),
    },
    get linkStatus() {
      return linkViewsShown?.status.shown ?? { visible: false, text: '' };
    },
    get autoSaveStatus() {
      return maker?.shown.autoSaveStatus ?? { visible: false };
    },
    // Copies: another extension reads the accounts, never their keys or parts.
    accounts: {
      all: () => accounts.all().map((a) => ({ ...a })),
      get active() {
        return { ...accounts.active };
      },
    },
    offlineCopiesFolder,
    languageModelTool: (name) => chat.tools.get(name),
    syncedState: () => SYNCED_KEYS.map((key) => ({ key, value: structuredClone(context.globalState.get(key)) })),
    whenIdle: () => activity.idle(),
    setConflictPrompt: (prompt) => {
      conflictPrompt = prompt ?? askAboutConflict;
    },
    setPrompter: (prompter) => prompts.replace(prompter),
    setOpener: (open) => {
      opener = open ?? openExternal;
    },
  };
}

/** Writes what is learned but not yet stored; VS Code waits for it. */
export function deactivate(): Thenable<void> | undefined {
  return pendingWrites?.();
}
