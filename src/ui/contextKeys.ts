/** Context keys for the manifest's `when` clauses, kept in step with the key store, the service URL and the view's filter. */
import * as vscode from 'vscode';
import type { Connection } from '../account/connection';
import { ContextKey } from '../commands/ids';
import { isHostedService } from '../api/share';
import { settings } from '../config';

/**
 * `jsonbin.hasKey` drives the welcome view and the menus that need a key; `jsonbin.hostedService`
 * shows Open in Dashboard only where the jsonbin.io dashboard knows the bins.
 */
export function trackContextKeys(connection: Connection): vscode.Disposable {
  const update = async () => {
    void vscode.commands.executeCommand('setContext', ContextKey.hostedService, isHostedService(settings.apiUrl()));
    await vscode.commands.executeCommand('setContext', ContextKey.hasKey, Boolean(await connection.keys.get()));
  };
  void update();
  // The connection changes when the key or the service URL (and so the key's slot) does.
  return connection.onDidChange(() => void update());
}

/** `jsonbin.filtered` shows Clear Filter while the view is filtered. */
export function setFiltered(filtered: boolean): Thenable<unknown> {
  return vscode.commands.executeCommand('setContext', ContextKey.filtered, filtered);
}
