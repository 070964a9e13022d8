/**
 * A table's unsaved edits: a cell's edit is held in the bin's document, as a tab's is (undo is VS
 * Code's, a save the tab's). VS Code keeps every document with unsaved edits in a tab, and opens one
 * behind the table for a bin that had none; the table stays in front, so it says which bins hold
 * edits (the row's mark, the header's count), and Save All says what it saved.
 */
import * as vscode from 'vscode';
import { inform } from '../../ui/feedback';
import { parseUri } from '../../fs/uris';

/** A bin's document with unsaved edits, and the name the table shows for it. */
export interface Unsaved {
  name: string;
  document: vscode.TextDocument;
}

/** The bins of `bins` whose documents hold unsaved edits (the documents looked at once: a table may have thousands of rows). */
export function unsavedOf(account: string, bins: readonly { id: string; name?: string }[]): Unsaved[] {
  const dirty = new Map<string, vscode.TextDocument>();
  for (const document of vscode.workspace.textDocuments) {
    const resource = document.isDirty ? parseUri(document.uri, account) : undefined;
    if (resource?.kind === 'bin' && resource.version === undefined) {
      dirty.set(resource.id, document);
    }
  }
  return dirty.size === 0 ? [] : bins.flatMap((b) => (dirty.has(b.id) ? [{ name: b.name ?? b.id, document: dirty.get(b.id)! }] : []));
}

/** The header's count of bins with unsaved edits; empty when none. */
export function unsavedStatus(count: number): string {
  if (count === 0) {
    return '';
  }
  return count === 1 ? vscode.l10n.t('Unsaved edits in 1 bin, kept in its tab') : vscode.l10n.t('Unsaved edits in {0} bins, kept in their tabs', count);
}

/**
 * Saves each document, as its tab's save does (through the file system provider and the write
 * path: one checked PUT each), and says what was saved. A save refused says why in its own
 * notification: this one does not repeat it, and says nothing when none was saved.
 */
export async function saveAndSay(unsaved: readonly Unsaved[]): Promise<number> {
  if (unsaved.length === 0) {
    inform(vscode.l10n.t('Nothing to save: no bin of this table has unsaved edits.'));
    return 0;
  }
  const done = await Promise.all(unsaved.map((u) => u.document.save()));
  const saved = unsaved.filter((_, i) => done[i]);
  if (saved.length === unsaved.length) {
    inform(saved.length === 1 ? vscode.l10n.t('Saved {0}.', saved[0].name) : vscode.l10n.t('Saved {0} bins.', saved.length));
  } else if (saved.length > 0) {
    inform(vscode.l10n.t('Saved {0} of {1} bins; the others were not saved.', saved.length, unsaved.length));
  }
  return saved.length;
}
