/**
 * One change written for many records: an RFC 6902 JSON Patch (a list of operations) or an RFC
 * 7386 merge patch (an object), applied by well-kept libraries (fast-json-patch,
 * json-merge-patch). Change Bins and the chat's update tool share it. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
// The core alone: the package's index also brings its observer, which reaches for a browser window.
import { applyOperation, validate, type Operation } from 'fast-json-patch/commonjs/core';
import { unescapePathComponent, type PatchError as JsonPatchError } from 'fast-json-patch/commonjs/helpers';
import { apply as applyMergePatch } from 'json-merge-patch';
import { unfaithfulNumber, type Json } from '../api';

/** The change, as a programmatic caller passes it: one of the two. */
export type RecordChange = { patch: Operation[]; mergePatch?: undefined } | { mergePatch: Json; patch?: undefined };

/** What a change makes of one record: the new record, or why it does not apply (the operation named, and its index from 0). */
export type Applied = { record: Json } | { notApplicable: string; operation?: { index: number; operation: Partial<Operation> | undefined } };

/**
 * The change a tab's text holds: a list is a JSON Patch, an object a merge patch. Throws, worded,
 * otherwise, and for a number the records could not hold as written: the records are made from
 * the parsed change, so this is where such a number is seen.
 */
export async function parseRecordChange(text: string): Promise<RecordChange> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(l10n.t('The change is not JSON: {0}', (error as Error).message), { cause: error });
  }
  const problem = await unfaithfulNumber(text);
  if (problem) {
    throw new Error(l10n.t('The change is not applied: {0}', problem));
  }
  return checkRecordChange(Array.isArray(value) ? { patch: value as Operation[] } : { mergePatch: value as Json });
}

/** A programmatic caller's change, checked before anything is read: its operations must be well formed. */
export function checkRecordChange(change: { patch?: unknown; mergePatch?: unknown } | undefined): RecordChange {
  if (change?.patch !== undefined && change.mergePatch === undefined) {
    if (!Array.isArray(change.patch)) {
      throw new Error(l10n.t('A JSON Patch is a list of operations, such as [{ "op": "replace", "path": "/title", "value": "New" }]'));
    }
    const error = validate(change.patch as Operation[]);
    if (error) {
      throw new Error(l10n.t('The JSON Patch is not valid: {0}', describe(error)));
    }
    return { patch: change.patch as Operation[] };
  }
  if (change?.mergePatch !== undefined && change.patch === undefined) {
    if (typeof change.mergePatch !== 'object' || change.mergePatch === null || Array.isArray(change.mergePatch)) {
      // A merge patch that is not an object replaces the whole record: not a change written for many.
      throw new Error(l10n.t('A merge patch is an object, such as { "draft": null, "level": 2 }'));
    }
    return { mergePatch: change.mergePatch as Json };
  }
  throw new Error(l10n.t('The change is a JSON Patch (a list of operations) or a merge patch (an object), one of the two'));
}

/**
 * `record` changed, or why the change does not apply to it. `record` is left as it is: the new
 * record shares what the change leaves alone with it, and only the objects and arrays on the way
 * to what it changes are copied, so that a change made to many large records copies little.
 */
export function applyRecordChange(record: Json, change: RecordChange): Applied {
  const owned = new WeakSet<object>();
  if (change.mergePatch !== undefined) {
    return { record: applyMergePatch(copyForMerge(record, change.mergePatch, owned), change.mergePatch) };
  }
  let doc = record;
  for (const [index, operation] of change.patch.entries()) {
    if (operation.op === 'move' && operation.path.startsWith(`${operation.from}/`)) {
      return { notApplicable: l10n.t('{0}: {1}', where(index, operation), l10n.t('it moves a value into itself')), operation: { index, operation } };
    }
    // A move removes before it adds, and the removal may shift an array its path goes through: what
    // it changes is known only as it runs, so the record is copied whole for it.
    doc = operation.op === 'move' ? structuredClone(doc) : copyAlong(doc, changedBy(operation), owned);
    try {
      // Each record gets its own copy of the operation: a later operation that changes a value an
      // earlier one added must not change it in the patch, and so in the next record.
      doc = applyOperation(doc, structuredClone(operation), true, true, true, index).newDocument;
    } catch (error) {
      if (isPatchError(error)) {
        return { notApplicable: describe(error, index), operation: { index, operation } };
      }
      throw error;
    }
  }
  return { record: doc };
}

/** The JSON Pointers whose parents an operation changes: `copy` only reads its `from`, `test` changes nothing. */
function changedBy(operation: Operation): string[] {
  return operation.op === 'test' ? [] : [operation.path];
}

/** A copy of `value` of its own (once), which the change may then change in place. */
function own<T extends object>(value: T, owned: WeakSet<object>): T {
  if (owned.has(value)) {
    return value;
  }
  const copy = (Array.isArray(value) ? [...value] : { ...value }) as T;
  owned.add(copy);
  return copy;
}

function isContainer(value: unknown): value is Record<string, Json> {
  return typeof value === 'object' && value !== null;
}

/** `doc`, with its own copy of every object and array on the way to each JSON Pointer's parent. */
function copyAlong(doc: Json, pointers: string[], owned: WeakSet<object>): Json {
  if (!isContainer(doc)) {
    return doc;
  }
  const root = own(doc, owned);
  for (const pointer of pointers) {
    let node: Record<string, Json> = root;
    for (const key of pointer.split('/').slice(1, -1).map(unescapePathComponent)) {
      const child = Object.hasOwn(node, key) ? node[key] : undefined;
      if (!isContainer(child)) {
        break;
      }
      node = node[key] = own(child, owned);
    }
  }
  return root;
}

/** `target`, with its own copy of every object a merge patch's objects merge into. */
function copyForMerge(target: Json, patch: Json, owned: WeakSet<object>): Json {
  if (!isContainer(target) || Array.isArray(target) || !isContainer(patch) || Array.isArray(patch)) {
    return target;
  }
  const copy = own(target, owned);
  for (const [key, value] of Object.entries(patch)) {
    if (Object.hasOwn(copy, key) && isContainer(value) && !Array.isArray(value)) {
      copy[key] = copyForMerge(copy[key], value, owned);
    }
  }
  return copy;
}

function isPatchError(error: unknown): error is JsonPatchError {
  return error instanceof Error && typeof (error as JsonPatchError).name === 'string' && /^(OPERATION_|TEST_|SEQUENCE_)/.test(error.name);
}

/** The failing operation, numbered from 1, and why: the library's own message holds the whole record. */
function describe(error: JsonPatchError, index = error.index ?? 0): string {
  return l10n.t('{0}: {1}', where(index, error.operation as Partial<Operation> | undefined), reasonOf(error.name));
}

/** The operation, numbered from 1 (the library numbers some of its errors from the start of what it was given). */
function where(index: number, op: Partial<Operation> | undefined): string {
  return l10n.t('operation {0} ({1} {2})', index + 1, String(op?.op ?? '?'), String(op?.path ?? '?'));
}

function reasonOf(name: JsonPatchError['name']): string {
  switch (name) {
    case 'TEST_OPERATION_FAILED':
      return l10n.t('the test failed: the value there differs');
    case 'OPERATION_PATH_UNRESOLVABLE':
      return l10n.t('the path does not exist in this record');
    case 'OPERATION_FROM_UNRESOLVABLE':
      return l10n.t('the "from" path does not exist in this record');
    case 'OPERATION_PATH_CANNOT_ADD':
      return l10n.t('the parent of the path does not exist in this record');
    case 'OPERATION_PATH_ILLEGAL_ARRAY_INDEX':
    case 'OPERATION_VALUE_OUT_OF_BOUNDS':
      return l10n.t('the array index is not in this record');
    case 'OPERATION_VALUE_REQUIRED':
    case 'OPERATION_VALUE_CANNOT_CONTAIN_UNDEFINED':
      return l10n.t('it needs a "value"');
    case 'OPERATION_FROM_REQUIRED':
      return l10n.t('it needs a "from" path');
    case 'OPERATION_PATH_INVALID':
      return l10n.t('its "path" is not a JSON Pointer (such as /title or /tags/0)');
    case 'OPERATION_OP_INVALID':
      return l10n.t('its "op" is not add, remove, replace, move, copy or test');
    default:
      return l10n.t('it is not a JSON Patch operation');
  }
}
