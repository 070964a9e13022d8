/** What the store and the write path need from the account and the editor, with no `vscode` in sight. */
import type { BinClient, BinServiceError, Operation, Plan } from '../api';
import type { SchemaDocImpact } from './collectionCheck';
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

/** What the stored bins are checked for: a schema doc's save, or a new schema doc about to validate a collection. */
export type ImpactOf = 'Save' | 'Creation';

/** What saving a schema doc does first: the stored bins it validates are checked against the text being saved. */
export interface SchemaDocSaves {
  /** Whether to check at all (`jsonbin.schemaDocs.checkBinsBeforeSave`). */
  enabled(): boolean;
  /** A bin's text in a tab with unsaved edits: checked as it is, not read. */
  unsavedText(binId: string): string | undefined;
  /** Told how many bins the check would read: throws to cancel the save, or `SkipCheck` to save unchecked. */
  beforeReads(bins: number, of: ImpactOf): Promise<void>;
  /** Some bins would fail: true saves anyway, false cancels the save (nothing sent). */
  decide(impact: SchemaDocImpact, schemaDocName: string, of: ImpactOf): Promise<boolean>;
}

export type ConflictChoice = 'overwrite' | 'compare' | 'cancel';
/** Asks what to do when the service's record moved since `doc` read it; `serviceText` is the service's record. */
export type ConflictResolver = (doc: string, serviceText: string) => Promise<ConflictChoice>;
