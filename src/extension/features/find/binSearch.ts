/** Find Bin's search (`src/core/store/binSearch.ts`) over an account's parts: its key, its remembered bins, the view's fetched listings. */
import * as search from '../../../core/store/binSearch';
import type { RequestScope } from '../../../core/api';
import type { Parts } from '../parts';
import type { ViewParts } from '../tree/binsView';

export type { Match, Search } from '../../../core/store/binSearch';

/** Where a search looks: the remembered bins and the listings, fetched or not. */
export type SearchParts = Pick<Parts, 'connection' | 'remembered' | 'schemaDocs'> & Pick<ViewParts, 'tree'>;

function partsOf(p: SearchParts): search.SearchParts {
  return { hasKey: async () => Boolean(await p.connection.keys.get()), remembered: p.remembered, schemaDocs: p.schemaDocs, listings: p.tree };
}

export function leastRequests(p: SearchParts): Promise<number> {
  return search.leastRequests(partsOf(p));
}

export function searchBins(
  p: SearchParts,
  query: string,
  maxRequests: number,
  progress: Parameters<typeof search.searchBins>[3],
  within?: RequestScope,
): Promise<search.Search> {
  return search.searchBins(partsOf(p), query, maxRequests, progress, within);
}
