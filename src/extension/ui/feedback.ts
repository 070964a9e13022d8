/** Errors as notifications carrying the action that helps. */
import * as vscode from 'vscode';
import { Command } from '../commands/idsAndContextKeys';
import { plainText } from '../../core/store/plainText';
import { errorActions, type ErrorAction } from './errorActions';
import { notice } from './notice';

export { notice };

const PRICING = 'https://jsonbin.io/pricing';

/** The button of an action, as the user reads it. */
function actionLabel(action: ErrorAction): string {
  switch (action) {
    case 'Make Active and Set API Key':
      return vscode.l10n.t('Make Active and Set API Key');
    case 'Set API Key':
      return vscode.l10n.t('Set API Key');
    case 'Open Pricing':
      return vscode.l10n.t('Open Pricing');
    case 'Refresh':
      return vscode.l10n.t('Refresh');
    case 'Retry':
      return vscode.l10n.t('Retry');
  }
}

/**
 * Shows an error with the action that helps: `retry` is offered for failures that may pass
 * (network, timeout, server); a write whose outcome is unknown offers Refresh, never a blind retry.
 * `inactive` names the account a key problem is of when it is not the active one: the key is set
 * once it is made active.
 */
export function reportError(error: unknown, retry?: () => unknown, inactive?: { id: string; name: string }): void {
  const message = plainText(error instanceof Error ? error.message : String(error));
  const actions = errorActions(error, retry !== undefined, inactive !== undefined);
  const labels = actions.map(actionLabel);
  const text = inactive ? vscode.l10n.t('JSONBin ({0}): {1}', plainText(inactive.name), message) : notice(message);
  void vscode.window.showErrorMessage(text, ...labels).then(async (label) => {
    const choice = label === undefined ? undefined : actions[labels.indexOf(label)];
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
  const showProblems = vscode.l10n.t('Show Problems');
  void vscode.window.showErrorMessage(notice(plainText(message)), showProblems).then((choice) => {
    if (choice === showProblems) {
      void vscode.commands.executeCommand('workbench.actions.view.problems');
    }
  });
}

/** A notification that nothing waits on: it stays until the user dismisses it. */
export function inform(message: string): void {
  void vscode.window.showInformationMessage(notice(plainText(message)));
}

/** Runs slow work with a progress notification. */
export function withProgress<T>(title: string, work: () => Promise<T>): Promise<T> {
  return Promise.resolve(vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: notice(title) }, work));
}
