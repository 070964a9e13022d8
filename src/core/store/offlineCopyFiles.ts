/**
 * The last record read of each bin, kept on disk so that a bin can still be read when the service
 * cannot be reached. No `vscode` and no Node module: the caller gives the folder's files (`Folder`),
 * the byte budget and a scope per account (never its key).
 * A copy's file is named by a hash of scope and bin id; its first line holds what is known of it (a
 * hash of its scope, name, when kept), the rest the record's bytes as served. `index.json` lists the
 * copies least recently kept or served first, each with its owner, so that neither the order nor
 * an account's copies need a read of the copies (there is no file time to set or partial read
 * everywhere). It is a hint, rewritten on each keep and serve: the folder's listing says which
 * copies there are, and one the index does not name (kept by another window meanwhile, or left by
 * a crash) goes first out, its owner read from its first line.
 * Nothing is read until first use; the folder is then listed once.
 */
import { encode, fileOf, hex, ownerOf, parse, parseIndex, SUFFIX } from './offlineCopyFormat';
import { WaitingCopies } from './waitingCopies';

/** One folder's files, by name: what the copies need of a file system. */
export interface Folder {
  /** The folder's files and their sizes; none when the folder does not exist. */
  list(): Promise<{ name: string; size: number }[]>;
  /** Rejects when the file is not there. */
  read(name: string): Promise<Uint8Array>;
  write(name: string, bytes: Uint8Array): Promise<void>;
  /** Replaces `to` if it is there. */
  rename(from: string, to: string): Promise<void>;
  /** No error when the file is not there. */
  delete(name: string): Promise<void>;
  /** Makes the folder, and its parents, unless it is there. */
  createFolder(): Promise<void>;
}

export interface StoredCopy {
  /** The record's bytes as they were read from the service. */
  bytes: Uint8Array;
  name?: string;
  /** When it was kept (ms since the epoch). */
  keptAt: number;
}

export interface Usage {
  copies: number;
  bytes: number;
}

interface Kept {
  size: number;
  /** Hash of the scope; unknown until read when the index does not name the copy. */
  owner?: string;
}

const INDEX = 'index.json';
/** Records wait to be written up to 1 MB together: a paid plan's largest record alone. */
const MAX_WAITING_BYTES = 1024 * 1024;

export class OfflineCopyFiles {
  /** File name → what is kept, least recently kept or served first (Map order). */
  private files?: Map<string, Kept>;
  /** One change at a time: concurrent keeps of a bin leave one whole file, the last one asked for. */
  private queue: Promise<unknown> = Promise.resolve();
  /** Changes waiting in the queue: the index is written once they are done, not after each. */
  private waiting = 0;
  private indexStale = false;
  private folderMade = false;
  private readonly waitingCopies: WaitingCopies;

  constructor(
    private readonly folder: Folder,
    /** The byte budget, read at each keep so that a changed setting applies at once. */
    private readonly maxBytes: () => number,
    private readonly now: () => number = Date.now,
    /** The bytes of copies waiting to be written; at least one waits. */
    maxWaitingBytes = MAX_WAITING_BYTES,
  ) {
    this.waitingCopies = new WaitingCopies(maxWaitingBytes);
  }

  /**
   * Keeps `bytes` as the bin's copy, then drops the least recently used copies over the budget.
   * The copy waits its turn among a bounded few (see waitingCopies.ts): a burst of keeps may drop it.
   */
  async keep(scope: string, binId: string, copy: { bytes: Uint8Array; name?: string }): Promise<void> {
    const file = fileOf(scope, binId);
    const owner = ownerOf(scope);
    const keptAt = this.now();
    const head = encode(`${JSON.stringify({ owner, name: copy.name, keptAt })}\n`);
    const size = head.byteLength + copy.bytes.byteLength;
    if (size > this.maxBytes()) {
      // Bigger than the whole budget: the older copy of it would mislead, so it goes too.
      return this.serialized((files) => this.remove(files, file));
    }
    // The queued work holds the file's name and turn, not the bytes, which a later keep may drop.
    const turn = this.waitingCopies.put(file, { bytes: copy.bytes, name: copy.name, keptAt });
    return this.serialized(async (files) => {
      const waiting = this.waitingCopies.take(file, turn);
      if (!waiting) {
        return;
      }
      const content = new Uint8Array(size);
      content.set(head);
      content.set(waiting.bytes, head.byteLength);
      await this.replace(file, content);
      files.delete(file);
      files.set(file, { size, owner });
      await this.trim(files, file);
      this.indexStale = true;
    });
  }

  /** The bin's kept copy, if any; serving it makes it the most recently used. */
  get(scope: string, binId: string): Promise<StoredCopy | undefined> {
    return this.serialized(async (files) => {
      const file = fileOf(scope, binId);
      const kept = files.get(file);
      if (!kept) {
        return undefined;
      }
      const copy = await this.folder.read(file).then(parse, () => undefined);
      if (!copy) {
        // Gone or unreadable (another window cleared it, a broken disk): nothing to serve.
        await this.remove(files, file);
        return undefined;
      }
      // A copy the index did not name (another window's, or left by a crash) gets its place in it now.
      kept.owner ??= copy.head.owner;
      files.delete(file);
      files.set(file, kept);
      this.indexStale = true;
      return { bytes: copy.bytes, name: copy.head.name, keptAt: copy.head.keptAt };
    });
  }

  /** Drops the bin's copy (the bin was deleted). */
  forget(scope: string, binId: string): Promise<void> {
    return this.serialized((files) => this.remove(files, fileOf(scope, binId)));
  }

  /** What is kept now. */
  usage(): Promise<Usage> {
    return this.serialized(async (files) => usageOf([...files.keys()], files));
  }

  /** What is kept for `scope` (one account). */
  usageOf(scope: string): Promise<Usage> {
    return this.serialized(async (files) => usageOf(await this.filesOf(files, scope), files));
  }

  /** Removes the copies kept for `scope` (an account that is gone); says what it freed. */
  forgetScope(scope: string): Promise<Usage> {
    return this.serialized(async (files) => {
      const owned = await this.filesOf(files, scope);
      const freed = usageOf(owned, files);
      for (const file of owned) {
        await this.remove(files, file);
      }
      return freed;
    });
  }

  /** Removes every copy, the index and any file left half-written; says what it freed. */
  clear(): Promise<Usage> {
    return this.serialized(async (files) => {
      const freed = usageOf([...files.keys()], files);
      files.clear();
      // Nothing left to order: no index is written after the clear.
      this.indexStale = false;
      for (const { name } of await this.folder.list()) {
        await this.folder.delete(name);
      }
      return freed;
    });
  }

  /**
   * Each change waits for the one before. A burst of keeps (a reload opening many tabs) writes the
   * index once, after the last, so that the queue drains fast. The order is a hint (see above): an
   * index written late or not at all loses no copy.
   */
  private serialized<T>(work: (files: Map<string, Kept>) => Promise<T>): Promise<T> {
    this.waiting++;
    const next = this.queue.then(async () => {
      try {
        return await work(await this.load());
      } finally {
        if (--this.waiting === 0 && this.indexStale && this.files) {
          this.indexStale = false;
          await this.saveIndex(this.files).catch(() => undefined);
        }
      }
    });
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** The folder's copies, listed on first use: those the index does not name first, then in its order. */
  private async load(): Promise<Map<string, Kept>> {
    if (this.files) {
      return this.files;
    }
    const sizes = new Map((await this.folder.list()).filter((f) => f.name.endsWith(SUFFIX)).map((f) => [f.name, f.size]));
    const indexed = await this.folder.read(INDEX).then(parseIndex, () => new Map<string, string>());
    const files = new Map<string, Kept>();
    for (const [file, size] of sizes) {
      if (!indexed.has(file)) {
        files.set(file, { size });
      }
    }
    for (const [file, owner] of indexed) {
      const size = sizes.get(file);
      if (size !== undefined) {
        files.set(file, { size, owner });
      }
    }
    this.files = files;
    return files;
  }

  /** The files kept for `scope`: the index says whose they are, or else their first line does. */
  private async filesOf(files: Map<string, Kept>, scope: string): Promise<string[]> {
    const owner = ownerOf(scope);
    const owned: string[] = [];
    for (const [file, kept] of files) {
      kept.owner ??= await this.ownerIn(file);
      if (kept.owner === owner) {
        owned.push(file);
      }
    }
    return owned;
  }

  /** A copy's owner, from its first line: the whole copy is read, as not every file system reads a part. */
  private ownerIn(file: string): Promise<string | undefined> {
    return this.folder.read(file).then(
      (content) => parse(content)?.head.owner,
      () => undefined,
    );
  }

  private async trim(files: Map<string, Kept>, keep: string): Promise<void> {
    let total = usageOf([...files.keys()], files).bytes;
    for (const [file, { size }] of files) {
      if (total <= this.maxBytes()) {
        break;
      }
      if (file !== keep) {
        await this.remove(files, file);
        total -= size;
      }
    }
  }

  private async remove(files: Map<string, Kept>, file: string): Promise<void> {
    files.delete(file);
    // The index may still name it: a name the listing lacks is passed over.
    await this.folder.delete(file);
  }

  private saveIndex(files: Map<string, Kept>): Promise<void> {
    const order = [...files].filter(([, kept]) => kept.owner !== undefined).map(([file, kept]) => [file, kept.owner]);
    return this.replace(INDEX, encode(JSON.stringify(order)));
  }

  /** Written aside and renamed: a crash or a second window never leaves half a file under its name. */
  private async replace(name: string, bytes: Uint8Array): Promise<void> {
    const aside = `${name}.${hex(crypto.getRandomValues(new Uint8Array(6)))}.tmp`;
    // The folder is made once; made again if it went (removed by hand) and the write failed for it.
    if (!this.folderMade) {
      await this.folder.createFolder();
      this.folderMade = true;
    }
    await this.folder.write(aside, bytes).catch(async () => {
      await this.folder.createFolder();
      await this.folder.write(aside, bytes);
    });
    try {
      await this.folder.rename(aside, name);
    } catch (error) {
      await this.folder.delete(aside).catch(() => undefined);
      throw error;
    }
  }
}

function usageOf(owned: string[], files: Map<string, Kept>): Usage {
  return { copies: owned.length, bytes: owned.reduce((total, file) => total + (files.get(file)?.size ?? 0), 0) };
}
