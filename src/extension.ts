/** Wires the parts of the extension together. */
import * as vscode from 'vscode';
import { Connection } from './account/connection';
import { KeyStore } from './account/keyStore';
import { registerAccountCommands } from './commands/accountCommands';
import { registerBinCommands } from './commands/binCommands';
import type { Parts } from './commands/parts';
import { registerSchemaCommands } from './commands/schemaCommands';
import { settings } from './config';
import { SchemaDiagnostics } from './diagnostics/schemaDiagnostics';
import { registerSchemaAssist } from './editing/schemaAssist';
import { BinFileSystem } from './fs/binFileSystem';
import { SCHEME } from './fs/uris';
import { SchemaDocs } from './schema/schemaDocs';
import { BinsTree } from './tree/binsTree';
import { RememberedBins } from './tree/rememberedBins';
import { askAboutConflict, conflictResolver, SERVICE_SNAPSHOT_SCHEME, ServiceSnapshots, type ConflictPrompt } from './ui/conflict';

/** What the extension exports, for other extensions and the integration tests. */
export interface JsonBinApi {
  /** Replaces the Compare / Overwrite / Cancel prompt of a save conflict (undefined restores it). */
  setConflictPrompt(prompt: ConflictPrompt | undefined): void;
  /** The JSONBin view's data, as VS Code sees it. */
  readonly tree: vscode.TreeDataProvider<unknown>;
}

export function activate(context: vscode.ExtensionContext): JsonBinApi {
  const log = vscode.window.createOutputChannel('JSONBin', { log: true });
  const keys = new KeyStore(context.secrets, settings.apiUrl);
  const connection = new Connection(keys, log);
  const schemaDocs = new SchemaDocs(() => connection.client);

  const snapshots = new ServiceSnapshots();
  let prompt = askAboutConflict;
  const files = new BinFileSystem(connection, schemaDocs, conflictResolver(snapshots, () => prompt));

  const remembered = new RememberedBins(context.globalState, settings.apiUrl);
  const tree = new BinsTree(connection, remembered, schemaDocs);
  const treeView = vscode.window.createTreeView('jsonbin.bins', { treeDataProvider: tree, showCollapseAll: true });
  const diagnostics = new SchemaDiagnostics(files, schemaDocs, log);
  const parts: Parts = { connection, files, tree, treeView, remembered, schemaDocs, diagnostics };

  context.subscriptions.push(
    log,
    keys,
    connection,
    files,
    vscode.workspace.registerFileSystemProvider(SCHEME, files, { isCaseSensitive: true }),
    snapshots,
    vscode.workspace.registerTextDocumentContentProvider(SERVICE_SNAPSHOT_SCHEME, snapshots),
    treeView,
    tree,
    diagnostics,
    connection.onDidChange(() => {
      files.forgetAll();
      tree.refresh();
    }),
    ...registerSchemaAssist(files, schemaDocs),
    ...registerAccountCommands(parts),
    ...registerBinCommands(parts),
    ...registerSchemaCommands(parts),
  );
  void keys.updateContext();

  return {
    tree,
    setConflictPrompt: (p) => {
      prompt = p ?? askAboutConflict;
    },
  };
}

export function deactivate(): void {}
