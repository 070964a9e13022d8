/**
 * What Change Bins tells the user: each list of bins apart, named, with why, so that a run cut
 * short says what is left to do. Lists, not counts: one message serves every number of bins.
 */
import * as vscode from 'vscode';
import { notice } from '../../ui/feedback';
import { sentences } from '../../ui/sentences';
import type { ChangeBinsResult } from './changeRuns';

/** A notification names this many bins of a list at most; the result (and the diff) has them all. */
const NAMED = 10;

function listed(items: string[], separator: string): string {
  const shown = items.slice(0, NAMED).join(separator);
  return items.length > NAMED ? vscode.l10n.t('{0} and {1} more', shown, items.length - NAMED) : shown;
}
const named = (bins: { id: string; name?: string }[]) =>
  listed(
    bins.map((b) => b.name ?? b.id),
    ', ',
  );
const withWhy = (bins: { id: string; reason: string }[]) =>
  listed(
    bins.map((b) => vscode.l10n.t('{0} ({1})', b.id, b.reason)),
    '; ',
  );

/** After a preview: what would change (in the diff), and apart what would not, and why. */
export function previewMessage(result: ChangeBinsResult): void {
  const parts = [
    result.changed.length > 0 ? vscode.l10n.t('Would change (see the diff): {0}.', named(result.changed)) : vscode.l10n.t('No bin would change.'),
    ...others(result),
  ];
  const message = notice(sentences(parts[0], ...parts.slice(1)));
  const problems = vscode.l10n.t('Show Problems');
  if (result.invalid.length > 0) {
    void vscode.window.showWarningMessage(message, problems).then((choice) => choice && vscode.commands.executeCommand('workbench.actions.view.problems'));
    return;
  }
  void vscode.window.showInformationMessage(message);
}

/** After an apply: exactly which bins changed, were skipped and failed, and why. */
export function appliedMessage(result: ChangeBinsResult): void {
  const parts = [result.changed.length > 0 ? vscode.l10n.t('Changed: {0}.', named(result.changed)) : vscode.l10n.t('No bin was changed.'), ...others(result)];
  const message = notice(sentences(parts[0], ...parts.slice(1)));
  void (result.failed.length + result.skipped.length > 0 ? vscode.window.showWarningMessage(message) : vscode.window.showInformationMessage(message));
}

function others(result: ChangeBinsResult): string[] {
  return [
    result.unchanged.length > 0 ? vscode.l10n.t('Unchanged: {0}.', listed(result.unchanged, ', ')) : undefined,
    result.notApplicable.length > 0 ? vscode.l10n.t('The change does not apply to: {0}.', withWhy(result.notApplicable)) : undefined,
    result.invalid.length > 0
      ? vscode.l10n.t(
          'Would be invalid, not sent (see the Problems panel): {0}.',
          listed(
            result.invalid.map((b) => b.id),
            ', ',
          ),
        )
      : undefined,
    result.skipped.length > 0 ? vscode.l10n.t('Skipped: {0}.', withWhy(result.skipped)) : undefined,
    result.failed.length > 0 ? vscode.l10n.t('Failed: {0}.', withWhy(result.failed)) : undefined,
  ].filter((s): s is string => s !== undefined);
}
