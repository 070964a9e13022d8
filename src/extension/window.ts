/** What the window has once, whatever the account: the log, the global state's one writer, the prompts and the save conflict's prompt. */
import * as vscode from 'vscode';
import { SYNCED_KEYS } from '../core/api/stateKeys';
import { StateWriter } from '../core/api/stateWriter';
import { migrateScopedKeys } from '../core/store/stateMigration';
import type { WindowShared } from './accountParts';
import { askAboutConflict, conflictResolver, SERVICE_SNAPSHOT_SCHEME, ServiceSnapshots, type ConflictPrompt } from './ui/conflict';
import { Prompts } from './ui/prompter';

export interface Window {
  /** What every account's parts are given. */
  shared: WindowShared;
  /** The service's records a conflict compares with (`jsonbin-service:` documents). */
  snapshots: ServiceSnapshots;
  /** Replaces the conflict prompt (undefined restores VS Code's). */
  setConflictPrompt(prompt: ConflictPrompt | undefined): void;
}

export function startWindow(context: vscode.ExtensionContext): Window {
  // The extension's name, never translated (as its problems' source): its log file is named after it too.
  // eslint-disable-next-line l10n/no-unlocalized-literal
  const log = vscode.window.createOutputChannel('JSONBin', { log: true });
  const snapshots = new ServiceSnapshots();
  let conflictPrompt = askAboutConflict;
  // Every write of the global state goes through one writer: VS Code drops an update made before the echo of the one before.
  const state = new StateWriter(context.globalState);
  // Remembered bins, the accounts (never a key) and the bins' collections follow the user to their other
  // machines, under fixed keys: earlier versions kept each account's under keys of its own, moved in first.
  void migrateScopedKeys(state);
  context.globalState.setKeysForSync(SYNCED_KEYS);
  context.subscriptions.push(log, snapshots, vscode.workspace.registerTextDocumentContentProvider(SERVICE_SNAPSHOT_SCHEME, snapshots));
  return {
    shared: {
      memory: state,
      log,
      resolveConflict: conflictResolver(snapshots, () => conflictPrompt),
      isDirty: (doc) => vscode.workspace.textDocuments.some((d) => d.isDirty && d.uri.toString() === doc),
      offlineCopiesFolder: vscode.Uri.joinPath(context.globalStorageUri, 'keptCopies'),
      prompts: new Prompts(),
      extensionUri: context.extensionUri,
    },
    snapshots,
    setConflictPrompt: (prompt) => {
      conflictPrompt = prompt ?? askAboutConflict;
    },
  };
}
