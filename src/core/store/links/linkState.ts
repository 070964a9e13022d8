/**
 * Whether a linked file and its bin differ. "The same" is the same JSON value, as the store
 * compares records (`digestOf`: the value serialized one way, so formatting does not count),
 * never the bytes. What this user last pushed or pulled (`base`) tells which side changed.
 */
import { unfaithfulNumber } from '../../api/record';
import { digestOf } from '../entry';

export type LinkState = 'same' | 'changedHere' | 'changedThere' | 'changedBoth' | 'gone' | 'unknown';

/** What this user knows of a link, kept per user (workspace state), never in the shared link file. */
export interface LinkMemo {
  /** Digest of the record last pushed or pulled. */
  base?: string;
  /** Digest of the record last seen on the service, and when. */
  remote?: string;
  seenAt?: number;
  /** The last record seen on the service, as the store serializes it: the quick diff's original, with no request. */
  record?: string;
  /** Why the bin could not be read the last time it was asked (gone, or not readable), and when. */
  gone?: string;
  /** The bin's name when last seen (read, written, renamed here): what the link is said to be to. */
  name?: string;
}

/**
 * The digest of a file's JSON value, comparable with the store's digests of records; undefined when
 * the text is not JSON. A number the service would not keep as written makes the text its own
 * value: never "the same" as a record, which could not hold it.
 */
export async function fileDigest(text: string): Promise<string | undefined> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  return (await unfaithfulNumber(text)) ? `text:${digestOf(text)}` : digestOf(value);
}

/**
 * The state from the file's digest (`local`, undefined when it is not JSON) and what is known of
 * the service's side. Nothing known of either side since linking: `unknown`.
 */
export function stateOf(local: string | undefined, memo: LinkMemo): LinkState {
  if (memo.gone !== undefined) {
    return 'gone';
  }
  if (local !== undefined && local === memo.remote) {
    return 'same';
  }
  if (memo.base === undefined) {
    return memo.remote === undefined ? 'unknown' : 'changedBoth';
  }
  const here = local !== memo.base;
  const there = memo.remote !== undefined && memo.remote !== memo.base;
  return here && there ? 'changedBoth' : here ? 'changedHere' : there ? 'changedThere' : 'same';
}
