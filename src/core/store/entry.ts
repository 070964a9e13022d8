import { recordText } from '../api/record';
import type { Resource } from './resource';
import { host } from '../../platform';

/**
 * What the service last said about one resource. The record's bytes are kept only until VS Code
 * reads them: an open document's text lives in the editor, not twice.
 */
export interface Entry {
  resource: Resource;
  /** The serialized record, until `readFile` hands it over. */
  bytes?: Uint8Array;
  /** Bytes of the text VS Code holds for it: what `stat` reports. */
  size: number;
  /** Digest of those bytes: a save of the same text sends nothing. */
  textDigest: string;
  mtime: number;
  ctime: number;
  name?: string;
  private?: boolean;
  /** Digest of the record as the service last stored it, to tell whether someone else changed it. */
  digest: string;
  /** Set by a fetch not yet handed to `readFile`, so that an open costs one request. */
  unread: boolean;
  fetchedAt: number;
  /** When the service last answered with this record: a save right after may skip its conflict read. */
  loadedAt: number;
  /** Served from the offline copy of the record, because the service could not be asked: read-only. */
  offline?: { at: number; reason: string };
}

const encoder = new TextEncoder();

/** Deterministic, so that `size` always equals the bytes `readFile` returns. */
export function serialize(record: unknown): Uint8Array {
  return encoder.encode(recordText(record));
}

/** Of the record's value, not its formatting: the same record read twice has the same digest. */
export function digestOf(record: unknown): string {
  return digestOfBytes(serialize(record));
}

/** Of a record already serialized by `serialize`, so that a fetch serializes once for its bytes and its digest. */
export function digestOfBytes(bytes: Uint8Array): string {
  return host.sha256(bytes);
}

/** mtime only moves forward for a resource, so VS Code never sees a false conflict. */
export class Mtimes {
  /** Per resource, the last mtime given and the record it was given for. */
  private readonly last = new Map<string, { mtime: number; digest: string }>();

  next(key: string, digest: string): number {
    const last = this.last.get(key);
    // The same record fetched again (after a cache drop) keeps its mtime: VS Code sees no false change.
    if (last?.digest === digest) {
      return last.mtime;
    }
    const mtime = Math.max(Date.now(), (last?.mtime ?? 0) + 1);
    this.last.set(key, { mtime, digest });
    return mtime;
  }
}

/** Bytes not yet read beyond `max` are dropped, oldest first, but `keep`'s; what is known of the records stays. */
export function dropUnreadBytes(entries: Iterable<Entry>, max: number, keep: Entry): void {
  const all = [...entries];
  let total = all.reduce((sum, entry) => sum + (entry.bytes?.byteLength ?? 0), 0);
  for (const entry of all) {
    if (total <= max) {
      break;
    }
    if (entry.bytes && entry !== keep) {
      total -= entry.bytes.byteLength;
      entry.bytes = undefined;
      entry.unread = false;
    }
  }
}
