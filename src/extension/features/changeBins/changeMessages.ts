/**
 * What Change Bins tells the user. A preview: how many would change, in one line (the detail is in
 * the diff, the change's tab and the Problems panel). An apply: each list of bins apart, named,
 * with why, so that a run cut short says what is left to do.
 */
import * as vscode from 'vscode';
import { Command } from '../../commands/idsAndContextKeys';
import { notice } from '../../ui/feedback';
import { sentences } from '../../ui/sentences';
import type { ChangeBinsResult } from './runWithProgress';

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

/**
 * After a preview: one short line, how many bins of how many would change, with Apply; the diff
 * shows each change, the change's tab why a bin is left alone, the Problems panel an invalid one.
 */
export function previewMessage(result: ChangeBinsResult, tab: vscode.Uri): void {
  const message = notice(previewText(result));
  const apply = vscode.l10n.t('Apply');
  const problems = vscode.l10n.t('Show Problems');
  const actions = [...(result.changed.length > 0 ? [apply] : []), ...(result.invalid.length > 0 ? [problems] : [])];
  const shown = result.invalid.length > 0 ? vscode.window.showWarningMessage(message, ...actions) : vscode.window.showInformationMessage(message, ...actions);
  void shown.then((choice) => {
    if (choice === apply) {
      void vscode.commands.executeCommand(Command.tabApplyBinChange, tab);
    } else if (choice === problems) {
      void vscode.commands.executeCommand('workbench.actions.view.problems');
    }
  });
}

/** The preview's line, without the extension's name. */
export function previewText(result: Pick<ChangeBinsResult, 'changed' | 'unchanged' | 'notApplicable' | 'invalid' | 'skipped' | 'failed'>): string {
  const changed = result.changed.length;
  const total = changed + result.unchanged.length + result.notApplicable.length + result.invalid.length + result.skipped.length + result.failed.length;
  const said = result.notApplicable.length + result.invalid.length + result.skipped.length + result.failed.length > 0;
  if (changed === 0) {
    return said ? vscode.l10n.t('No bin would change: see why in the change tab.') : vscode.l10n.t('No bin would change.');
  }
  if (total === 1) {
    return vscode.l10n.t('The bin would change: see the diff.');
  }
  return changed === total
    ? vscode.l10n.t('All {0} bins would change: see the diff.', total)
    : vscode.l10n.t('{0} of {1} bins would change: see the diff.', changed, total);
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
