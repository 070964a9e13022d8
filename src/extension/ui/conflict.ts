/** Asks what to do when a bin changed on the service since it was opened. */
import * as vscode from 'vscode';
import type { ConflictChoice, ConflictResolver } from '../../core/store/ports';

export const SERVICE_SNAPSHOT_SCHEME = 'jsonbin-service';

/** Read-only snapshots of the service's side of a conflict, for the diff; each is dropped with its tab. */
export class ServiceSnapshots implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly subscription = vscode.workspace.onDidCloseTextDocument((d) => this.texts.delete(d.uri.toString()));

  dispose(): void {
    this.subscription.dispose();
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '';
  }

  private added = 0;

  /** Each snapshot its own Uri, also two of one bin in the same millisecond (a diff's two sides). */
  add(original: vscode.Uri, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: SERVICE_SNAPSHOT_SCHEME, path: original.path, query: `${Date.now()}-${++this.added}` });
    this.texts.set(uri.toString(), text);
    return uri;
  }
}

/** Asks the user what to do about a conflict; replaceable through the extension's API. */
export type ConflictPrompt = (uri: vscode.Uri) => Promise<ConflictChoice>;

export const askAboutConflict: ConflictPrompt = async () => {
  const compare = vscode.l10n.t('Compare');
  const overwrite = vscode.l10n.t('Overwrite');
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('This bin changed on the service since you opened it.'),
    {
      modal: true,
      detail: vscode.l10n.t(
        'Compare your text with the service’s, overwrite the service’s record with yours, or cancel the save. Your edits are kept either way.',
      ),
    },
    compare,
    overwrite,
  );
  return choice === compare ? 'compare' : choice === overwrite ? 'overwrite' : 'cancel';
};

/** Compare opens a diff of the service's record (left) and the user's text (right). */
export function conflictResolver(snapshots: ServiceSnapshots, prompt: () => ConflictPrompt): ConflictResolver {
  return async (doc, serviceText) => {
    const uri = vscode.Uri.parse(doc);
    const choice = await prompt()(uri);
    if (choice === 'compare') {
      const snapshot = snapshots.add(uri, serviceText);
      await vscode.commands.executeCommand('vscode.diff', snapshot, uri, vscode.l10n.t('Service ↔ Yours'));
    }
    return choice;
  };
}
