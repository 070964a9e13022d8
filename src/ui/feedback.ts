/** Errors as notifications carrying the action that helps. */
import * as vscode from 'vscode';
import { Command } from '../commands/ids';
import { plainText } from '../store/plainText';
import { errorActions } from './errorActions';

const PRICING = 'https://jsonbin.io/pricing';

/**
 * Shows an error with the action that helps: `retry` is offered for failures that may pass
 * (network, timeout, server); a write whose outcome is unknown offers Refresh, never a blind retry.
 * `inactive` names the account a key problem is of when it is not the active one: the key is set
 * once it is made active.
 */
export function reportError(error: unknown, retry?: () => unknown, inactive?: { id: string; name: string }): void {
  const message = error instanceof Error ? error.message : String(error);
  const actions = errorActions(error, retry !== undefined, inactive !== undefined);
  void vscode.window.showErrorMessage(`JSONBin${inactive ? ` (${plainText(inactive.name)})` : ''}: ${plainText(message)}`, ...actions).then(async (choice) => {
    if (choice === 'Make Active and Set API Key') {
      await vscode.commands.executeCommand(Command.switchAccount, inactive?.id);
    }
    if (choice === 'Set API Key' || choice === 'Make Active and Set API Key') {
      void vscode.commands.executeCommand(Command.setApiKey);
    } else if (choice === 'Open Pricing') {
      void vscode.env.openExternal(vscode.Uri.parse(PRICING));
    } else if (choice === 'Refresh') {
      void vscode.commands.executeCommand(Command.refresh);
    } else if (choice === 'Retry') {
      retry?.();
    }
  });
}

/** A record refused for what its text holds: retrying cannot mend it, the problems its tab shows can. */
export function reportProblems(message: string): void {
  void vscode.window.showErrorMessage(`JSONBin: ${plainText(message)}`, SHOW_PROBLEMS).then((choice) => {
    if (choice === SHOW_PROBLEMS) {
      void vscode.commands.executeCommand('workbench.actions.view.problems');
    }
  });
}

const SHOW_PROBLEMS = 'Show Problems';

/** A notification that nothing waits on: it stays until the user dismisses it. */
export function inform(message: string): void {
  void vscode.window.showInformationMessage(`JSONBin: ${plainText(message)}`);
}

/** Runs slow work with a progress notification. */
export function withProgress<T>(title: string, work: () => Promise<T>): Promise<T> {
  return Promise.resolve(vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `JSONBin: ${title}` }, work));
}
