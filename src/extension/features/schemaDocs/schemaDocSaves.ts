/**
 * Saving a schema doc: the stored bins of the collections it validates are checked against the
 * text being saved first (the service does not check them again), and when any would fail the
 * user chooses: Save Anyway, Show Failing Bins, or Cancel (nothing sent).
 */
import * as vscode from 'vscode';
import { warnsAbout } from '../../../core/api/allowance';
import { SkipCheck } from '../../../core/store/schemaDocImpact';
import type { SchemaDocSaves } from '../../../core/store/schemaDocImpact';
import { againstEdited } from '../../../core/schema/against';
import { Refused } from '../../../core/store/refused';
import { settings } from '../../config';
import { binUri } from '../../fs/uris';
import type { Prompts } from '../../ui/prompter';
import { unsavedTextOf } from '../binTarget';
import type { SchemaDiagnostics } from './schemaDiagnostics';

export function schemaDocSaves(prompts: Prompts, account: string, diagnostics: () => SchemaDiagnostics): SchemaDocSaves {
  return {
    enabled: () => settings.checkBinsBeforeSave(),
    unsavedText: (binId) => unsavedTextOf(account, binId),
    beforeReads: async (bins, of) => {
      const limit = settings.warnAboveRequests();
      if (!warnsAbout(bins, limit)) {
        return;
      }
      // Above the setting, which is at least 1: always 2 bins or more.
      const check = { label: vscode.l10n.t('Check the Bins'), detail: vscode.l10n.t('{0} requests, one per stored bin', bins), check: true };
      const skip = {
        label: of === 'Save' ? vscode.l10n.t('Save Without Checking') : vscode.l10n.t('Create Without Checking'),
        detail: vscode.l10n.t('Stored bins may no longer pass the schema doc'),
        check: false,
      };
      const picked = await prompts.pick([check, skip], {
        placeHolder: vscode.l10n.t('Checking the stored bins first reads {0} bins (jsonbin.warnAboveRequests is {1})', bins, limit),
      });
      if (!picked) {
        throw new Refused(
          of === 'Save' ? vscode.l10n.t('Save cancelled') : vscode.l10n.t('Creation cancelled'),
          vscode.l10n.t('nothing was sent'),
          'unavailable',
        );
      }
      if (!picked.check) {
        throw new SkipCheck();
      }
    },
    decide: async (impact, name, of) => {
      const items = [
        {
          label: of === 'Save' ? vscode.l10n.t('Save Anyway') : vscode.l10n.t('Create Anyway'),
          detail: vscode.l10n.t('The stored bins stay as they are, failing the schema doc'),
          choice: 'save' as const,
        },
        {
          label: vscode.l10n.t('Show Failing Bins'),
          detail: vscode.l10n.t('Nothing is sent; their problems show in the Problems panel'),
          choice: 'show' as const,
        },
        { label: vscode.l10n.t('Cancel'), detail: vscode.l10n.t('Nothing is sent'), choice: 'cancel' as const },
      ];
      const placeHolder = wouldFail(impact.failing.length, impact.checked, name, impact.notRead.length);
      const picked = (await prompts.pick(items, { placeHolder, ignoreFocusOut: true }))?.choice;
      if (picked === 'show') {
        diagnostics().showFound(
          impact.failing.map((bin) => ({ uri: binUri(bin.id, bin.name, undefined, account), text: bin.text, problems: bin.problems })),
          againstEdited(name),
        );
        void vscode.commands.executeCommand('workbench.actions.view.problems');
      }
      return picked === 'save';
    },
  };
}

/** How many of the stored bins checked would fail the schema doc being saved, and how many could not be read. */
function wouldFail(failing: number, checked: number, name: string, unread: number): string {
  if (unread === 0) {
    return checked === 1
      ? vscode.l10n.t('1 of 1 stored bin would fail schema doc "{0}"', name)
      : vscode.l10n.t('{0} of {1} stored bins would fail schema doc "{2}"', failing, checked, name);
  }
  return checked === 1
    ? vscode.l10n.t('1 of 1 stored bin would fail schema doc "{0}"; {1} could not be read', name, unread)
    : vscode.l10n.t('{0} of {1} stored bins would fail schema doc "{2}"; {3} could not be read', failing, checked, name, unread);
}
