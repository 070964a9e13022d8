/**
 * Reads of a part of a bin's latest record: the record alone (`X-Bin-Meta: false`) and what a
 * JSONPath selects in it (`X-JSON-Path`). Loaded when a part is first opened. Each is refused, as a
 * read of the whole bin is, when it holds a number JavaScript cannot hold as served (`UnheldNumber`).
 */
import * as l10n from '@vscode/l10n';
import { checkName } from './checks';
import type { BinClient } from './client';
import { BinServiceError } from './errors';
import type { Json } from './json';
import { heldAsServed, type Served } from './record';
import type { BinMetadata } from './types';

/** A JSONPath travels in a header: a bound well above any path written by hand. */
export const MAX_JSON_PATH = 1024;

/** Clients (what each learnt, shared by its views) whose service answered a JSONPath read with the whole record: not asked again. */
const ignoringJsonPath = new WeakSet<object>();

/** The record alone, or (given a path) what the path selects, with what the answer tells of the bin. */
export async function readPart(client: BinClient, id: string, jsonPath?: string): Promise<{ record: Json; metadata: Partial<BinMetadata> }> {
  if (jsonPath === undefined) {
    return { record: await readRecord(client, id), metadata: {} };
  }
  const selected = await selectJsonPath(client, id, jsonPath);
  return { record: selected.matches, metadata: selected.metadata ?? {} };
}

/** The latest record alone; a service that ignores the header wraps it in a read answer, unwrapped here. */
export async function readRecord(client: BinClient, id: string): Promise<Json> {
  const served = await client.readLatest<Served<Json>>(id, { headers: { 'X-Bin-Meta': 'false' }, keepText: true });
  const wrapped = readAnswer(served.value, id);
  // Refused as a part read (`readPart`) would be: with no metadata.
  return (await heldAsServed(served, { record: wrapped?.record ?? served.value, metadata: {} }, wrapped ? 'record' : undefined, 'readBin')).record;
}

/**
 * The values a JSONPath selects in the latest record: the list the service answers, bare or as the
 * record of a read answer. A service that ignores the header answers the whole record, which is
 * refused rather than passed off as a selection (a record that is itself a list cannot be told
 * apart), and the service is not asked again.
 */
export async function selectJsonPath(client: BinClient, id: string, path: string): Promise<{ matches: Json[]; metadata?: BinMetadata }> {
  checkName(path, MAX_JSON_PATH, 'X-JSON-Path');
  const ignored = (status?: number) =>
    new BinServiceError(
      'unsupported',
      l10n.t('This bin service ignores X-JSON-Path: it answers the whole record, not the parts a path selects'),
      status,
      'readBin',
    );
  if (ignoringJsonPath.has(client.learnt)) {
    throw ignored();
  }
  const served = await client.readLatest<Served<Json>>(id, { headers: { 'X-JSON-Path': path }, keepText: true });
  const wrapped = readAnswer(served.value, id);
  const read = wrapped ?? { record: served.value, metadata: undefined };
  if (!Array.isArray(read.record)) {
    ignoringJsonPath.add(client.learnt);
    throw ignored(200);
  }
  // Refused as a part read (`readPart`) would be: the selection as its record.
  await heldAsServed(served, { record: read.record, metadata: read.metadata ?? {} }, wrapped ? 'record' : undefined, 'readBin');
  return { matches: read.record, metadata: read.metadata };
}

/** A read's `{ record, metadata }` of bin `id` and nothing else; any other answer is a bare record. */
function readAnswer(answer: Json, id: string): { record: Json; metadata: BinMetadata } | undefined {
  const { record, metadata, ...rest } = ((typeof answer === 'object' && answer) || {}) as { [key: string]: Json };
  const fits = record !== undefined && typeof metadata === 'object' && metadata !== null && !Array.isArray(metadata) && metadata.id === id;
  return fits && Object.keys(rest).length === 0 ? { record, metadata: metadata as unknown as BinMetadata } : undefined;
}
