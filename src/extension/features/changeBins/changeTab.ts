/**
 * What a Change Bins tab starts as: named by the bins it changes, and holding a change that
 * applies to them, made from a record already open in a tab (no request: the preview reads each
 * bin anyway), or else an empty patch whose completion offers the operations.
 */
import * as vscode from 'vscode';
import type { Json } from '../../../core/api';
import { parseUri } from '../../fs/uris';
import { pointerSegment } from '../../../core/schema/changeSchema';
import type { ChangeTargets } from '../drafts';
import type { Parts } from '../parts';

/** The tab's name: the collection's, the one bin's, or how many bins. */
export function changeTabName(targets: ChangeTargets): string {
  if ('collection' in targets) {
    return vscode.l10n.t('Change {0}', targets.collection.name);
  }
  const [first] = targets.bins;
  if (targets.bins.length === 1) {
    return vscode.l10n.t('Change {0}', first.name ?? first.id);
  }
  return vscode.l10n.t('Change {0} bins', targets.bins.length);
}

/**
 * The records of the targets that open tabs hold as read (clean tabs, of the bins' latest
 * record): known without a request. A collection's are those known to be in it.
 */
export function openRecordsOf(p: Pick<Parts, 'account' | 'binCollections'>, targets: ChangeTargets): Json[] {
  const ids = 'bins' in targets ? new Set(targets.bins.map((b) => b.id)) : undefined;
  const records: Json[] = [];
  for (const document of vscode.workspace.textDocuments) {
    const resource = parseUri(document.uri, p.account.id);
    if (resource?.kind !== 'bin' || resource.version !== undefined || document.isDirty) {
      continue;
    }
    const inTargets = ids ? ids.has(resource.id) : p.binCollections.of(resource.id) === (targets as { collection: { id: string } }).collection.id;
    const record = inTargets ? parsed(document.getText()) : undefined;
    if (record !== undefined) {
      records.push(record);
    }
  }
  return records;
}

function parsed(text: string): Json | undefined {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

/**
 * A change that applies to `record` and, as written, changes nothing: a `test` of one of its
 * values and a `replace` of it with the same value, to be edited. Undefined when the record has
 * no property of a plain value to name.
 */
export function sampleFrom(record: Json): string | undefined {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    return undefined;
  }
  const entries = Object.entries(record);
  // A text reads best as the thing to change (a title, a name); a number or a boolean will do.
  const [key, value] = entries.find(([, v]) => typeof v === 'string') ?? entries.find(([, v]) => typeof v === 'boolean' || faithful(v)) ?? [];
  if (key === undefined) {
    return undefined;
  }
  const path = `/${pointerSegment(key)}`;
  const operation = (op: string) => `  { "op": "${op}", "path": ${JSON.stringify(path)}, "value": ${JSON.stringify(value)} }`;
  return `[\n${operation('test')},\n${operation('replace')}\n]\n`;
}

/** A number written back as it was read: not one JavaScript rounded. */
function faithful(value: unknown): boolean {
  return typeof value === 'number' && Number.isFinite(value) && (!Number.isInteger(value) || Number.isSafeInteger(value));
}

/** The empty patch a tab starts from when no record of its bins is at hand: the cursor goes between its brackets. */
export const EMPTY_CHANGE = '[\n  \n]\n';
