/** The tools that read: collections, a listing's page, a bin (or a part, or a version) and a schema doc. */
import * as l10n from '@vscode/l10n';
import { UNCATEGORIZED } from '../api';
import { fitted } from './fit';
import type { CallParts } from './ports';
import { ToolRefusal } from './result';
import { readLatest, readText } from './sessionReads';
import { numberInput, textInput, type Run } from './input';

const BINS_PER_PAGE = 10;

/** The most requests a call may send: its `maxRequests`, else the user's `jsonbin.warnAboveRequests` (0: no cap). */
export function capOf(p: Pick<CallParts, 'settings'>, input: Record<string, unknown>): number {
  return numberInput(input, 'maxRequests', 0) ?? (p.settings.warnAboveRequests() || Number.POSITIVE_INFINITY);
}

/** Refuses, before anything is sent, a call that would need more requests than its cap. */
export function withinCap(needed: number, cap: number): void {
  if (needed > cap) {
    throw new ToolRefusal(l10n.t('Not sent: this needs {0} requests, more than the cap of {1}. Pass a higher maxRequests if the user agrees', needed, cap), {
      wouldNeed: needed,
      cap,
    });
  }
}

export const listCollections: Run = async (p) => {
  const collections = await p.schemaDocs.listCollections(p.scope);
  // The schema docs' names: each read once, and then known to every check of a record.
  const ids = [...new Set(collections.map((c) => c.schemaDocId).filter((id): id is string => id !== undefined))];
  const unread = ids.filter((id) => p.schemaDocs.nameOf(id) === undefined);
  if (unread.length <= capOf(p, {})) {
    await Promise.all(unread.map((id) => p.schemaDocs.read(id, p.scope)));
  }
  return {
    collections: collections.map((c) => ({
      id: c.id,
      name: c.name,
      ...(c.schemaDocId ? { schemaDoc: { id: c.schemaDocId, name: p.schemaDocs.nameOf(c.schemaDocId) } } : {}),
    })),
  };
};

export const listBins: Run = async (p, input) => {
  const collectionId = textInput(input, 'collectionId');
  const page = numberInput(input, 'page', 1) ?? 1;
  const wanted = page * BINS_PER_PAGE;
  const listed = collectionId === undefined ? await inNoCollection(p, wanted, capOf(p, input)) : await inCollection(p, collectionId, wanted, capOf(p, input));
  return {
    ...(collectionId ? { collectionId } : { inNoCollection: true }),
    page,
    bins: listed.bins.slice(wanted - BINS_PER_PAGE, wanted).map((b) => ({ id: b.id, name: b.name, private: b.private !== false })),
    more: listed.more || listed.bins.length > wanted,
  };
};

type Listed = { bins: { id: string; name?: string; private?: boolean }[]; more: boolean };

/** A collection's bins as the view fetched them (no request), then a page of its listing per request, up to the page wanted. */
async function inCollection(p: CallParts, collectionId: string, wanted: number, cap: number): Promise<Listed> {
  const fetched = p.listings.pages.get(collectionId);
  withinCap(fetched ? (fetched.more ? Math.ceil(Math.max(0, wanted - fetched.bins.length) / BINS_PER_PAGE) : 0) : wanted / BINS_PER_PAGE, cap);
  let got = await p.listings.page(collectionId, p.scope);
  while (got.more && got.bins.length < wanted) {
    await p.listings.nextPage(collectionId, p.scope);
    got = p.listings.pages.get(collectionId)!;
  }
  return got;
}

/**
 * The bins in no collection as the view lists them: the remembered ones (created or added here,
 * no request) first, then those of the service's listing not remembered, which a master key reads
 * a page per request, only as far as the page wanted needs.
 */
async function inNoCollection(p: CallParts, wanted: number, cap: number): Promise<Listed> {
  const remembered = p.remembered.all();
  const ids = new Set(remembered.map((b) => b.id));
  const canList = p.account.keyKind === 'master';
  const listed = (): Listed => {
    const got = p.listings.pages.get(UNCATEGORIZED);
    return { bins: [...remembered, ...(got?.bins.filter((b) => !ids.has(b.id)) ?? [])], more: got?.more ?? false };
  };
  // Enough: the page wanted is full and whether more follow is known (the remembered bins go past it, or the listing was read far enough).
  const enough = () => {
    const got = p.listings.pages.get(UNCATEGORIZED);
    return !canList || remembered.length > wanted || (got !== undefined && (!got.more || listed().bins.length >= wanted));
  };
  if (!enough()) {
    // At least one page, and one per 10 bins missing: a lower bound, as a listed bin that is remembered fills no place.
    withinCap(Math.max(1, Math.ceil((wanted - listed().bins.length) / BINS_PER_PAGE)), cap);
    while (!enough()) {
      await (p.listings.pages.has(UNCATEGORIZED) ? p.listings.nextPage(UNCATEGORIZED, p.scope) : p.listings.page(UNCATEGORIZED, p.scope));
    }
  }
  return listed();
}

export const readBin: Run = async (p, input) => {
  const binId = textInput(input, 'binId', true);
  const jsonPath = textInput(input, 'jsonPath');
  const version = numberInput(input, 'version', 1);
  if (jsonPath !== undefined && version !== undefined) {
    throw new ToolRefusal(l10n.t('Give either jsonPath or version, not both: a JSONPath reads the latest record'));
  }
  const { text, entry } =
    jsonPath !== undefined
      ? await readText(p, { kind: 'peek', id: binId, jsonPath })
      : version !== undefined
        ? await readText(p, { kind: 'bin', id: binId, version })
        : await readLatest(p, binId);
  const collectionId = p.binCollections.of(binId);
  return {
    binId,
    name: entry.name,
    ...(collectionId ? { collectionId } : {}),
    ...(version !== undefined ? { version } : {}),
    ...(jsonPath !== undefined ? { jsonPath } : {}),
    ...(await fitted(p, text)),
  };
};

export const readSchemaDoc: Run = async (p, input) => {
  const collectionId = textInput(input, 'collectionId');
  let schemaDocId = textInput(input, 'schemaDocId');
  if (collectionId === undefined && schemaDocId === undefined) {
    throw new ToolRefusal(l10n.t('Give collectionId or schemaDocId'));
  }
  if (schemaDocId === undefined) {
    const collection = (await p.schemaDocs.listCollections(p.scope)).find((c) => c.id === collectionId);
    if (!collection) {
      throw new ToolRefusal(l10n.t('There is no collection {0} in this account', collectionId!));
    }
    if (!collection.schemaDocId) {
      return { collectionId, schemaDoc: null };
    }
    schemaDocId = collection.schemaDocId;
  }
  const doc = await p.schemaDocs.read(schemaDocId, p.scope);
  return { ...(collectionId ? { collectionId } : {}), schemaDoc: { id: doc.metadata.id, name: doc.metadata.name, schema: doc.record } };
};
