/**
 * Which collection each bin is in. Read metadata need not say (`collectionId` is optional), so this
 * is learned from every answer that tells (collection listings, creates into a collection, read
 * metadata when present) or from the user, and kept per account (its service URL) across reloads.
 */
import { activity, type Timer } from '../api/activity';
import { entryOf, setEntries, StateKey, type Memory } from '../api/stateKeys';

/** A collection id, `null` for a bin in no collection, `undefined` when not known. */
export type CollectionOf = string | null | undefined;

/** Writes are grouped: a listing page teaches ten bins at once. */
const WRITE_DELAY_MS = 200;

/** One scope's relation, as read. */
interface Loaded {
  scope: string;
  map: Map<string, string | null>;
}

export class BinCollections {
  private loaded?: Loaded;
  private timer?: Timer;
  private readonly listeners = new Set<(binId: string) => void>();

  constructor(
    private readonly memory: Memory,
    /** The account's scope: its service URL, or for an added account the URL and its id. */
    private readonly scope: () => string,
  ) {}

  of(binId: string): CollectionOf {
    return this.map().get(binId);
  }

  /** `from` is the scope the answer came from: an answer that arrives after a switch of service teaches nothing. */
  learn(binId: string, collectionId: string | null, from?: string): void {
    if (from !== undefined && from !== this.scope()) {
      return;
    }
    const map = this.map();
    if (map.get(binId) === collectionId) {
      return;
    }
    map.set(binId, collectionId);
    this.scheduleWrite();
    this.listeners.forEach((listener) => listener(binId));
  }

  forget(binId: string): void {
    if (this.map().delete(binId)) {
      this.scheduleWrite();
    }
  }

  /** Called with the bin id whenever what is known of a bin changes. */
  onDidLearn(listener: (binId: string) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** Drops what is pending (the account is removed: what it knew is deleted, not written back). */
  dispose(): void {
    this.timer?.clear();
    this.timer = undefined;
  }

  /** Writes what is pending now (on deactivation). */
  async flush(): Promise<void> {
    if (this.timer !== undefined && this.loaded) {
      this.timer?.clear();
      this.timer = undefined;
      await this.write(this.loaded);
    }
  }

  private map(): Map<string, string | null> {
    const scope = this.scope();
    if (this.loaded?.scope !== scope) {
      void this.flush();
      this.loaded = { scope, map: new Map(Object.entries(entryOf<Record<string, string | null>>(this.memory, StateKey.binCollections, scope) ?? {})) };
    }
    return this.loaded.map;
  }

  private write(loaded: Loaded): PromiseLike<void> {
    return setEntries(this.memory, StateKey.binCollections, { [loaded.scope]: Object.fromEntries(loaded.map) });
  }

  private scheduleWrite(): void {
    this.timer ??= activity.timeout(() => {
      this.timer = undefined;
      if (this.loaded) {
        void this.write(this.loaded);
      }
    }, WRITE_DELAY_MS);
  }
}
