/**
 * Restore This Version: a version's record becomes the bin's latest record through the write path
 * (`RecordWrites.restore`): the collection's schema before any write, and the conflict check
 * against what the user looked at. It reads the version (nothing when a tab holds it) and the
 * current record, which serves both the diff and the conflict check.
 */
import * as vscode from 'vscode';
import { unfaithfulNumber, type Json } from '../../../core/api';
import type { ConflictResolver } from '../../../core/store/ports';
import { binUri, parseUri } from '../../fs/uris';
import { Cancelled } from '../../commands/args';
import { openDocumentsOf } from '../binTarget';
import type { Parts } from '../parts';
import { confirm } from '../../ui/prompts';

/** The title of a version's tab. */
export function versionTitle(label: string, version: number): string {
  return vscode.l10n.t('{0} (version {1})', label, version);
}

/** Passed by the interactive forms only: a programmatic call cannot, so it never asks. */
export const INTERACTIVE = Symbol('interactive');

export async function restoreVersion(
  p: Pick<Parts, 'account' | 'connection' | 'prompts' | 'snapshots' | 'writes'>,
  id: string,
  version: number,
  interactive: boolean,
): Promise<{ alreadyLatest: boolean }> {
  const versionTab = vscode.workspace.textDocuments.find((d) => {
    const r = parseUri(d.uri, p.account.id);
    return r?.kind === 'bin' && r.id === id && r.version === version;
  });
  // A version's tab is read-only: its text is the version's record as it was read, unless it shows no record.
  const record = once(async () => (versionTab && (await shownRecord(versionTab))) ?? (await p.connection.client.readBin(id, version)).record);
  const [open] = openDocumentsOf(p.account.id, id);
  const showDiff = async (currentText: string, name: string | undefined) => {
    const label = name ?? id;
    const left = p.snapshots.add(binUri(id, label, undefined, p.account.id), currentText);
    const right = versionTab?.uri ?? p.snapshots.add(binUri(id, versionTitle(label, version), version, p.account.id), JSON.stringify(await record(), null, 2));
    await vscode.commands.executeCommand('vscode.diff', left, right, vscode.l10n.t('{0}: current ↔ version {1}', label, version));
    await confirm(
      p.prompts,
      vscode.l10n.t('Restore version {0} of {1}?', version, label),
      vscode.l10n.t(
        'The diff shows the current record (left) and version {0} (right). One update makes version {0} the latest record; the versions stay.',
        version,
      ),
      vscode.l10n.t('Restore'),
    );
  };
  // A programmatic call never asks: a bin changed since its tab read it is refused instead.
  const refuse: ConflictResolver = async () => {
    throw new Error(
      vscode.l10n.t(
        "Not restored: bin {0} changed on the service since its open tab read it. Restore from the palette or the version's tab to compare and choose",
        id,
      ),
    );
  };
  const restored = await p.writes.restore(id, {
    record,
    doc: open?.uri.toString(),
    docs: () => openDocumentsOf(p.account.id, id).map((d) => d.uri.toString()),
    confirm: interactive ? showDiff : undefined,
    resolve: interactive ? undefined : refuse,
  });
  if (!restored.alreadyLatest && !restored.restored) {
    throw new Cancelled();
  }
  return { alreadyLatest: restored.alreadyLatest };
}

/** The version's record is read at most once, for the check and the diff alike. */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= read());
}

/** The tab's record; none for a record JavaScript cannot hold as shown: read, it is refused, saying why, never sent as another value. */
async function shownRecord(document: vscode.TextDocument): Promise<Json | undefined> {
  const text = document.getText();
  try {
    const value = JSON.parse(text) as Json;
    return (await unfaithfulNumber(text)) === undefined ? value : undefined;
  } catch {
    return undefined;
  }
}
