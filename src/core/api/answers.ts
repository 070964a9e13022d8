/**
 * What the service's answers must look like before the client hands them on. A value the request
 * knows (the id asked for, the name sent) is taken from the request. A field a caller relies on
 * (a bin's privacy, a schema doc's name, a new bin's id) that is missing or of another type refuses
 * the answer, so that no wrong state is shown (a bin shown public because `private` was "yes"); a
 * date of another type is unknown (''). To a write, a refused answer is one that could not be read.
 */
import * as l10n from '@vscode/l10n';
import { shaped, type Operation } from './errors';
import type { Json } from './json';
import type { Bin, BinSummary, CreatedBin, DeletedBin, SchemaDoc, UpdatedBin, VersionCount } from './types';

export interface RawCollection {
  record: string;
  collectionMeta?: { name?: string };
  createdAt: string;
  schemaDocId?: string;
}

/** An answer before it is checked: any JSON at all. */
type Raw = Record<string, unknown>;

/** A field the service should send as a string: anything else is treated as absent. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A JSON object: not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function hasRecord(answer: unknown): boolean {
  return isObject(answer) && answer.record !== undefined;
}

/** Absent (or null), or a string. */
function absentOrText(value: unknown): boolean {
  return value === undefined || value === null || typeof value === 'string';
}

const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;

/** The answer's metadata object (callers checked it is one). */
const metadataOf = (answer: unknown) => (answer as { metadata: Raw }).metadata;

/** A read of bin `id` (its latest record or a version): `{ record, metadata: { id, private, createdAt?, name?, collectionId? } }`. */
export function readBin(answer: unknown, id: string): Bin {
  shaped(
    answer,
    (a) =>
      hasRecord(a) &&
      isObject(metadataOf(a)) &&
      typeof metadataOf(a).private === 'boolean' &&
      absentOrText(metadataOf(a).name) &&
      absentOrText(metadataOf(a).collectionId),
    l10n.t('a record and its metadata (private as true or false)'),
    'readBin',
  );
  const metadata = metadataOf(answer);
  const name = text(metadata.name);
  const collectionId = text(metadata.collectionId);
  const createdAt = text(metadata.createdAt);
  return {
    record: (answer as { record: Json }).record,
    metadata: {
      id,
      private: metadata.private as boolean,
      ...(createdAt !== undefined ? { createdAt } : {}),
      ...(name ? { name } : {}),
      ...(collectionId ? { collectionId } : {}),
    },
  };
}

/** A create's answer: the new bin's id and privacy must be there; its name is the one sent, unless the service says another. */
export function createdBin(answer: unknown, name: string | undefined): CreatedBin {
  shaped(
    answer,
    (a) => hasRecord(a) && isObject(metadataOf(a)) && typeof metadataOf(a).id === 'string' && typeof metadataOf(a).private === 'boolean',
    l10n.t('a record, the new bin id and its privacy'),
    'createBin',
  );
  const metadata = metadataOf(answer);
  const given = text(metadata.name) ?? name;
  return {
    record: (answer as { record: Json }).record,
    metadata: { id: metadata.id as string, createdAt: text(metadata.createdAt) ?? '', private: metadata.private as boolean, ...(given ? { name: given } : {}) },
  };
}

export function updatedBin(answer: unknown, id: string): UpdatedBin {
  shaped(
    answer,
    (a) => hasRecord(a) && isObject(metadataOf(a)) && typeof metadataOf(a).private === 'boolean',
    l10n.t('the stored record and its privacy'),
    'updateBin',
  );
  return { record: (answer as { record: Json }).record, metadata: { parentId: id, private: metadataOf(answer).private as boolean } };
}

/** Only the count is used. */
export function versionCount(answer: unknown, id: string): VersionCount {
  shaped(answer, (a) => isObject(metadataOf(a)) && isCount(metadataOf(a).versionCount), l10n.t('a version count'), 'versionCount');
  return { id, versionCount: metadataOf(answer).versionCount as number };
}

/** The count is shown; the service's message is kept when it is text. */
export function deleted(answer: unknown, id: string, operation: Operation): DeletedBin {
  shaped(answer, (a) => isObject(metadataOf(a)) && isCount(metadataOf(a).versionsDeleted), l10n.t('the count of versions deleted'), operation);
  return { id, versionsDeleted: metadataOf(answer).versionsDeleted as number, message: text((answer as Raw).message) ?? '' };
}

/** One listing page: each row's id and privacy must be there. */
export function binRows(answer: unknown): BinSummary[] {
  shaped(
    answer,
    (a) => Array.isArray(a) && a.every((row) => isObject(row) && typeof row.record === 'string' && typeof row.private === 'boolean'),
    l10n.t('a list of bins (each private as true or false)'),
    'listBins',
  );
  return (answer as Raw[]).map((row) => {
    const name = text((row.snippetMeta as Raw | undefined)?.name);
    return { id: row.record as string, ...(name ? { name } : {}), private: row.private as boolean, createdAt: text(row.createdAt) ?? '' };
  });
}

/**
 * A schema doc's answer. `known` is what the request knows: the id asked for or updated, and the
 * name sent with an update or a create; a read must carry the name.
 */
export function schemaDocOf(answer: unknown, operation: Operation, known: { id?: string; name?: string }): SchemaDoc {
  shaped(
    answer,
    (a) =>
      isObject((a as Raw).record) &&
      isObject(metadataOf(a)) &&
      (known.id !== undefined || typeof metadataOf(a).id === 'string') &&
      (known.name !== undefined || typeof metadataOf(a).name === 'string'),
    known.id === undefined ? l10n.t('the new schema doc id') : known.name === undefined ? l10n.t('a schema doc and its name') : l10n.t('a schema doc'),
    operation,
  );
  const metadata = metadataOf(answer);
  return {
    record: (answer as { record: Json }).record,
    metadata: { id: known.id ?? (metadata.id as string), name: known.name ?? (metadata.name as string), createdAt: text(metadata.createdAt) ?? '' },
  };
}
