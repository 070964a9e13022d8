/**
 * Which bins a table shows and against which schema doc: a collection's listing, the bins in no
 * collection (the remembered ones, then the service's listing), or bins by id. Each account's
 * reads are one `TableReads` for the session: a second table of the same bins sends nothing.
 */
import * as vscode from 'vscode';
import { UNCATEGORIZED, type BinSummary, type RequestScope } from '../../../core/api';
import { TableReads } from '../../../core/store/tableReads';
import type { CollectionSchema } from '../../../core/schema/schemaDocs';
import { knownBinName } from '../binTarget';
import type { Parts } from '../parts';

/** A collection's bins, the bins in no collection, or bins by id (their rows' fields, when a row gave them). */
export type TableTarget = { collectionId: string } | { uncategorized: true } | { bins: (Partial<BinSummary> & { id: string })[]; collectionId?: string };

export type SourceParts = Pick<Parts, 'account' | 'connection' | 'bins' | 'remembered' | 'schemaDocs' | 'binCollections' | 'tables'>;

export interface TableSource {
  title: string;
  bins: BinSummary[];
  /** The collection whose schema doc checks the rows: undefined for bins of several or none. */
  collectionId?: string;
  /** The listing the rows are (a collection's id, or the bins in no collection): a bin created there gets a row. Undefined for bins by id. */
  listing?: string;
  schema?: CollectionSchema;
  /** The listing's next pages, as they arrive: the table shows the first before the last is listed. */
  more?: AsyncGenerator<BinSummary[]>;
}

/** The account's reads of this session (kept in its parts: `AccountTables`). */
export function readsOf(p: Pick<Parts, 'connection' | 'bins' | 'tables'>): TableReads {
  const client = p.connection.client;
  return p.tables.readsFor(client, () => new TableReads(() => client, p.bins));
}

/**
 * The table's title before its bins are listed: the collection's name (its listing is the
 * session's), or what the bins are. Here and in `sourceOf`, requests are counted for `scope`: the table's.
 */
export async function titleOf(p: SourceParts, target: TableTarget, scope?: RequestScope): Promise<string> {
  if ('bins' in target) {
    return target.bins.length === 1
      ? (target.bins[0].name ?? knownBinName(p, target.bins[0].id) ?? target.bins[0].id)
      : vscode.l10n.t('{0} bins', target.bins.length);
  }
  if ('uncategorized' in target) {
    return vscode.l10n.t('Bins in no collection');
  }
  return (await p.schemaDocs.listCollections(scope)).find((c) => c.id === target.collectionId)?.name ?? target.collectionId;
}

/**
 * The title the tab opens with, sending nothing: a collection not listed yet is named by its id
 * until the listing names it (`sourceOf`'s title), so that the webview loads meanwhile.
 */
export async function firstTitleOf(p: SourceParts, target: TableTarget): Promise<string> {
  return 'collectionId' in target && !('bins' in target) && !p.schemaDocs.listed ? target.collectionId : titleOf(p, target);
}

export async function sourceOf(p: SourceParts, target: TableTarget, scope: RequestScope): Promise<TableSource> {
  const reads = readsOf(p);
  if ('bins' in target) {
    const given = new Map(target.bins.map((b) => [b.id, b]));
    const ids = [...given.keys()];
    const collections = new Set(ids.map((id) => target.collectionId ?? p.binCollections.of(id)));
    const [only] = collections;
    const collectionId = collections.size === 1 && typeof only === 'string' ? only : undefined;
    const bins = ids.map((id) => ({ ...summaryOf(p, id), ...given.get(id) }));
    return { title: await titleOf(p, { bins }), bins, collectionId, schema: await p.schemaDocs.schemaFor(collectionId, scope) };
  }
  if ('uncategorized' in target) {
    // As the view lists them: the remembered bins first, then those the service lists.
    const remembered = p.remembered.all();
    const listed = p.account.keyKind === 'master' ? await reads.listing(UNCATEGORIZED, scope) : [];
    const ids = new Set(remembered.map((b) => b.id));
    const bins = [...remembered.map((b) => summaryOf(p, b.id)), ...listed.filter((b) => !ids.has(b.id))];
    return { title: await titleOf(p, target), bins, listing: UNCATEGORIZED };
  }
  const pages = learning(p, target.collectionId, reads.pages(target.collectionId, scope));
  const [first, schema, title] = await Promise.all([pages.next(), p.schemaDocs.schemaFor(target.collectionId, scope), titleOf(p, target, scope)]);
  return {
    title,
    bins: first.done ? [] : [...first.value],
    collectionId: target.collectionId,
    listing: target.collectionId,
    schema,
    more: pages,
  };
}

/** Listed from the collection: each bin's schema doc is known without its read's metadata (a minimal service omits it). */
async function* learning(p: SourceParts, collectionId: string, pages: AsyncGenerator<BinSummary[]>) {
  for await (const page of pages) {
    page.forEach((b) => p.binCollections.learn(b.id, collectionId));
    yield page;
  }
}

/** A bin's listing fields as this window knows them, without a request: a read fills in what is missing. */
function summaryOf(p: SourceParts, id: string): BinSummary {
  const remembered = p.remembered.get(id);
  const known = p.bins.known({ kind: 'bin', id });
  return { id, name: knownBinName(p, id), private: remembered?.private ?? known?.private ?? true, createdAt: remembered?.createdAt ?? '' };
}
