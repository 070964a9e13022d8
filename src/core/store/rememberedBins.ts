/**
 * Bins the user created or added by id or link, remembered per account across reloads, most
 * recently remembered first. Each URL's list is taken from VS Code's state once (and again only
 * after another window wrote it) into an index (`rememberedIndex.ts`) whose first page and lookups
 * cost the same whatever the list's length; changes are written back in batches.
 */
import { activity, type Timer } from '../api/activity';
import { entryOf, setEntries, StateKey, type Memory } from '../api/stateKeys';
import { RememberedIndex, type RememberedBin, type StoredBins } from './rememberedIndex';

export type { RememberedBin } from './rememberedIndex';

/** The whole list is written each time: a burst of changes (a script adding bins) writes it once. */
const WRITE_DELAY_MS = 200;

/** One service URL's list as this window knows it. */
interface Known {
  scope: string;
  /** The mark of the list's last write that this window read or made. */
  mark: string | undefined;
  index: RememberedIndex;
  /** This window's changes since its last write, to apply again to a list another window wrote. */
  unwritten: ((index: RememberedIndex) => void)[];
}

export class RememberedBins {
  /** Per service URL: switching back and forth reads each list once. */
  private readonly lists = new Map<string, Known>();
  private timer?: Timer;
  /** Marks this window's writes, so that a list another window wrote is told apart from its own. */
  private readonly window = Math.random().toString(36).slice(2);
  private writes = 0;

  constructor(
    private readonly memory: Memory,
    private readonly scope: () => string,
  ) {}

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

  /** Drops what is pending (the account is removed: its list is deleted, not written back). */
  dispose(): void {
    this.timer?.clear();
    this.timer = undefined;
  }

  /** Writes what is pending now (on deactivation). */
  async flush(): Promise<void> {
    this.timer?.clear();
    this.timer = undefined;
    await this.write();
  }

  /** The list of the current URL, read once, and again only after another window wrote it. */
  private known(): Known {
    const url = this.scope();
    const mark = entryOf<string>(this.memory, StateKey.binsWrite, url);
    let known = this.lists.get(url);
    if (!known) {
      known = { scope: url, mark, index: new RememberedIndex(undefined), unwritten: [] };
      this.reload(known);
      this.lists.set(url, known);
    } else if (this.writtenElsewhere(mark, known.mark)) {
      known.mark = mark;
      this.reload(known);
    }
    return known;
  }

  /** The stored list, with this window's unwritten changes on top (another window may have written it). */
  private reload(known: Known): void {
    known.index = new RememberedIndex(entryOf<StoredBins>(this.memory, StateKey.bins, known.scope));
    known.unwritten.forEach((change) => change(known.index));
  }

  /**
   * Whether the stored list was written by another window since this one last read or wrote it. A
   * mark of this window that is not its last is an older write of its own that VS Code echoed back
   * for a moment: reading the list then would drop the changes written since.
   */
  private writtenElsewhere(stored: string | undefined, known: string | undefined): boolean {
    return stored !== known && !stored?.startsWith(`${this.window}.`);
  }

  private change(apply: (index: RememberedIndex) => void): void {
    const known = this.known();
    apply(known.index);
    known.unwritten.push(apply);
    this.timer ??= activity.timeout(() => {
      this.timer = undefined;
      void this.write();
    }, WRITE_DELAY_MS);
  }

  private async write(): Promise<void> {
    const lists: Record<string, StoredBins> = {};
    const marks: Record<string, string> = {};
    for (const known of this.lists.values()) {
      if (known.unwritten.length > 0) {
        if (this.writtenElsewhere(entryOf<string>(this.memory, StateKey.binsWrite, known.scope), known.mark)) {
          this.reload(known);
        }
        known.unwritten = [];
        known.mark = `${this.window}.${++this.writes}`;
        lists[known.scope] = known.index.stored();
        marks[known.scope] = known.mark;
      }
    }
    if (Object.keys(lists).length > 0) {
      await Promise.all([setEntries(this.memory, StateKey.bins, lists), setEntries(this.memory, StateKey.binsWrite, marks)]);
    }
  }
}
