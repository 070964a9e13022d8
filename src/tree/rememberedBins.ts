/**
 * Bins the user created or added by id or link, remembered per service URL across reloads, most
 * recently remembered first. Each URL's list is read from VS Code's state once, into an index that
 * finds, adds and drops a bin in constant time whatever the list's length; changes are written
 * back in batches, as the same array that earlier versions wrote.
 */
import type { Memory } from '../schema/binCollections';

export interface RememberedBin {
  id: string;
  name?: string;
  private?: boolean;
  createdAt?: string;
}

/** The whole list is written each time: a burst of changes (or a reload's worth) writes it once. */
const WRITE_DELAY_MS = 200;

/** A remembered bin, linked to its neighbours in the order shown. */
interface Entry {
  bin: RememberedBin;
  newer?: Entry;
  older?: Entry;
}

/** One service URL's remembered bins: by id, and in order. */
class Index {
  private readonly entries = new Map<string, Entry>();
  private newest?: Entry;
  private oldest?: Entry;

  constructor(readonly slot: string, stored: readonly RememberedBin[]) {
    for (const bin of stored) {
      if (!this.entries.has(bin.id)) {
        this.link({ bin }, false);
      }
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get(id: string): RememberedBin | undefined {
    return this.entries.get(id)?.bin;
  }

  /** Puts the bin first, in place of what was remembered of it. */
  putFirst(bin: RememberedBin): void {
    this.delete(bin.id);
    this.link({ bin }, true);
  }

  /** Changes what is remembered of a bin without moving it. */
  replace(bin: RememberedBin): void {
    const entry = this.entries.get(bin.id);
    if (entry) {
      entry.bin = bin;
    }
  }

  delete(id: string): boolean {
    const entry = this.entries.get(id);
    if (!entry) {
      return false;
    }
    this.entries.delete(id);
    if (entry.newer) entry.newer.older = entry.older;
    else this.newest = entry.older;
    if (entry.older) entry.older.newer = entry.newer;
    else this.oldest = entry.newer;
    return true;
  }

  slice(offset: number, limit: number): RememberedBin[] {
    const bins: RememberedBin[] = [];
    let entry = this.newest;
    for (let skipped = 0; entry && skipped < offset; skipped++) {
      entry = entry.older;
    }
    for (; entry && bins.length < limit; entry = entry.older) {
      bins.push(entry.bin);
    }
    return bins;
  }

  private link(entry: Entry, first: boolean): void {
    this.entries.set(entry.bin.id, entry);
    if (first) {
      entry.older = this.newest;
      if (this.newest) this.newest.newer = entry;
      else this.oldest = entry;
      this.newest = entry;
    } else {
      entry.newer = this.oldest;
      if (this.oldest) this.oldest.older = entry;
      else this.newest = entry;
      this.oldest = entry;
    }
  }
}

export class RememberedBins {
  /** Per slot, i.e. per service URL: switching back and forth reads each list once. */
  private readonly indexes = new Map<string, Index>();
  private readonly unwritten = new Set<Index>();
  private timer?: ReturnType<typeof setTimeout>;

  constructor(private readonly memory: Memory, private readonly baseUrl: () => string) {}

  get count(): number {
    return this.index().size;
  }

  has(id: string): boolean {
    return this.index().get(id) !== undefined;
  }

  /** Up to `limit` bins from the `offset`th, most recently remembered first. */
  page(offset: number, limit: number): RememberedBin[] {
    return this.index().slice(offset, limit);
  }

  all(): RememberedBin[] {
    return this.page(0, this.count);
  }

  remember(bin: RememberedBin): void {
    const index = this.index();
    index.putFirst(bin);
    this.scheduleWrite(index);
  }

  /** Changes what is remembered of a bin, if it is remembered. */
  update(id: string, changes: Partial<RememberedBin>): void {
    const index = this.index();
    const bin = index.get(id);
    if (bin) {
      index.replace({ ...bin, ...changes, id });
      this.scheduleWrite(index);
    }
  }

  forget(id: string): void {
    const index = this.index();
    if (index.delete(id)) {
      this.scheduleWrite(index);
    }
  }

  /** Writes what is pending now (on deactivation). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.write();
  }

  private index(): Index {
    const slot = `jsonbin.bins:${this.baseUrl()}`;
    let index = this.indexes.get(slot);
    if (!index) {
      index = new Index(slot, this.memory.get<RememberedBin[]>(slot) ?? []);
      this.indexes.set(slot, index);
    }
    return index;
  }

  private scheduleWrite(index: Index): void {
    this.unwritten.add(index);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.write();
    }, WRITE_DELAY_MS);
  }

  private async write(): Promise<void> {
    const writes = [...this.unwritten].map((index) => this.memory.update(index.slot, index.slice(0, index.size)));
    this.unwritten.clear();
    await Promise.all(writes);
  }
}
