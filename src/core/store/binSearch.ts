/**
 * Find Bin's search: names and ids across the remembered bins (no request), then every
 * collection's listing and the bins in no collection. What the view fetched is searched first and
 * never fetched again; the rest is fetched a page (10 bins) at a time, one page of each listing in
 * turn, so that one long collection cannot use up the cap alone.
 */
import * as l10n from '@vscode/l10n';
import { RequestScope, UNCATEGORIZED, type Collection } from '../api';
import type { SchemaDocs } from '../schema/schemaDocs';
import type { Listings } from './listingPages';
import type { RememberedBins } from './rememberedBins';

export interface Match {
  id: string;
  name?: string;
  /** Null: in no collection (or remembered, which the view shows there). */
  collectionId: string | null;
  collectionName?: string;
  private: boolean;
}

export interface Search {
  matches: Match[];
  /** Requests sent so far, as the transport counted them. */
  readonly requests: number;
  /** Listings not searched to their end (known so far): left by the cap or a cancel. */
  unfinished: number;
  /** Stopped because the next request would have passed the cap. */
  capped: boolean;
  /** Listings the service refused, with its words. */
  failures: string[];
}

interface Listing {
  id: string;
  collection: Collection | null;
  /** Bins of its fetched pages already looked at. */
  seen: number;
  failed?: boolean;
}

/** Where a search looks: the remembered bins and the listings, fetched or not; with no key, nowhere but the remembered bins. */
export interface SearchParts {
  hasKey(): Promise<boolean>;
  remembered: Pick<RememberedBins, 'all'>;
  schemaDocs: SchemaDocs;
  listings: Listings;
}

/** At least how many requests a full search needs, from what is known; 0 when everything is fetched. */
export async function leastRequests(p: SearchParts): Promise<number> {
  if (!(await p.hasKey())) {
    return 0;
  }
  if (!p.schemaDocs.listed) {
    // The collection list, and the first page of the bins in no collection.
    return 2;
  }
  const ids = [...(await p.schemaDocs.listCollections()).map((c) => c.id), UNCATEGORIZED];
  return ids.filter((id) => p.listings.pages.get(id)?.more !== false).length;
}

/** `within`: the scope of the action the search is part of (a tool's call), which counts its requests too. */
export async function searchBins(
  p: SearchParts,
  query: string,
  maxRequests: number,
  progress: { report(search: Search): void; cancelled(): boolean },
  within?: RequestScope,
): Promise<Search> {
  const needle = query.trim().toLowerCase();
  const found = new Map<string, Match>();
  const scope = new RequestScope(within);
  const search: Search = {
    matches: [],
    get requests() {
      return scope.sent;
    },
    unfinished: 0,
    capped: false,
    failures: [],
  };
  const consider = (bin: { id: string; name?: string; private?: boolean }, collection: Collection | null) => {
    const known = found.get(bin.id);
    // A bin both remembered and listed in a collection is found once, in its collection.
    if ((bin.id.toLowerCase().includes(needle) || bin.name?.toLowerCase().includes(needle)) && (!known || (collection && !known.collectionId))) {
      found.set(bin.id, {
        id: bin.id,
        name: bin.name ?? known?.name,
        collectionId: collection?.id ?? null,
        collectionName: collection?.name,
        private: bin.private !== false,
      });
    }
  };
  const report = () => {
    search.matches = [...found.values()];
    progress.report(search);
  };
  /** Whether one more request may be sent. */
  const spend = () => {
    if (progress.cancelled()) {
      return false;
    }
    search.capped = scope.sent >= maxRequests;
    return !search.capped;
  };

  for (const bin of p.remembered.all()) {
    consider(bin, null);
  }
  report();
  if (!(await p.hasKey())) {
    return search;
  }
  let collections: Collection[];
  try {
    if (!p.schemaDocs.listed && !spend()) {
      search.unfinished = 1;
      return search;
    }
    collections = await p.schemaDocs.listCollections(scope);
  } catch (error) {
    search.failures.push((error as Error).message);
    report();
    return search;
  }

  const listings: Listing[] = [...collections.map((c) => ({ id: c.id, collection: c, seen: 0 })), { id: UNCATEGORIZED, collection: null, seen: 0 }];
  const look = (listing: Listing) => {
    const bins = p.listings.pages.get(listing.id)?.bins ?? [];
    bins.slice(listing.seen).forEach((b) => consider(b, listing.collection));
    listing.seen = bins.length;
  };
  const unfinished = () => listings.filter((l) => !l.failed && p.listings.pages.get(l.id)?.more !== false);
  // What is fetched costs nothing: searched before any request.
  listings.forEach(look);
  report();
  for (let open = unfinished(); open.length > 0; open = unfinished()) {
    for (const listing of open) {
      if (!spend()) {
        search.unfinished = unfinished().length;
        report();
        return search;
      }
      try {
        await (p.listings.pages.get(listing.id) ? p.listings.nextPage(listing.id, scope) : p.listings.page(listing.id, scope));
      } catch (error) {
        listing.failed = true;
        const message = (error as Error).message;
        search.failures.push(listing.collection ? l10n.t('{0}: {1}', listing.collection.name, message) : l10n.t('Bins in no collection: {0}', message));
      }
      look(listing);
      report();
    }
  }
  return search;
}
