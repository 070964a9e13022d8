/** What the store and the write path need from the account and the editor, with no `vscode` in sight. */
import type { BinClient, BinServiceError, Operation, Plan } from '../api';
import type { Entry } from './entry';
import type { Resource } from './resource';

/** The account's connection to its service. */
export interface Service {
  readonly client: BinClient;
  /** Throws the refusal when the account's key is known not to be granted `operation`. */
  mayDo(operation: Operation): void;
  /** Whether the key is known not to update bins: its tabs open read-only. */
  mayNotUpdate(): boolean;
}

/** The settings a write obeys, read when it happens. */
export interface WriteSettings {
  plan(): Plan;
  validation(): boolean;
  conflictCheck(): boolean;
}

/** A bin's last record kept on disk, to be read while the service cannot be asked. */
export interface OfflineCopy {
  bytes: Uint8Array;
  meta: Partial<Entry>;
}

/** The offline copies of an account's bins (see `src/offline/`). */
export interface OfflineCopies {
  /** Keeps a bin's latest record just read or stored; never waited on. */
  keep(resource: Resource, bytes: Uint8Array | undefined, name: string | undefined): void;
  /** What stands in for a read that failed with `error`, if anything does. */
  read(resource: Resource, error: BinServiceError): Promise<OfflineCopy | undefined>;
  /** The document `doc` (a Uri, as a string) is served `entry`. */
  showing(doc: string, entry: Entry): void;
}

export type ConflictChoice = 'overwrite' | 'compare' | 'cancel';
/** Asks what to do when the service's record moved since `doc` read it; `serviceText` is the service's record. */
export type ConflictResolver = (doc: string, serviceText: string) => Promise<ConflictChoice>;
