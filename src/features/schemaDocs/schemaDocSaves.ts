/**
 * Saving a schema doc: the stored bins of the collections it validates are checked against the
 * text being saved first (the service does not check them again), and when any would fail the
 * user chooses: Save Anyway, Show Failing Bins, or Cancel (nothing sent).
 */
import * as vscode from 'vscode';
import { warnsAbout } from '../../api/allowance';
import { SkipCheck } from '../../store/collectionCheck';
import type { SchemaDocSaves } from '../../store/ports';
import { Refused } from '../../store/refused';
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
      const verb = of === 'Save' ? 'Save' : 'Create';
      const limit = settings.warnAboveRequests();
      if (!warnsAbout(bins, limit)) {
        return;
      }
      const check = { label: 'Check the Bins', detail: `${bins} requests, one per stored bin`, check: true };
      const skip = { label: `${verb} Without Checking`, detail: 'Stored bins may no longer pass the schema doc', check: false };
      const picked = await prompts.pick([check, skip], {
        placeHolder: `Checking the stored bins first reads ${bins} bins (jsonbin.warnAboveRequests is ${limit})`,
      });
      if (!picked) {
        throw new Refused(`${of} cancelled`, 'nothing was sent', 'unavailable');
      }
      if (!picked.check) {
        throw new SkipCheck();
      }
    },
    decide: async (impact, name, of) => {
      const unread = impact.notRead.length > 0 ? `; ${impact.notRead.length} could not be read` : '';
      const items = [
        { label: of === 'Save' ? 'Save Anyway' : 'Create Anyway', detail: 'The stored bins stay as they are, failing the schema doc', choice: 'save' as const },
        { label: 'Show Failing Bins', detail: 'Nothing is sent; their problems show in the Problems panel', choice: 'show' as const },
        { label: 'Cancel', detail: 'Nothing is sent', choice: 'cancel' as const },
      ];
      const placeHolder = `${impact.failing.length} of ${impact.checked} stored bins would fail schema doc "${name}"${unread}`;
      const picked = (await prompts.pick(items, { placeHolder, ignoreFocusOut: true }))?.choice;
      if (picked === 'show') {
        diagnostics().showFound(
          impact.failing.map((bin) => ({ uri: binUri(bin.id, bin.name, undefined, account), text: bin.text, problems: bin.problems })),
          `schema doc "${name}" as edited`,
        );
        void vscode.commands.executeCommand('workbench.actions.view.problems');
      }
      return picked === 'save';
    },
  };
}
