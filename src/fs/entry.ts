import { createHash } from 'node:crypto';
import type { Resource } from './uris';

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
}

const encoder = new TextEncoder();

/** Deterministic, so that `size` always equals the bytes `readFile` returns. */
export function serialize(record: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(record, null, 2));
}

/** Of the record's value, not its formatting: the same record read twice has the same digest. */
export function digestOf(record: unknown): string {
  return digestOfBytes(serialize(record));
}

/** Of a record already serialized by `serialize`, so that a fetch serializes once for its bytes and its digest. */
export function digestOfBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('base64');
}
