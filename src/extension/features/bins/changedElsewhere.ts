/**
 * Changes made elsewhere (the dashboard, a script, a colleague), noticed when it matters: when a
 * bin's tab becomes active `jsonbin.checkForChanges.onFocusAfterMinutes` after its record was last
 * read, one read tells whether the service's record moved. A clean tab then shows it; a tab with
 * unsaved edits says so, with Compare. Off by default: each check is a request. At most one check
 * per tab per interval.
 */
import * as vscode from 'vscode';
import { activity } from '../../../core/api/activity';
import { settings } from '../../config';
import { parseUri, SCHEME } from '../../fs/uris';
import type { RefreshParts } from './refreshBin';

export function checkForChanges(partsFor: (account: string) => Promise<RefreshParts | undefined>): vscode.Disposable {
  /** When each open bin tab (its Uri, as a string) last read, saved or checked its record. */
  const lastRead = new Map<string, number>();
  const read = (document: vscode.TextDocument) => {
    if (document.uri.scheme === SCHEME) {
      lastRead.set(document.uri.toString(), Date.now());
    }
  };
  vscode.workspace.textDocuments.forEach(read);

  const check = async (document: vscode.TextDocument | undefined) => {
    const afterMs = settings.checkForChangesAfterMs();
    const resource = document && afterMs > 0 ? parseUri(document.uri) : undefined;
    if (!document || resource?.kind !== 'bin' || resource.version !== undefined) {
      return;
    }
    const key = document.uri.toString();
    if (Date.now() - (lastRead.get(key) ?? 0) < afterMs) {
      return;
    }
    lastRead.set(key, Date.now());
    const p = await partsFor(document.uri.authority);
    if (p) {
      // A check the user did not ask for fails quietly: the request status counts it, and the next save or refresh says why.
      // Loaded with the first check: activation does not pay for the commands' code.
      const { refreshBin } = await import('./refreshBin.js');
      await refreshBin(p, resource, 'notice').catch(() => undefined);
    }
  };

  return vscode.Disposable.from(
    vscode.workspace.onDidOpenTextDocument(read),
    vscode.workspace.onDidSaveTextDocument(read),
    vscode.workspace.onDidCloseTextDocument((d) => lastRead.delete(d.uri.toString())),
    vscode.window.onDidChangeActiveTextEditor((editor) => void activity.track(check(editor?.document))),
  );
}
