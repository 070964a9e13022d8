/** The CodeLens actions of a draft's tab, at its top: what creates it from the tab's text as edited. */
import * as vscode from 'vscode';
import { Command } from '../commands/idsAndContextKeys';

/** What the lenses show of a draft (drafts.ts's `Draft`, which loads this file). */
type Shown = { kind: 'change' } | { kind: 'record'; collection: { name: string } } | { kind: 'schemaDoc'; collection?: { name: string } };

export function draftLenses(draft: Shown, uri: vscode.Uri): vscode.CodeLens[] {
  const top = new vscode.Range(0, 0, 0, 0);
  const lens = (title: string, command: string, tooltip?: string) => new vscode.CodeLens(top, { title, tooltip, command, arguments: [uri] });
  if (draft.kind === 'change') {
    return [
      lens(vscode.l10n.t('$(diff-multiple) Preview'), Command.tabPreviewBinChange, vscode.l10n.t('Reads each bin once and shows every diff; sends no change')),
      lens(
        vscode.l10n.t('$(check-all) Apply'),
        Command.tabApplyBinChange,
        vscode.l10n.t('One update per changed valid bin; a bin changed since the preview is skipped'),
      ),
    ];
  }
  if (draft.kind === 'record') {
    return [
      lens(
        vscode.l10n.t('$(cloud-upload) Create Bin in {0}', draft.collection.name),
        Command.tabCreateBin,
        vscode.l10n.t('Asks its name and privacy; an invalid record is not sent'),
      ),
    ];
  }
  const lenses = [lens(vscode.l10n.t('$(cloud-upload) Create Schema Doc'), Command.tabCreateSchemaDocFromDraft)];
  if (draft.collection) {
    lenses.push(
      lens(
        vscode.l10n.t('$(link) Create and Attach to {0}', draft.collection.name),
        Command.tabCreateAndAttachSchemaDocFromDraft,
        vscode.l10n.t('The stored bins of the collection are checked against this draft first'),
      ),
    );
  }
  return lenses;
}
