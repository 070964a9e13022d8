/**
 * Change Bins: one change (`recordPatch.ts`) made to many bins. The preview reads each bin once,
 * applies the change and checks each result with the write path's record checks, sending
 * nothing; the apply sends one PUT per changed valid bin through the write path, conflict-checked
 * against the record the preview read. Every bin ends in exactly one list, so that a run cut
 * short says what is left, and running the same change again finishes it. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import equal from 'fast-deep-equal';
import { recordText, RecordText, type BinClient, type Json, type RequestScope } from '../api';
import { againstSchemaDoc, type Against } from '../schema/against';
import type { SchemaDocs } from '../schema/schemaDocs';
import type { Problem } from '../schema/validator';
import { host } from '../../platform';
import type { BinCollections } from './binCollections';
import { applyRecordChange, type RecordChange } from './recordPatch';
import { Refused } from './refused';
import type { CheckedUpdate } from './checkedRecords';
import type { RecordWrites } from './recordWrites';

export interface ChangeTarget {
  id: string;
  name?: string;
}

/** A bin the change makes valid and different: what the preview read, and what would be sent (formatted only for a diff). */
export interface ChangedBin {
  id: string;
  name?: string;
  before: Json;
  after: Json;
  checked: CheckedUpdate;
}

/** A bin the change would make invalid: the new record as a tab shows it, and its problems placed in it. */
export interface InvalidBin {
  id: string;
  name?: string;
  text: string;
  /** The reason the write path gives; `problems` places schema problems when there are any. */
  reason: string;
  problems: Problem[];
  /** The schema doc the problems are against. */
  against?: Against;
}

export interface ChangePreview {
  changed: ChangedBin[];
  unchanged: string[];
  /** With the operation that stopped it (its index, from 0; none for a merge patch). */
  notApplicable: { id: string; name?: string; reason: string; operation?: number }[];
  invalid: InvalidBin[];
  /** Left out: a tab holds unsaved edits, or the run was stopped before it. */
  skipped: { id: string; reason: string }[];
  /** Could not be read. */
  failed: { id: string; reason: string }[];
}

export interface ApplyResult {
  changed: ChangeTarget[];
  skipped: { id: string; reason: string }[];
  failed: { id: string; reason: string }[];
}

export interface ChangeRunParts {
  /** The client the bins are read with, its requests counted for `scope`. */
  client: BinClient;
  /** What the run sends is counted for it: the reads, the schema doc's look-up, the conflict checks' reads and the PUTs. */
  scope?: RequestScope;
  writes: Pick<RecordWrites, 'prepareUpdate' | 'sendUpdate'>;
  schemaDocs: Pick<SchemaDocs, 'check'>;
  binCollections: Pick<BinCollections, 'of'>;
  /** Whether a tab of the bin holds unsaved edits: such a bin is left out, never overwritten. */
  unsaved: (id: string) => boolean;
  /** Asked before each request: true stops the run there; what is left is said skipped. */
  stopped: () => boolean;
  progress?: (done: number, total: number) => void;
  maxPlaced?: number;
}

/**
 * One read per bin (none for a bin with unsaved edits), and nothing sent. Each bin's read is sent
 * as the one before is answered, and that one is patched while the next is on its way, its checks
 * running while the next bins are read: still one request at a time, the work done during the waits.
 */
export async function previewChange(p: ChangeRunParts, bins: readonly ChangeTarget[], change: RecordChange): Promise<ChangePreview> {
  const preview: ChangePreview = { changed: [], unchanged: [], notApplicable: [], invalid: [], skipped: [], failed: [] };
  const doing = l10n.t('Not changed');
  // Checks under way, oldest first: their bins take their lists in the order they were read.
  const checking: Promise<() => void>[] = [];
  const settle = async () => (await checking.shift()!)();
  for (let next = readFrom(p, bins, 0, preview); next;) {
    const { index, bin, answer } = next;
    const read = await answer;
    // Told before the next read is sent, so that a Cancel then stops it.
    p.progress?.(index + 1, bins.length);
    next = readFrom(p, bins, index + 1, preview);
    if (next) {
      await host.afterSend();
    }
    if ('error' in read) {
      preview.failed.push({ id: bin.id, reason: read.error.message });
      continue;
    }
    const applied = applyRecordChange(read.record, change);
    if ('notApplicable' in applied) {
      preview.notApplicable.push({ id: bin.id, name: read.name ?? bin.name, reason: applied.notApplicable, operation: applied.operation?.index });
    } else if (unchanged(applied.record, read.record)) {
      preview.unchanged.push(bin.id);
    } else {
      // Sent compact, as the service keeps it: the size checked is the record's, not its indentation's.
      const record = RecordText.of(applied.record);
      checking.push(checkChanged(p, preview, { id: bin.id, name: read.name ?? bin.name }, record, read.record, doing));
      if (checking.length > CHECKS_WAITING) {
        await settle();
      }
    }
  }
  while (checking.length > 0) {
    await settle();
  }
  return preview;
}

/**
 * The record as it would be stored: equal values in the same key order (a change that only moves
 * keys changes the text stored). Most changed records differ in value, found without writing them out.
 */
function unchanged(after: Json, before: Json): boolean {
  return equal(after, before) && JSON.stringify(after) === JSON.stringify(before);
}

/** Checks under way while the next bins are read: enough to keep the worker busy, few enough to hold little. */
const CHECKS_WAITING = 2;

/** The write path's checks of a changed record; resolves to what puts the bin in its list (an unexpected failure throws there). */
async function checkChanged(p: ChangeRunParts, preview: ChangePreview, target: ChangeTarget, record: RecordText, before: Json, doing: string) {
  const after = record.value;
  try {
    const checked = await p.writes.prepareUpdate(target, record, before, doing, p.scope);
    return () => void preview.changed.push({ ...target, before, after, checked });
  } catch (error) {
    if (!(error instanceof Refused)) {
      return () => {
        throw error;
      };
    }
    const shown = recordText(after);
    const found = await placed(p, target.id, shown);
    return () => void preview.invalid.push({ ...target, text: shown, reason: error.reason, ...found });
  }
}

type Read = { record: Json; name?: string } | { error: Error };

/** The read of the first bin from `start` to be read, sent; those before it are said skipped (unsaved edits, stopped). */
function readFrom(p: ChangeRunParts, bins: readonly ChangeTarget[], start: number, preview: ChangePreview) {
  for (let index = start; index < bins.length; index++) {
    const bin = bins[index];
    if (p.unsaved(bin.id)) {
      preview.skipped.push({ id: bin.id, reason: l10n.t('a tab holds unsaved edits: save or revert it first') });
    } else if (p.stopped()) {
      preview.skipped.push({ id: bin.id, reason: l10n.t('stopped before it was read') });
    } else {
      const answer: Promise<Read> = p.client.readBin(bin.id).then(
        (read) => ({ record: read.record, name: read.metadata.name }),
        (error: Error) => ({ error }),
      );
      return { index, bin, answer };
    }
  }
  return undefined;
}

/** The schema problems of an invalid new record, placed in its text for the Problems panel. */
async function placed(p: ChangeRunParts, id: string, text: string): Promise<{ problems: Problem[]; against?: Against }> {
  const collectionId = p.binCollections.of(id);
  const found = collectionId ? await p.schemaDocs.check(collectionId, text, p.maxPlaced, p.scope).catch(() => undefined) : undefined;
  return found ? { problems: [...found.result.syntax, ...found.result.schema], against: againstSchemaDoc(found.schema.schemaDoc.name) } : { problems: [] };
}

/**
 * One PUT per changed bin of `preview`, one after another; with `reread`, each after a read that
 * checks the bin still holds what the preview read. Each answer is recorded while the next bin's
 * request is on its way. Stopped, the bins left are said skipped.
 */
export async function applyChange(
  p: Pick<ChangeRunParts, 'writes' | 'unsaved' | 'stopped' | 'progress' | 'scope'>,
  preview: Pick<ChangePreview, 'changed'>,
  reread: boolean,
  docs: (id: string) => string[],
): Promise<ApplyResult> {
  const result: ApplyResult = { changed: [], skipped: [], failed: [] };
  let recordLast = () => {};
  for (const [i, bin] of preview.changed.entries()) {
    const skip = p.stopped()
      ? l10n.t('stopped before it was sent')
      : p.unsaved(bin.id)
        ? l10n.t('a tab holds unsaved edits: save or revert it first')
        : undefined;
    if (skip) {
      recordLast();
      recordLast = () => {};
      result.skipped.push({ id: bin.id, reason: skip });
      continue;
    }
    // Progress is told as the answer comes in, so that a Cancel then stops the next request.
    const sending = p.writes.sendUpdate(bin.checked, reread, p.scope).then(
      (sent) => {
        p.progress?.(i + 1, preview.changed.length);
        return () => {
          if (sent.outcome === 'changedSince') {
            result.skipped.push({ id: bin.id, reason: l10n.t('it changed on the service since the preview read it: preview again') });
            return;
          }
          try {
            sent.record(docs(bin.id));
            result.changed.push({ id: bin.id, name: bin.name });
          } catch (error) {
            // Stored, but not taken in here (a listener failed): said, and the run goes on.
            result.failed.push({ id: bin.id, reason: l10n.t('it was stored, but this window could not show it: {0}', (error as Error).message) });
          }
        };
      },
      (error: Error) => {
        p.progress?.(i + 1, preview.changed.length);
        // An update whose answer was lost says "may have been stored": running the change again tells.
        return () => {
          result.failed.push({ id: bin.id, reason: error.message });
        };
      },
    );
    await host.afterSend();
    recordLast();
    recordLast = await sending;
  }
  recordLast();
  return result;
}
