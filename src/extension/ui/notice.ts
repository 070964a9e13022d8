/** How the extension's notifications begin: apart from feedback.ts, so that the prompter (loaded at activation) does not load the error actions. */
import * as vscode from 'vscode';

/** A notification's or a progress's text: the extension's name, then what it says. */
export function notice(text: string): string {
  return vscode.l10n.t('JSONBin: {0}', text);
}
