/**
 * One service URL's remembered bins, most recently remembered first. Stored as the ids in order
 * and each bin by id: VS Code's state holds that object already parsed, so the first page and
 * "is this bin remembered?" cost the same for 100 or 100,000 bins, with nothing built first. The
 * first change builds links between the bins (once per session), after which adding, moving and
 * dropping a bin take constant time.
 */

export interface RememberedBin {
  id: string;
  name?: string;
  private?: boolean;
  createdAt?: string;
}

/** The stored form: ids most recent first, and each bin by id. */
export interface StoredBins {
  order: string[];
  bins: Record<string, RememberedBin>;
}

/** A remembered bin, linked to its neighbours in the order shown. */
interface Link {
  bin: RememberedBin;
  newer?: Link;
  older?: Link;
}

export class RememberedIndex {
  private order: readonly string[];
  private bins: Readonly<Record<string, RememberedBin>>;
  /** Built on the first change; from then on the order is kept here. */
  private links?: { byId: Map<string, Link>; newest?: Link; oldest?: Link };

  constructor(stored: StoredBins | undefined) {
    this.order = stored?.order ?? [];
    this.bins = stored?.bins ?? {};
  }

  get size(): number {
    return this.links ? this.links.byId.size : this.order.length;
  }

  get(id: string): RememberedBin | undefined {
    return this.links ? this.links.byId.get(id)?.bin : Object.hasOwn(this.bins, id) ? this.bins[id] : undefined;
  }

  slice(offset: number, limit: number): RememberedBin[] {
    if (!this.links) {
      return this.order.slice(offset, offset + limit).map((id) => this.bins[id]);
    }
    const bins: RememberedBin[] = [];
    let link = this.links.newest;
    for (let skipped = 0; link && skipped < offset; skipped++) {
      link = link.older;
    }
    for (; link && bins.length < limit; link = link.older) {
      bins.push(link.bin);
    }
    return bins;
  }

  /** Puts the bin first, in place of what was remembered of it. */
  putFirst(bin: RememberedBin): void {
    this.delete(bin.id);
    const links = this.linked();
    const link: Link = { bin, older: links.newest };
    if (links.newest) links.newest.newer = link;
    else links.oldest = link;
    links.newest = link;
    links.byId.set(bin.id, link);
  }

  /** Changes what is remembered of a bin without moving it. */
  update(id: string, changes: Partial<RememberedBin>): void {
    const link = this.linked().byId.get(id);
    if (link) {
      link.bin = { ...link.bin, ...changes, id };
    }
  }

  delete(id: string): void {
    const links = this.linked();
    const link = links.byId.get(id);
    if (!link) {
      return;
    }
    links.byId.delete(id);
    if (link.newer) link.newer.older = link.older;
    else links.newest = link.older;
    if (link.older) link.older.newer = link.newer;
    else links.oldest = link.newer;
  }

  /** What is stored: a copy, never the object the state holds. */
  stored(): StoredBins {
    const order: string[] = [];
    const bins: Record<string, RememberedBin> = Object.create(null) as Record<string, RememberedBin>;
    for (const bin of this.slice(0, this.size)) {
      order.push(bin.id);
      bins[bin.id] = bin;
    }
    return { order, bins };
  }

  private linked(): NonNullable<RememberedIndex['links']> {
    if (!this.links) {
      const links: NonNullable<RememberedIndex['links']> = { byId: new Map() };
      for (const id of this.order) {
        const link: Link = { bin: this.bins[id], newer: links.oldest };
        if (links.oldest) links.oldest.older = link;
        else links.newest = link;
        links.oldest = link;
        links.byId.set(id, link);
      }
      this.links = links;
    }
    return this.links;
  }
}
