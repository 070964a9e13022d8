/** The tools that read: collections, a listing's page, a bin (or a part, or a version) and a schema doc. */
import * as vscode from 'vscode';
import { UNCATEGORIZED } from '../../api';
import { settings } from '../../config';
import { fitted } from './fit';
import { ToolRefusal } from './result';
import { readLatest, readText } from './sessionReads';
import { numberInput, textInput, type Run } from './input';

const BINS_PER_PAGE = 10;

/** The most requests a call may send: its `maxRequests`, else the user's `jsonbin.warnAboveRequests` (0: no cap). */
export function capOf(input: Record<string, unknown>): number {
  return numberInput(input, 'maxRequests', 0) ?? (settings.warnAboveRequests() || Number.POSITIVE_INFINITY);
}

/** Refuses, before anything is sent, a call that would need more requests than its cap. */
export function withinCap(needed: number, cap: number): void {
  if (needed > cap) {
    throw new ToolRefusal(
      vscode.l10n.t('Not sent: this needs {0} requests, more than the cap of {1}. Pass a higher maxRequests if the user agrees', needed, cap),
      {
        wouldNeed: needed,
        cap,
      },
    );
  }
}

export const listCollections: Run = async (p) => {
  const collections = await p.schemaDocs.listCollections(p.scope);
  // The schema docs' names: each read once, and then known to every check of a record.
  const ids = [...new Set(collections.map((c) => c.schemaDocId).filter((id): id is string => id !== undefined))];
  const unread = ids.filter((id) => p.schemaDocs.nameOf(id) === undefined);
  if (unread.length <= capOf({})) {
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
  const listing = collectionId ?? UNCATEGORIZED;
  const fetched = p.tree.pages.get(listing);
  const wanted = page * BINS_PER_PAGE;
  // The pages the view (or an earlier call) fetched cost nothing; the rest one request each.
  const needed = fetched ? (fetched.more && fetched.bins.length < wanted ? page - Math.ceil(fetched.bins.length / BINS_PER_PAGE) : 0) : page;
  withinCap(needed, capOf(input));
  let got = await p.tree.page(listing, p.scope);
  while (got.more && got.bins.length < wanted) {
    await p.tree.nextPage(listing, p.scope);
    got = p.tree.pages.get(listing)!;
  }
  const bins = got.bins.slice(wanted - BINS_PER_PAGE, wanted);
  return {
    ...(collectionId ? { collectionId } : { inNoCollection: true }),
    page,
    bins: bins.map((b) => ({ id: b.id, name: b.name, private: b.private })),
    more: got.more || got.bins.length > wanted,
  };
};

export const readBin: Run = async (p, input, options, token) => {
  const binId = textInput(input, 'binId', true);
  const jsonPath = textInput(input, 'jsonPath');
  const version = numberInput(input, 'version', 1);
  if (jsonPath !== undefined && version !== undefined) {
    throw new ToolRefusal(vscode.l10n.t('Give either jsonPath or version, not both: a JSONPath reads the latest record'));
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
    ...(await fitted(text, options, token)),
  };
};

export const readSchemaDoc: Run = async (p, input) => {
  const collectionId = textInput(input, 'collectionId');
  let schemaDocId = textInput(input, 'schemaDocId');
  if (collectionId === undefined && schemaDocId === undefined) {
    throw new ToolRefusal(vscode.l10n.t('Give collectionId or schemaDocId'));
  }
  if (schemaDocId === undefined) {
    const collection = (await p.schemaDocs.listCollections(p.scope)).find((c) => c.id === collectionId);
    if (!collection) {
      throw new ToolRefusal(vscode.l10n.t('There is no collection {0} in this account', collectionId!));
    }
    if (!collection.schemaDocId) {
      return { collectionId, schemaDoc: null };
    }
    schemaDocId = collection.schemaDocId;
  }
  const doc = await p.schemaDocs.read(schemaDocId, p.scope);
  return { ...(collectionId ? { collectionId } : {}), schemaDoc: { id: doc.metadata.id, name: doc.metadata.name, schema: doc.record } };
};
