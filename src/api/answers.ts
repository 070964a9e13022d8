/** What the service's answers must look like before the client hands them on: a 200 of another shape is named. */
import { shaped } from './errors';
import type { DeletedBin, SchemaDoc } from './types';

export interface RawCollection {
  record: string;
  collectionMeta?: { name?: string };
  createdAt: string;
  schemaDocId?: string;
}

export interface RawBinSummary {
  record: string;
  snippetMeta?: { name?: string };
  private?: boolean;
  createdAt: string;
}

export function deleted(answer: { metadata: { id: string; versionsDeleted: number }; message: string }): DeletedBin {
  shaped(answer, (a) => typeof a.metadata?.id === 'string' && Number.isInteger(a.metadata.versionsDeleted) && typeof a.message === 'string', 'the deleted bin');
  return { id: answer.metadata.id, versionsDeleted: answer.metadata.versionsDeleted, message: answer.message };
}

/** A field the service should send as a string: anything else is treated as absent. */
export function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A JSON object: not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function hasRecord(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && (answer as { record?: unknown }).record !== undefined;
}

export function shapedSchemaDoc(doc: SchemaDoc, id: string): SchemaDoc {
  shaped(doc, (a) => isObject(a.record) && isObject(a.metadata), 'a schema doc');
  return { record: doc.record, metadata: { ...doc.metadata, id: text(doc.metadata.id) ?? id } };
}
