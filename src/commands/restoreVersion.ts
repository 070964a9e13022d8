/**
 * Restore This Version: a version's record becomes the bin's latest record with one PUT, through
 * the checks a save passes: the collection's schema before any write, and the conflict check
 * against what the user looked at. It reads the version (nothing when a tab holds it) and the
 * current record, which serves both the diff and the conflict check.
 */
import * as vscode from 'vscode';
import type { Json } from '../api';
import { digestOf, digestOfBytes, serialize } from '../fs/entry';
import type { ConflictResolver } from '../fs/saveChecks';
import { binUri, parseUri } from '../fs/uris';
import { Cancelled } from './args';
import { openDocumentsOf } from './binTarget';
import type { Parts } from './parts';
import { confirm } from './prompts';

/** Passed by the interactive forms only: a programmatic call cannot, so it never asks. */
export const INTERACTIVE = Symbol('interactive');

const decoder = new TextDecoder();

export async function restoreVersion(p: Parts, id: string, version: number, interactive: boolean): Promise<{ alreadyLatest: boolean }> {
  const resource = { kind: 'bin', id } as const;
  p.files.checks.permitted(resource, 'Not restored');
  const versionTab = vscode.workspace.textDocuments.find((d) => {
    const r = parseUri(d.uri, p.account.id);
    return r?.kind === 'bin' && r.id === id && r.version === version;
  });
  // A version's tab is read-only: its text is the version's record as it was read, unless it shows no record.
  const restoring = (versionTab && shownRecord(versionTab)) ?? (await p.connection.client.readBin(id, version)).record;
  // Sent compact, as the service keeps it: the size checked is the record's, not its indentation's.
  const record = await p.files.checks.check(resource, JSON.stringify(restoring), 'Not restored');

  const current = await p.connection.client.readBin(id);
  const currentBytes = serialize(current.record);
  if (digestOfBytes(currentBytes) === digestOf(record.value)) {
    return { alreadyLatest: true };
  }
  const name = current.metadata.name ?? p.files.known(resource)?.name;
  const label = name ?? id;
  const [open] = openDocumentsOf(p.account.id, id);
  // What the user looked at: the record an open tab of the bin was read from, else the diff below.
  const baseline = (open && p.files.baselines.of(open.uri)) ?? digestOfBytes(currentBytes);
  if (interactive) {
    const left = p.snapshots.add(binUri(id, label, undefined, p.account.id), decoder.decode(currentBytes));
    const right = versionTab?.uri ?? p.snapshots.add(binUri(id, `${label} (version ${version})`, version, p.account.id), JSON.stringify(restoring, null, 2));
    await vscode.commands.executeCommand('vscode.diff', left, right, `${label}: current ↔ version ${version}`);
    await confirm(
      p.prompts,
      `Restore version ${version} of ${label}?`,
      `The diff shows the current record (left) and version ${version} (right). One update makes version ${version} the latest record; the versions stay.`,
      'Restore',
    );
  }
  // A programmatic call never asks: a bin changed since its tab read it is refused instead.
  const refuse: ConflictResolver = async () => {
    throw new Error(`Not restored: bin ${id} changed on the service since its open tab read it. Restore from the palette or the version's tab to compare and choose`);
  };
  const verdict = await p.files.checks.beforeWrite(open?.uri ?? binUri(id, undefined, undefined, p.account.id), resource, baseline, record, currentBytes, interactive ? undefined : refuse);
  if (verdict === 'cancel') {
    throw new Cancelled();
  }
  const answer = await p.connection.client.updateBin(id, record);
  // Open tabs of the bin show the restored record, read from what the answer carried.
  p.files.written(resource, answer.record, { name, private: answer.metadata.private }, openDocumentsOf(p.account.id, id).map((d) => d.uri));
  return { alreadyLatest: false };
}

function shownRecord(document: vscode.TextDocument): Json | undefined {
  try {
    return JSON.parse(document.getText()) as Json;
  } catch {
    return undefined;
  }
}
