/**
 * Bins the user created or added by id or link, remembered per service URL across reloads, most
 * recently remembered first. Each URL's list is read from VS Code's state once (and again only
 * after another window wrote it), into an index that finds, adds and drops a bin in constant time
 * whatever the list's length; changes are written back in batches, as the same array that earlier
 * versions wrote.
 */
import type { Memory } from '../schema/binCollections';

export interface RememberedBin {
  id: string;
  name?: string;
  private?: boolean;
  createdAt?: string;
}

/** The whole list is written each time: a burst of changes (a script adding bins) writes it once. */
const WRITE_DELAY_MS = 200;

/** Marks this window's writes, so that a list another window wrote is told apart from its own. */
const WINDOW = Math.random().toString(36).slice(2);
let writes = 0;

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

  constructor(stored: readonly RememberedBin[]) {
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
  update(id: string, changes: Partial<RememberedBin>): void {
    const entry = this.entries.get(id);
    if (entry) {
      entry.bin = { ...entry.bin, ...changes, id };
    }
  }

  delete(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) {
      return;
    }
    this.entries.delete(id);
    if (entry.newer) entry.newer.older = entry.older;
    else this.newest = entry.older;
    if (entry.older) entry.older.newer = entry.newer;
    else this.oldest = entry.newer;
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

/** One service URL's list as this window knows it. */
interface Known {
  slot: string;
  /** Where the mark of the list's last write is kept. */
  markSlot: string;
  mark: string | undefined;
  index: Index;
  /** This window's changes since its last write, to apply again to a list another window wrote. */
  unwritten: ((index: Index) => void)[];
}

export class RememberedBins {
  /** Per service URL: switching back and forth reads each list once. */
  private readonly lists = new Map<string, Known>();
  private timer?: ReturnType<typeof setTimeout>;

  constructor(private readonly memory: Memory, private readonly baseUrl: () => string) {}

  get count(): number {
    return this.known().index.size;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  get(id: string): RememberedBin | undefined {
    return this.known().index.get(id);
  }

  /** Up to `limit` bins from the `offset`th, most recently remembered first. */
  page(offset: number, limit: number): RememberedBin[] {
    return this.known().index.slice(offset, limit);
  }

  all(): RememberedBin[] {
    return this.page(0, this.count);
  }

  remember(bin: RememberedBin): void {
    this.change((index) => index.putFirst(bin));
  }

  /** Changes what is remembered of a bin, if it is remembered. */
  update(id: string, changes: Partial<RememberedBin>): void {
    if (this.has(id)) {
      this.change((index) => index.update(id, changes));
    }
  }

  forget(id: string): void {
    if (this.has(id)) {
      this.change((index) => index.delete(id));
    }
  }

  /** Writes what is pending now (on deactivation). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.write();
  }

  /** The list of the current URL, read once, and again only after another window wrote it. */
  private known(): Known {
    const url = this.baseUrl();
    const markSlot = `jsonbin.binsWrite:${url}`;
    const mark = this.memory.get<string>(markSlot);
    let known = this.lists.get(url);
    if (!known || known.mark !== mark) {
      const slot = `jsonbin.bins:${url}`;
      const index = new Index(this.memory.get<RememberedBin[]>(slot) ?? []);
      const unwritten = known?.unwritten ?? [];
      unwritten.forEach((change) => change(index));
      known = { slot, markSlot, mark, index, unwritten };
      this.lists.set(url, known);
    }
    return known;
  }

  private change(apply: (index: Index) => void): void {
    const known = this.known();
    apply(known.index);
    known.unwritten.push(apply);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.write();
    }, WRITE_DELAY_MS);
  }

  private async write(): Promise<void> {
    const pending: PromiseLike<void>[] = [];
    for (const known of this.lists.values()) {
      if (known.unwritten.length > 0) {
        known.unwritten = [];
        known.mark = `${WINDOW}.${++writes}`;
        pending.push(this.memory.update(known.slot, known.index.slice(0, known.index.size)), this.memory.update(known.markSlot, known.mark));
      }
    }
    await Promise.all(pending);
  }
}
