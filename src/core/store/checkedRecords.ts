/** What the write path hands out and takes: records that passed its checks, and how a restore differs from a save. No `vscode` import. */
import type { CreatedBin, Json, RecordText } from '../api';
import type { ConflictResolver } from './ports';

/** A new bin's metadata. */
export interface NewBin {
  name?: string;
  private?: boolean;
  collectionId?: string;
}

/** A record that passed the checks for its new bin: only such a record is created. */
export class CheckedBin {
  constructor(
    readonly record: RecordText,
    readonly bin: NewBin,
  ) {}
}

/** A bin's new record that passed the checks, made from the record `read` (Change Bins). */
export class CheckedUpdate {
  constructor(
    readonly id: string,
    readonly name: string | undefined,
    readonly record: RecordText,
    readonly read: Json,
  ) {}
}

/** What an update did: `written`, or nothing sent since the bin already held the record or changed since it was read. */
export interface SentUpdate {
  outcome: 'written' | 'stored' | 'changedSince';
}

/** Creates a bin that passed the checks (`RecordWrites.createAll` hands it out). */
export type CreateBin = (checked: CheckedBin) => Promise<CreatedBin>;

/** How a restore differs from a save. */
export interface RestoreHow {
  /** The version's record (read, unless a tab holds it); asked for only once the key may write. */
  record: () => Promise<Json>;
  /** An open document of the bin: its text was read from what the user looked at. */
  doc?: string;
  /** Documents that show the bin's latest record, reloaded after the restore. */
  docs: () => string[];
  /** Asks before anything is written (the interactive form shows the diff); throws to stop. */
  confirm?: (currentText: string, name: string | undefined) => Promise<void>;
  /** What a conflict with the open document's base becomes; by default the user is asked. */
  resolve?: ConflictResolver;
}
