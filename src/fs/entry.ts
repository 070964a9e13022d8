import type { Resource } from './uris';

/** What the service last said about one resource. */
export interface Entry {
  resource: Resource;
  bytes: Uint8Array;
  mtime: number;
  ctime: number;
  name?: string;
  private?: boolean;
  collectionId?: string;
  /** The record as the service last stored it, compact, to tell whether someone else changed it. */
  serviceText: string;
  /** Set by a fetch not yet handed to `readFile`, so that an open costs one request. */
  unread: boolean;
  fetchedAt: number;
}

const encoder = new TextEncoder();

/** Deterministic, so that `size` always equals the bytes `readFile` returns. */
export function serialize(record: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(record, null, 2));
}
