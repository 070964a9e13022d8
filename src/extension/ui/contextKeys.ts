/** Context keys for the manifest's `when` clauses, kept in step with the active account, its key, its service and the view's filter. */
import * as vscode from 'vscode';
import { apiUrlOf, type Accounts, type AccountPartsBase } from '../accounts/accounts';
import { ContextKey } from '../commands/contextKeyNames';
import { isHostedService } from '../../core/api/serviceFacts';
import { SCHEME } from '../fs/uris';

/**
 * `jsonbin.hasKey` drives the welcome view and the menus that need a key; `jsonbin.hostedService`
 * shows Open in Dashboard only where the jsonbin.io dashboard knows the bins; `jsonbin.accessKey`
 * hides what an access key may not do (collections, schema docs). None needs the account's parts.
 * `keySet` is called each time the active account is seen with a key.
 */
export function trackContextKeys(accounts: Accounts<AccountPartsBase>, keySet: () => void): vscode.Disposable {
  let watched: vscode.Disposable | undefined;
  const update = async () => {
    const active = accounts.active;
    const keys = accounts.keys(active.id);
    watched?.dispose();
    watched = keys.onDidChange(() => void update());
    const set = (key: string, value: boolean) => vscode.commands.executeCommand('setContext', key, value);
    void set(ContextKey.hostedService, isHostedService(apiUrlOf(active)));
    void set(ContextKey.accessKey, active.keyKind === 'access');
    void set(ContextKey.severalAccounts, accounts.all().length > 1);
    const hasKey = Boolean(await keys.get());
    if (hasKey) {
      keySet();
    }
    await set(ContextKey.hasKey, hasKey);
  };
  void update();
  const subscriptions = [
    accounts.onDidChange(() => void update()),
    // The default account's key slot follows the service URL.
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('jsonbin.apiUrl') && void update()),
    { dispose: () => void watched?.dispose() },
  ];
  return new vscode.Disposable(() => subscriptions.forEach((s) => void s.dispose()));
}

/** `jsonbin.openedBin` once a bin's document opens: a tab from a row's click, the palette, a link; `binOpened` is called then. */
export function trackOpenedBin(binOpened: () => void): vscode.Disposable {
  const isBin = (document: vscode.TextDocument) => document.uri.scheme === SCHEME && document.uri.path.startsWith('/bin/');
  const opened = () => {
    binOpened();
    void vscode.commands.executeCommand('setContext', ContextKey.openedBin, true);
  };
  // A tab restored with the window opened its bin before activation.
  if (vscode.workspace.textDocuments.some(isBin)) {
    opened();
    return new vscode.Disposable(() => undefined);
  }
  const listener = vscode.workspace.onDidOpenTextDocument((document) => {
    if (isBin(document)) {
      listener.dispose();
      opened();
    }
  });
  return listener;
}

/** `jsonbin.typeScriptTypes` shows Copy as TypeScript Types where the host can make them. */
export function showTypeScriptTypes(available: boolean): void {
  void vscode.commands.executeCommand('setContext', ContextKey.typeScriptTypes, available);
}

/** `jsonbin.filtered` shows Clear Filter while the view is filtered. */
export function setFiltered(filtered: boolean): Thenable<unknown> {
  return vscode.commands.executeCommand('setContext', ContextKey.filtered, filtered);
}

/**
 * Filter Bins narrows the active account's rows, and the view's title says so: when another
 * account becomes active, every filter is cleared, so the title never describes rows it is not on.
 */
export function clearFiltersOnSwitch(
  accounts: Accounts<AccountPartsBase & { tree: { setFilter(filter: undefined): void } }>,
  view: { description?: string },
): vscode.Disposable {
  let active = accounts.active.id;
  return accounts.onDidChange(() => {
    if (accounts.active.id !== active) {
      active = accounts.active.id;
      accounts.allMade().forEach((parts) => parts.tree.setFilter(undefined));
      view.description = undefined;
      void setFiltered(false);
    }
  });
}
