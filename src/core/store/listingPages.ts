/**
 * What is fetched of each listing of an account (a collection's bins, or the bins in no
 * collection), a page of 10 at a time: the view shows it, Find Bin and the agents' tools search
 * and page it, and none fetches a page another already has.
 */
import { BINS_PER_PAGE, UNCATEGORIZED, type BinSummary } from '../api/types';
import type { BinClient, RequestScope } from '../api';
import { listingAfter, type BinChange } from './binEvents';

export interface Page {
  bins: BinSummary[];
  more: boolean;
}

/** A listing's pages as fetched, and a fetch of the first or the next one. */
export interface Listings {
  /** What is fetched of each listing (a collection's id, or uncategorized). */
  readonly pages: ReadonlyMap<string, Page>;
  /** A listing's pages: the first is fetched (1 request, counted for `scope`) unless it already was. */
  page(listingId: string, scope?: RequestScope): Promise<Page>;
  /** Fetches a listing's next page (1 request, counted for `scope`), when it has more. */
  nextPage(listingId: string, scope?: RequestScope): Promise<void>;
}

export class ListingPages implements Listings {
  readonly pages = new Map<string, Page>();
  /** A listing's last fetch: two callers asking at once send one request. */
  private readonly loading = new Map<string, Promise<void>>();

  constructor(private readonly client: () => BinClient) {}

  /** Everything fetched is fetched again at the next ask. */
  clear(): void {
    this.pages.clear();
  }

  /** What the fetched pages list after bins changed, as the service would list them next: no listing is fetched again. */
  follow(changes: readonly BinChange[]): void {
    for (const [listingId, page] of this.pages) {
      page.bins = changes.reduce((bins, change) => listingAfter(bins, listingId === UNCATEGORIZED ? null : listingId, change), page.bins);
    }
  }

  async page(listingId: string, scope?: RequestScope): Promise<Page> {
    const fetched = this.pages.get(listingId);
    if (fetched) {
      return fetched;
    }
    await this.once(listingId, async () => {
      if (!this.pages.has(listingId)) {
        const bins = await this.client().within(scope).listBins(listingId);
        this.pages.set(listingId, { bins, more: bins.length === BINS_PER_PAGE });
      }
    });
    return this.pages.get(listingId) ?? this.page(listingId, scope);
  }

  async nextPage(listingId: string, scope?: RequestScope): Promise<void> {
    await this.once(listingId, async () => {
      const page = this.pages.get(listingId);
      if (page?.more) {
        // Its last bin listed: none when every one fetched was deleted since, and the listing starts again.
        const next = await this.client().within(scope).listBins(listingId, page.bins.at(-1)?.id);
        page.bins.push(...next);
        page.more = next.length === BINS_PER_PAGE;
      }
    });
  }

  /** Runs a listing's fetches one after another: each sees what the one before it fetched. */
  private once(listingId: string, fetch: () => Promise<void>): Promise<void> {
    const next = (this.loading.get(listingId) ?? Promise.resolve()).then(fetch, fetch);
    this.loading.set(listingId, next);
    return next;
  }
}
