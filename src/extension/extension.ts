/** The extension's composition root: what starts, in order. Each part is made in the file it names. */
import * as vscode from 'vscode';
import { useMessages } from '../platform/l10n';
import { apiOf, type JsonBinApi } from './api';
import { checkForChanges } from './features/bins/changedElsewhere';
import { contributedCommands, registerCommands } from './features/commands';
import { startLinks } from './features/links/linkWiring';
import type { Opener } from './features/parts';
import { commandPartsOf, startAccounts, startChat, startDefinitions, startDrafts, startFiles, startView, startWalkthrough, type ByCommands } from './starts';
import { startWindow } from './window';

export type { JsonBinApi } from './api';

let pendingWrites: (() => Promise<void>) | undefined;

export function activate(context: vscode.ExtensionContext): JsonBinApi {
  // How long activation takes, for anyone profiling the extension host (the bench reads it).
  performance.mark('jsonbin.activate.start');
  // The core's words (and the validation worker's) in the user's language, before anything is worded.
  useMessages(vscode.l10n.bundle);

  const window = startWindow(context);
  const { accounts, shown } = startAccounts(context, window.shared);
  pendingWrites = () => accounts.flush();
  const partsFor = commandPartsOf(accounts, () => byCommands);
  const view = startView(context, accounts, partsFor);
  const links = startLinks(context, accounts, partsFor, window.shared.resolveConflict);
  const drafts = startDrafts(context, accounts);
  startWalkthrough(context, window.shared, accounts, view.treeView);
  startFiles(context, accounts);
  startDefinitions(context, accounts, window.shared.prompts, partsFor);
  const chat = startChat(context, accounts, partsFor);

  const openExternal: Opener = (uri) => vscode.env.openExternal(uri);
  let opener = openExternal;
  const { log, prompts, extensionUri } = window.shared;
  const byCommands: ByCommands = {
    accounts,
    treeView: view.treeView,
    prompts,
    snapshots: window.snapshots,
    openExternal: (uri) => opener(uri),
    drafts,
    links: links.registry,
    extensionUri,
    log,
  };
  context.subscriptions.push(...registerCommands(contributedCommands(context.extension), partsFor, accounts, drafts), checkForChanges(partsFor));

  performance.measure('jsonbin.activate', 'jsonbin.activate.start');
  return apiOf({ context, window, accounts, shown, view, links, chat, setOpener: (open) => (opener = open ?? openExternal) });
}

/** Writes what is learned but not yet stored; VS Code waits for it. */
export function deactivate(): Thenable<void> | undefined {
  return pendingWrites?.();
}
