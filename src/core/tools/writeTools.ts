/**
 * The tools that check and write a record: every record goes through the one write path
 * (`RecordWrites`), so it passes the checks a user's save passes; a refusal says why, with the
 * schema problems at their JSON pointers, and sends nothing.
 */
import * as l10n from '@vscode/l10n';
import { applyRecordChange, checkRecordChange, type RecordChange } from '../store/recordPatch';
import { unheldInRecord, type Json } from '../api';
import { digestOf } from '../store/entry';
import { Refused } from '../store/refused';
import type { CallParts } from './ports';
import { ToolRefusal } from './result';
import { agentDoc, readLatest, readText } from './sessionReads';
import { checkAgainstDefinition } from './definitionTools';
import { textInput, type Input, type Run } from './input';

const encoder = new TextEncoder();

/** The record's text: a string input is the text itself, any other JSON value is written compact. */
export function recordText(input: Input): string {
  const record = input.record;
  if (record === undefined) {
    throw new ToolRefusal(l10n.t('The input record is missing'));
  }
  return typeof record === 'string' ? record : JSON.stringify(record);
}

/** The problems of a text against a collection's schema doc, at their JSON pointers (the schema doc is read once). */
async function problemsIn(
  p: Pick<CallParts, 'schemaDocs' | 'scope' | 'settings'>,
  collectionId: string | undefined,
  text: string,
): Promise<{ path: string; message: string }[]> {
  const checked = await p.schemaDocs.check(collectionId, text, p.settings.maxProblems(), p.scope);
  return (checked?.result.schema ?? []).map(({ path, message }) => ({ path, message }));
}

/** Runs a write; a record refused for what it holds comes back with its problems. */
async function refusingWithProblems<T>(
  p: Pick<CallParts, 'schemaDocs' | 'scope' | 'settings'>,
  collectionId: string | undefined,
  text: string,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Refused && error.inText) {
      throw new ToolRefusal(error.message, { problems: await problemsIn(p, collectionId, text) });
    }
    throw error;
  }
}

/** The collection a record is for: the one given, else the bin's (null: none; undefined: not known). */
function collectionFor(p: Pick<CallParts, 'binCollections'>, input: Input): string | null | undefined {
  const binId = textInput(input, 'binId');
  return textInput(input, 'collectionId') ?? (binId === undefined ? null : p.binCollections.of(binId));
}

export const checkRecord: Run = async (p, input) => {
  const text = recordText(input);
  const definitionBinId = textInput(input, 'definitionBinId');
  if (definitionBinId !== undefined) {
    return checkAgainstDefinition(p, definitionBinId, text);
  }
  const collectionId = collectionFor(p, input);
  const base = { collectionId: collectionId ?? null, ...(collectionId === undefined ? { collectionUnknown: true } : {}) };
  try {
    await p.writes.checks.check({ kind: 'bin', collectionId: collectionId ?? undefined }, text, l10n.t('Not valid'), p.scope);
  } catch (error) {
    if (error instanceof Refused) {
      return { ...base, valid: false, reason: error.message, ...(error.inText ? { problems: await problemsIn(p, collectionId ?? undefined, text) } : {}) };
    }
    throw error;
  }
  return { ...base, valid: true };
};

export const createBin: Run = async (p, input) => {
  const text = recordText(input);
  const collectionId = textInput(input, 'collectionId');
  const name = textInput(input, 'name');
  const isPrivate = typeof input.private === 'boolean' ? input.private : undefined;
  const created = await refusingWithProblems(p, collectionId, text, async () =>
    p.writes.create(await p.writes.prepare(text, { name, collectionId, private: isPrivate }, undefined, p.scope), p.scope),
  );
  const { id } = created.metadata;
  // The bin as created is what the agent has read: reading it costs nothing, and an update is checked against it.
  p.bins.written({ kind: 'bin', id }, created.record, { name, private: created.metadata.private }, []);
  p.bins.baselines.set(agentDoc(id), p.bins.known({ kind: 'bin', id })!.digest);
  return { binId: id, name, collectionId: collectionId ?? null, private: created.metadata.private };
};

/** Whether a text is the record of `digest` (the text as written may differ in spacing). */
function sameRecord(text: string, digest: string): boolean {
  try {
    return digestOf(JSON.parse(text) as Json) === digest;
  } catch {
    return false;
  }
}

/**
 * The current record with the patch applied (as Change Bins applies one), or which operation does
 * not apply. A record holding a number JavaScript cannot hold is refused: patched, it would be sent as another value.
 */
async function patched(current: string, patch: unknown): Promise<string> {
  let change: RecordChange;
  try {
    change = checkRecordChange({ patch });
  } catch (error) {
    throw new ToolRefusal((error as Error).message);
  }
  const unheld = await unheldInRecord(current);
  if (unheld !== undefined) {
    throw new ToolRefusal(l10n.t('Not saved: {0}', unheld));
  }
  const applied = applyRecordChange(JSON.parse(current) as Json, change);
  if ('notApplicable' in applied) {
    throw new ToolRefusal(l10n.t('Not saved: {0}', applied.notApplicable), { failedOperation: applied.operation });
  }
  return JSON.stringify(applied.record);
}

export const updateBin: Run = async (p, input) => {
  const binId = textInput(input, 'binId', true);
  const hasPatch = input.patch !== undefined;
  if (hasPatch === (input.record !== undefined)) {
    throw new ToolRefusal(l10n.t('Give either record or patch'));
  }
  // A key not granted updates is refused before anything is read.
  p.writes.checks.permitted('updateBin', l10n.t('Not saved'));
  const resource = { kind: 'bin', id: binId } as const;
  const doc = agentDoc(binId);
  // Checked against what the agent read; when it read nothing, against what is read now.
  const readBefore = p.bins.baselines.of(doc) !== undefined;
  const read = !readBefore ? await readLatest(p, binId) : hasPatch ? await readText(p, resource) : undefined;
  const text = hasPatch ? await patched(read!.text, input.patch) : recordText(input);
  const known = p.bins.known(resource);
  if (known && sameRecord(text, known.digest)) {
    return { binId, name: known.name, unchanged: true };
  }
  const collectionId = p.binCollections.of(binId) ?? undefined;
  // A refused record sends nothing, not even the conflict check's read.
  await refusingWithProblems(p, collectionId, text, () => p.writes.checks.check({ kind: 'bin', collectionId }, text, l10n.t('Not saved'), p.scope));
  if (readBefore) {
    // The store trusts a record fetched a moment ago as the service's current one; the agent's read
    // may be that recent and already stale, so the write path reads the current record itself.
    p.bins.invalidate(resource);
  }
  let conflict = false;
  await refusingWithProblems(p, collectionId, text, async () => {
    try {
      const refuse = () => {
        conflict = true;
        return Promise.resolve('cancel' as const);
      };
      await p.writes.save(resource, encoder.encode(text), doc, refuse, p.scope);
    } catch (error) {
      if (conflict && error instanceof Refused) {
        // The bin changed since the agent read it: what it read is stale, so its next read or update reads again.
        p.bins.baselines.forget(doc);
        p.bins.invalidate(resource);
        throw new ToolRefusal(error.message, { conflict: true });
      }
      throw error;
    }
  });
  // What was stored is what the agent knows now: the next read costs nothing.
  p.bins.keepForReopen(resource, text);
  return { binId, name: p.bins.known(resource)?.name, updated: true };
};
