/**
 * Push and pull of a linked file. Both read the bin once through the store (which shares a read
 * with concurrent callers and keeps the offline copy); a push then sends the file's text through
 * the one write path (`RecordWrites`: the key's grants, syntax, exact numbers, size, the bin's
 * collection's schema doc, all before any request), conflict-checked against what this user last
 * pushed or pulled, as a save is against what its tab was read from.
 */
import * as l10n from '@vscode/l10n';
import type { BinStore } from '../binStore';
import { recordText } from '../../api/record';
import { digestOf } from '../entry';
import type { ConflictChoice } from '../ports';
import type { RecordWrites } from '../recordWrites';
import { rethrow } from '../refused';
import { fileDigest } from './linkState';

/** What the service holds: its digest, and its record as the store serializes it. */
export interface Seen {
  remote: string;
  record: string;
  /** The bin's name, as the read said (a person is told of the bin by it). */
  name?: string;
}

export type PushResult = { outcome: 'written' | 'stored' | 'cancelled'; seen: Seen };

const decoder = new TextDecoder();

/** One read of the bin. Rejects with the service's error as it is: the caller tells "gone" from a failure. */
export async function readLinked(bins: Pick<BinStore, 'fetch'>, binId: string): Promise<Seen> {
  const entry = await bins.fetch({ kind: 'bin', id: binId });
  return { remote: entry.digest, record: decoder.decode(entry.bytes), name: entry.name };
}

/**
 * The file's `text` as the bin's record: refused with the reasons a save gives (no request), else
 * one read, then one PUT, none when the bin already holds the value. When the bin changed since
 * `base`, `resolve` decides (Compare and Cancel send nothing).
 */
export async function pushLinked(
  p: { bins: Pick<BinStore, 'fetch'>; writes: Pick<RecordWrites, 'prepareUpdate' | 'update'> },
  binId: string,
  text: string,
  base: string | undefined,
  resolve: (serviceText: string) => Promise<ConflictChoice>,
  docs: () => string[],
): Promise<PushResult> {
  const doing = l10n.t('Not pushed');
  // `update` is called without its own re-read (the read is here): the record it was made from is not used.
  const checked = await p.writes.prepareUpdate({ id: binId }, text, null, doing);
  const sending = digestOf(checked.record.value);
  let seen: Seen;
  try {
    seen = await readLinked(p.bins, binId);
  } catch (error) {
    rethrow(error, doing);
  }
  if (seen.remote === sending) {
    return { outcome: 'stored', seen };
  }
  if (seen.remote !== base && (await resolve(seen.record)) !== 'overwrite') {
    return { outcome: 'cancelled', seen };
  }
  try {
    await p.writes.update(checked, false, docs);
  } catch (error) {
    rethrow(error, doing);
  }
  return { outcome: 'written', seen: { remote: sending, record: recordText(checked.record.value), name: seen.name } };
}

/** One read of the bin; `write` is the text to write into the file, absent when the file already holds its value. */
export async function pullLinked(bins: Pick<BinStore, 'fetch'>, binId: string, fileText: string | undefined): Promise<{ seen: Seen; write?: string }> {
  let seen: Seen;
  try {
    seen = await readLinked(bins, binId);
  } catch (error) {
    rethrow(error, l10n.t('Not pulled'));
  }
  const same = fileText !== undefined && (await fileDigest(fileText)) === seen.remote;
  return same ? { seen } : { seen, write: seen.record };
}
