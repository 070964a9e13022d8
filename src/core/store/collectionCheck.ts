/**
 * Validate Collection: every bin of a collection checked against its schema doc (or a schema the
 * caller gives). The service does not check stored bins again when a schema doc changes, so this
 * is how a user learns which stored bins a tightened schema doc leaves invalid. Requests: the
 * listing's pages, then one read per bin; a bin with unsaved edits in a tab is checked from the
 * tab's text, without a read. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { againstGiven, againstSchemaDoc, type Against } from '../schema/against';
import { BINS_PER_PAGE, BinServiceError, type BinClient, type BinSummary, type Json, type RequestScope } from '../api';
import type { SchemaDocs } from '../schema/schemaDocs';
import type { SchemaSource } from '../schema/validation';
import type { Problem, ServedResult } from '../schema/validator';

export interface CollectionCheckOptions {
  /** Checked against this schema instead of the collection's schema doc. */
  schema?: Json;
  /** The text of a bin's tab with unsaved edits: checked as it is, not read. */
  unsavedText?: (binId: string) => string | undefined;
  /** Told how many bins the listing found, before any is read: it may refuse (throw) to stop there. */
  listed?: (bins: number, pages: number) => Promise<void>;
  /** The collection's bins, listed already: no listing is sent, and `listed` is not told. */
  listing?: { bins: ListedBin[]; pages: number };
  progress?: (checked: number, total: number) => void;
  /** Asked before each request: true stops the check, keeping what was found. */
  stopped?: () => boolean;
  /** Schema problems placed per bin (all are counted). */
  maxPlaced?: number;
  /** What the check sends is counted for it: the schema doc's look-up, the listing and the reads. */
  scope?: RequestScope;
}

/** A bin that fails: its text (as a tab would show it) and its problems, placed in that text. */
export interface FailingBin {
  id: string;
  name?: string;
  text: string;
  problems: Problem[];
}

export interface CollectionCheck {
  /** Bins validated. */
  checked: number;
  failing: FailingBin[];
  /** Bins that could not be read (deleted meanwhile, refused) or checked, with why. */
  notRead: { id: string; reason: string }[];
  /** Whether the check stopped before the last bin. */
  stopped: boolean;
  /** What the bins were checked against. */
  against: Against;
}

export async function checkCollection(
  account: BinClient,
  schemaDocs: SchemaDocs,
  collectionId: string,
  options: CollectionCheckOptions = {},
): Promise<CollectionCheck> {
  const client = account.within(options.scope);
  const { source, against } = await schemaOf(schemaDocs, collectionId, options.schema, options.scope);
  const result: CollectionCheck = { checked: 0, failing: [], notRead: [], stopped: false, against };
  const stopped = () => (result.stopped ||= options.stopped?.() ?? false);
  const listing = options.listing ?? (await listCollection(client, collectionId, stopped));
  if (!listing) {
    return result;
  }
  const { bins, pages } = listing;
  if (!options.listing) {
    await options.listed?.(bins.length, pages);
  }
  // Bins are read while the worker checks those before. Answers go to it as served, a batch per
  // message; it parses them and formats only a failing record: the check costs little beyond the reads.
  const checking = new Set<Promise<void>>();
  const track = (checked: ListedBin[], found: Promise<ServedResult[]>, texts: (string | undefined)[] = []) => {
    const done: Promise<void> = found
      .then(
        (results) =>
          results.forEach((found, i) => {
            const bin = checked[i];
            if ('notValidated' in found) {
              result.notRead.push({ id: bin.id, reason: l10n.t('Not validated: {0}', found.notValidated) });
              return;
            }
            result.checked++;
            const problems = [...found.syntax, ...found.schema];
            if (problems.length > 0) {
              result.failing.push({ id: bin.id, name: bin.name ?? found.name, text: texts[i] ?? found.text!, problems });
            }
            options.progress?.(result.checked, bins.length);
          }),
        // Records the worker could not check (too slow, too large) are said, and the others still are.
        (error: Error) => checked.forEach((bin) => result.notRead.push({ id: bin.id, reason: l10n.t('Not validated: {0}', error.message) })),
      )
      .finally(() => checking.delete(done));
    checking.add(done);
  };
  let batch: { bin: ListedBin; served: Uint8Array }[] = [];
  const send = async () => {
    if (checking.size >= BATCHES_WAITING) {
      await Promise.race(checking);
    }
    const sent = batch;
    batch = [];
    track(
      sent.map((s) => s.bin),
      schemaDocs.validateServed(
        source,
        sent.map((s) => s.served),
        options.maxPlaced,
      ),
    );
  };
  for (const bin of bins) {
    const unsaved = options.unsavedText?.(bin.id);
    if (unsaved !== undefined) {
      track(
        [bin],
        schemaDocs.validate(source, unsaved, options.maxPlaced).then((found) => [found]),
        [unsaved],
      );
      continue;
    }
    const served = stopped() ? undefined : await read(client, bin.id, result);
    if (result.stopped) {
      break;
    }
    if (served) {
      batch.push({ bin, served });
      if (batch.length === BATCH) {
        await send();
      }
    }
  }
  if (batch.length > 0) {
    await send();
  }
  await Promise.all(checking);
  return result;
}

/** What a check needs of a listed bin: a selection of rows names its bins this way too. */
export type ListedBin = Pick<BinSummary, 'id' | 'name'>;

/** A collection's bins, and the pages their listing took. */
export interface Listing {
  bins: BinSummary[];
  pages: number;
}

/** Every bin of a collection, page by page; undefined when `stopped` said so before a page. */
export async function listCollection(client: BinClient, collectionId: string, stopped: () => boolean): Promise<Listing | undefined> {
  const bins: BinSummary[] = [];
  let pages = 0;
  for (let page: BinSummary[] | undefined; !page || page.length === BINS_PER_PAGE; pages++) {
    if (stopped()) {
      return undefined;
    }
    page = await client.listBins(collectionId, bins.at(-1)?.id);
    bins.push(...page);
  }
  return { bins, pages };
}

/** Answers sent to the worker in one message: a message costs more than the copy of an answer. */
const BATCH = 8;
/** Batches waiting for the worker while the next bins are read: enough to keep it busy, few enough to hold little. */
const BATCHES_WAITING = 2;

/** A bin's answer as served, for the worker to parse; undefined when it could not be read (said in `result`). */
async function read(client: BinClient, id: string, result: CollectionCheck): Promise<Uint8Array | undefined> {
  try {
    return await client.readServed(id);
  } catch (error) {
    result.notRead.push({ id, reason: (error as Error).message });
    // No further read would be sent: the allowance is spent. What was found stays.
    result.stopped ||= error instanceof BinServiceError && error.kind === 'allowanceExhausted';
    return undefined;
  }
}

/** The schema to check against: the one given (refused before any request if it is not a valid schema), or the collection's schema doc. */
async function schemaOf(
  schemaDocs: SchemaDocs,
  collectionId: string,
  schema: Json | undefined,
  scope: RequestScope | undefined,
): Promise<{ source: SchemaSource; against: Against }> {
  if (schema !== undefined) {
    const problem = await schemaDocs.schemaProblem(schema);
    if (problem) {
      throw new Error(l10n.t('Not validated: the schema given is not a valid JSON Schema: {0}', problem));
    }
    // One id for every schema given: the worker keeps the last one compiled, not one per call.
    return { source: { id: 'given', text: JSON.stringify(schema) }, against: againstGiven() };
  }
  const found = await schemaDocs.schemaFor(collectionId, scope);
  if (!found) {
    throw new Error(l10n.t('Not validated: collection {0} has no schema doc (attach one, or pass a schema)', collectionId));
  }
  return { source: found.source, against: againstSchemaDoc(found.schemaDoc.name) };
}

/** What saving a schema doc would do to the stored bins of the collections it validates. */
