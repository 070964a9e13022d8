/**
 * What the tables of one account read in this session: each collection's listing and each bin's
 * record, once, through the store (a read in flight is shared with the tabs, and a fetch serves the
 * next open of the bin's tab). A second table of the same bins sends nothing. A bin the store says
 * changed (saved, deleted, moved, created in a collection) is read again when next shown.
 */
import { BINS_PER_PAGE, type BinClient, type BinSummary, type RequestScope } from '../api';
import type { BinStore } from './binStore';
import type { Listing } from './collectionCheck';

const decoder = new TextDecoder();

export class TableReads {
  /** Each listing, under way or done; undefined when it was left or failed (the next lists again). */
  private readonly listings = new Map<string, Promise<Listing | undefined>>();
  private readonly texts = new Map<string, string>();
  private readonly reading = new Map<string, Promise<string>>();
  private readonly subscriptions: { dispose(): void }[];

  constructor(
    private readonly client: () => BinClient,
    private readonly bins: BinStore,
  ) {
    this.subscriptions = [
      bins.onDidSave((entry) => this.texts.delete(entry.resource.id)),
      bins.onDidChangeBins((changes) => {
        for (const change of changes) {
          if (change.kind === 'created' || change.kind === 'deleted' || change.kind === 'moved') {
            // Which listing holds the bin now is the service's to say: every listing is asked again.
            this.listings.clear();
          }
          if ('id' in change) {
            this.texts.delete(change.id);
          }
        }
      }),
    ];
  }

  /** A listing's bins, once per session. Each request is counted for `scope`, as in each method here. */
  async listing(collectionId: string, scope?: RequestScope): Promise<BinSummary[]> {
    const bins: BinSummary[] = [];
    for await (const page of this.pages(collectionId, scope)) {
      bins.push(...page);
    }
    return bins;
  }

  /**
   * A listing as its pages arrive (one request each), so that a table shows the first rows before
   * the last page; listed before in this session, all its bins at once and no request. A listing
   * left before its end is dropped: the next one starts again.
   */
  async *pages(collectionId: string, scope?: RequestScope): AsyncGenerator<BinSummary[]> {
    const known = this.listings.get(collectionId);
    if (known) {
      const done = await known;
      if (done) {
        yield done.bins;
      } else {
        yield* this.pages(collectionId, scope);
      }
      return;
    }
    let settle!: (listing: Listing | undefined) => void;
    this.listings.set(collectionId, new Promise((resolve) => (settle = resolve)));
    const bins: BinSummary[] = [];
    let pages = 0;
    let complete = false;
    try {
      for (let page: BinSummary[] | undefined; !page || page.length === BINS_PER_PAGE;) {
        page = await this.client().within(scope).listBins(collectionId, bins.at(-1)?.id);
        pages++;
        bins.push(...page);
        yield page;
      }
      complete = true;
    } finally {
      if (!complete) {
        this.listings.delete(collectionId);
      }
      settle(complete ? { bins, pages } : undefined);
    }
  }

  /** The record text read in this session, without a request; undefined when not read yet. */
  known(id: string): string | undefined {
    return this.texts.get(id);
  }

  /** A bin's record text: read in this session, else fetched through the store (1 request, shared with a tab's). */
  read(id: string, scope?: RequestScope): Promise<string> {
    const known = this.texts.get(id);
    if (known !== undefined) {
      return Promise.resolve(known);
    }
    let pending = this.reading.get(id);
    if (!pending) {
      pending = this.fetch(id, scope).finally(() => this.reading.delete(id));
      this.reading.set(id, pending);
    }
    return pending;
  }

  private async fetch(id: string, scope: RequestScope | undefined): Promise<string> {
    const entry = await this.bins.fetch({ kind: 'bin', id }, scope);
    // A tab that shared the fetch may have taken its bytes already: the store then holds none, and one more read is needed.
    const bytes = entry.bytes ?? (await this.bins.fetch({ kind: 'bin', id }, scope)).bytes!;
    const text = decoder.decode(bytes);
    this.texts.set(id, text);
    return text;
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
  }
}
