/**
 * Finishes an auto save of a bin tab that the file system refused for its problems, once the
 * record has none. VS Code's auto save skips a tab with errors (`files.autoSaveWhenNoErrors`, on
 * for bins), but it looks before the problems of a fresh edit are known when validation takes
 * longer than the auto save delay (a large record, a busy machine). The refused save puts VS Code's
 * copy of the tab in an error state in which it ignores every later auto save until the user saves
 * by hand ("ignoring auto save request for model that is in conflict or error", in its text file
 * model): the fixed record would stay unsent. The save VS Code began is completed here instead,
 * through the same file system write and its checks.
 */
import * as vscode from 'vscode';
import { SCHEME } from '../../fs/uris';

const AUTOMATIC = new Set([vscode.TextDocumentSaveReason.AfterDelay, vscode.TextDocumentSaveReason.FocusOut]);

export class AutoSaveResume implements vscode.Disposable {
  /** Bin tabs whose auto save began and has not ended in a save, and whether problems showed since. */
  private readonly begun = new Map<string, { problems: boolean }>();
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    this.subscriptions = [
      vscode.workspace.onWillSaveTextDocument((e) => {
        if (e.document.uri.scheme === SCHEME && AUTOMATIC.has(e.reason)) {
          // Problems may have shown between VS Code's look and this event.
          this.begun.set(e.document.uri.toString(), { problems: hasErrors(e.document.uri) });
        }
      }),
      vscode.workspace.onDidSaveTextDocument((d) => this.begun.delete(d.uri.toString())),
      vscode.workspace.onDidCloseTextDocument((d) => this.begun.delete(d.uri.toString())),
      vscode.languages.onDidChangeDiagnostics((e) => e.uris.forEach((uri) => this.resume(uri))),
    ];
  }

  /** Only a save held for problems is finished here; one refused for another reason (a conflict) waits for the user. */
  private resume(uri: vscode.Uri): void {
    const key = uri.toString();
    const begun = this.begun.get(key);
    if (!begun) {
      return;
    }
    if (hasErrors(uri)) {
      begun.problems = true;
      return;
    }
    if (!begun.problems) {
      return;
    }
    this.begun.delete(key);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
    if (document?.isDirty) {
      void document.save();
    }
  }

  dispose(): void {
    for (const s of this.subscriptions) {
      s.dispose();
    }
  }
}

function hasErrors(uri: vscode.Uri): boolean {
  return vscode.languages.getDiagnostics(uri).some((d) => d.severity === vscode.DiagnosticSeverity.Error);
}
