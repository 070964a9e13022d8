/** Wires the parts of the extension together. */
import * as vscode from 'vscode';
import { BinServiceError } from './api';
import { Connection } from './account/connection';
import { KeyStore } from './account/keyStore';
import { RequestStatus } from './account/requestStatus';
import { registerCommands } from './commands';
import { VIEW_ID } from './commands/ids';
import type { Opener, Parts } from './commands/parts';
import { settings } from './config';
import { SchemaDiagnostics } from './diagnostics/schemaDiagnostics';
import { ValidationStatus } from './diagnostics/validationStatus';
import { registerSchemaAssist } from './editing/schemaAssist';
import { BinFileSystem } from './fs/binFileSystem';
import { SCHEME } from './fs/uris';
import { BinCollections } from './schema/binCollections';
import { SchemaDocs } from './schema/schemaDocs';
import { Validation } from './schema/validation';
import { BinsTree } from './tree/binsTree';
import { dragAndDrop } from './tree/dragAndDrop';
import type { Node } from './tree/nodes';
import { RememberedBins } from './tree/rememberedBins';
import { askAboutConflict, conflictResolver, SERVICE_SNAPSHOT_SCHEME, ServiceSnapshots, type ConflictPrompt } from './ui/conflict';
import { trackContextKeys } from './ui/contextKeys';
import { reportError } from './ui/feedback';
import { keptCopyBanner } from './ui/keptCopyBannerLoader';
import { Prompts, type Prompter } from './ui/prompter';

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
  /** The status bar's "Not validated: collection unknown", as the user sees it. */
  readonly validationStatus: { readonly visible: boolean; readonly command?: vscode.Command };
  /** The status bar's requests sent, as the user sees it. */
  readonly requestStatus: { readonly text: string; readonly tooltip: string; readonly exhausted: boolean; readonly command?: vscode.Command };
  /** Where the copies kept of bins for reading offline are stored. */
  readonly keptCopiesFolder: string;
}

export function activate(context: vscode.ExtensionContext): JsonBinApi {
  // How long activation takes, for anyone profiling the extension host (the bench reads it).
  performance.mark('jsonbin.activate.start');
  const log = vscode.window.createOutputChannel('JSONBin', { log: true });
  const keys = new KeyStore(context.secrets, settings.apiUrl);
  const binCollections = new BinCollections(context.globalState, settings.apiUrl);
  const connection = new Connection(keys, binCollections, log, context.globalState);
  const validation = new Validation(context.asAbsolutePath('dist/validationWorker.mjs'));
  const schemaDocs = new SchemaDocs(() => connection.client, validation);

  const snapshots = new ServiceSnapshots();
  let conflictPrompt = askAboutConflict;
  const isDirty = (uri: vscode.Uri) => vscode.workspace.textDocuments.some((d) => d.isDirty && d.uri.toString() === uri.toString());
  const keptCopiesFolder = vscode.Uri.joinPath(context.globalStorageUri, 'keptCopies').fsPath;
  const files = new BinFileSystem(connection, schemaDocs, binCollections, conflictResolver(snapshots, () => conflictPrompt), isDirty, keptCopiesFolder);

  const remembered = new RememberedBins(context.globalState, settings.apiUrl);
  pendingWrites = async () => {
    await Promise.all([binCollections.flush(), remembered.flush(), connection.flush()]);
  };
  const tree = new BinsTree(connection, remembered, schemaDocs);
  // A drop comes only after activation, when the parts it acts on exist.
  const dragAndDropController = dragAndDrop(() => parts);
  const treeView = vscode.window.createTreeView(VIEW_ID, { treeDataProvider: tree, showCollapseAll: true, dragAndDropController });
  const diagnostics = new SchemaDiagnostics(files, schemaDocs, binCollections, log);
  const validationStatus = new ValidationStatus(binCollections);
  const requestStatus = new RequestStatus(connection);
  const prompts = new Prompts();
  const openExternal: Opener = (uri) => vscode.env.openExternal(uri);
  let opener = openExternal;
  const parts: Parts = { connection, files, tree, treeView, remembered, schemaDocs, binCollections, diagnostics, prompts, snapshots, openExternal: (uri) => opener(uri) };

  context.subscriptions.push(
    log,
    keys,
    connection,
    { dispose: () => void validation.dispose() },
    trackContextKeys(connection),
    files,
    vscode.workspace.registerFileSystemProvider(SCHEME, files, { isCaseSensitive: true }),
    // A language change closes and reopens a document: its base is dropped only if it stays closed.
    vscode.workspace.onDidCloseTextDocument((d) =>
      setTimeout(() => {
        if (!vscode.workspace.textDocuments.some((open) => open.uri.toString() === d.uri.toString())) {
          files.baselines.forget(d.uri);
        }
      }, 0),
    ),
    // VS Code says why a tab did not open; a missing or wrong key also gets the way out.
    files.onDidFailToRead((error: BinServiceError) => {
      if (error.kind === 'missingKey' || error.kind === 'invalidKey') {
        reportError(error);
      }
    }),
    keptCopyBanner(files),
    snapshots,
    vscode.workspace.registerTextDocumentContentProvider(SERVICE_SNAPSHOT_SCHEME, snapshots),
    treeView,
    tree,
    diagnostics,
    validationStatus,
    requestStatus,
    connection.onDidChange(() => {
      files.forgetAll();
      schemaDocs.clear();
      tree.refresh();
    }),
    ...registerSchemaAssist(binCollections, schemaDocs),
    ...registerCommands(parts),
  );

  performance.measure('jsonbin.activate', 'jsonbin.activate.start');
  return {
    tree,
    dragAndDrop: dragAndDropController,
    view: treeView,
    validationStatus,
    requestStatus,
    keptCopiesFolder,
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
