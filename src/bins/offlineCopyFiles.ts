/**
 * The last record read of each bin, kept on disk so that a bin can still be read when the service
 * cannot be reached. No `vscode` import: the caller gives the folder, the byte budget and a scope
 * per account (never its key). A copy's file is named by a hash of scope and bin id; its first
 * line holds what is known of it (a hash of its scope, name, when kept), the rest the record's
 * bytes as served.
 * Nothing is read until first use; the folder is then scanned once (file times order the copies,
 * least recently kept or served first out), so that copies survive a reload without an index.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, utimes, writeFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';

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

const SUFFIX = '.copy';
const NEWLINE = 0x0a;

export class OfflineCopyFiles {
  /** File name → size, least recently kept or served first (Map order). */
  private files?: Map<string, number>;
  /** One change at a time: concurrent keeps of a bin leave one whole file, the last one asked for. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly folder: string,
    /** The byte budget, read at each keep so that a changed setting applies at once. */
    private readonly maxBytes: () => number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Keeps `bytes` as the bin's copy, then drops the least recently used copies over the budget. */
  keep(scope: string, binId: string, copy: { bytes: Uint8Array; name?: string }): Promise<void> {
    return this.serialized(async (files) => {
      const file = fileOf(scope, binId);
      const keptAt = this.now();
      const head = new TextEncoder().encode(`${JSON.stringify({ owner: ownerOf(scope), name: copy.name, keptAt })}\n`);
      const size = head.byteLength + copy.bytes.byteLength;
      if (size > this.maxBytes()) {
        // Bigger than the whole budget: the older copy of it would mislead, so it goes too.
        await this.remove(files, file);
        return;
      }
      await mkdir(this.folder, { recursive: true });
      // Written aside and renamed: a crash or a second window never leaves half a copy.
      const aside = join(this.folder, `${file}.${randomBytes(6).toString('hex')}.tmp`);
      await writeFile(aside, Buffer.concat([head, copy.bytes]));
      await touch(aside, keptAt);
      await rename(aside, join(this.folder, file));
      files.delete(file);
      files.set(file, size);
      await this.trim(files, file);
    });
  }

  /** The bin's kept copy, if any; serving it makes it the most recently used. */
  get(scope: string, binId: string): Promise<StoredCopy | undefined> {
    return this.serialized(async (files) => {
      const file = fileOf(scope, binId);
      if (!files.has(file)) {
        return undefined;
      }
      const path = join(this.folder, file);
      let copy: StoredCopy | undefined;
      try {
        copy = parse(await readFile(path));
      } catch {
        copy = undefined;
      }
      if (!copy) {
        // Gone or unreadable (another window cleared it, a broken disk): nothing to serve.
        await this.remove(files, file);
        return undefined;
      }
      const size = files.get(file)!;
      files.delete(file);
      files.set(file, size);
      await touch(path, this.now()).catch(() => undefined);
      return copy;
    });
  }

  /** Drops the bin's copy (the bin was deleted). */
  forget(scope: string, binId: string): Promise<void> {
    return this.serialized((files) => this.remove(files, fileOf(scope, binId)));
  }

  /** What is kept now. */
  usage(): Promise<Usage> {
    return this.serialized(async (files) => ({ copies: files.size, bytes: sum(files) }));
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

  /** Removes every copy (and any left half-written); says what it freed. */
  clear(): Promise<Usage> {
    return this.serialized(async (files) => {
      const freed = { copies: files.size, bytes: sum(files) };
      files.clear();
      await rm(this.folder, { recursive: true, force: true });
      return freed;
    });
  }

  private serialized<T>(work: (files: Map<string, number>) => Promise<T>): Promise<T> {
    const next = this.queue.then(async () => work(await this.load()));
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** The folder's copies, scanned on first use: oldest file time first. */
  private async load(): Promise<Map<string, number>> {
    if (this.files) {
      return this.files;
    }
    let names: string[];
    try {
      names = await readdir(this.folder);
    } catch {
      names = [];
    }
    const found: { name: string; size: number; usedAt: number }[] = [];
    for (const name of names.filter((n) => n.endsWith(SUFFIX))) {
      try {
        const s = await stat(join(this.folder, name));
        found.push({ name, size: s.size, usedAt: s.mtimeMs });
      } catch {
        // Removed meanwhile (another window): not kept.
      }
    }
    found.sort((a, b) => a.usedAt - b.usedAt);
    this.files = new Map(found.map((f) => [f.name, f.size]));
    return this.files;
  }

  /** The files kept for `scope`: their first line says whose they are. */
  private async filesOf(files: Map<string, number>, scope: string): Promise<string[]> {
    const owner = ownerOf(scope);
    const owned: string[] = [];
    for (const file of files.keys()) {
      if ((await ownerIn(join(this.folder, file))) === owner) {
        owned.push(file);
      }
    }
    return owned;
  }

  private async trim(files: Map<string, number>, keep: string): Promise<void> {
    let total = sum(files);
    for (const [file, size] of files) {
      if (total <= this.maxBytes()) {
        break;
      }
      if (file !== keep) {
        await this.remove(files, file);
        total -= size;
      }
    }
  }

  private async remove(files: Map<string, number>, file: string): Promise<void> {
    files.delete(file);
    await rm(join(this.folder, file), { force: true });
  }
}

/** Names a copy without the bin id in clear. */
function fileOf(scope: string, binId: string): string {
  return createHash('sha256').update(`${scope}\n${binId}`).digest('hex').slice(0, 40) + SUFFIX;
}

/** Whose a copy is, without the scope (a service URL) in clear. */
function ownerOf(scope: string): string {
  return createHash('sha256').update(scope).digest('hex').slice(0, 16);
}

/** The owner in a copy's first line: its start is enough, whatever the record's size. */
async function ownerIn(path: string): Promise<string | undefined> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(path, 'r');
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(64), 0, 64, 0);
    return /^\{"owner":"([0-9a-f]{16})"/.exec(buffer.subarray(0, bytesRead).toString('utf8'))?.[1];
  } catch {
    return undefined;
  } finally {
    await handle?.close();
  }
}

function usageOf(owned: string[], files: Map<string, number>): Usage {
  return { copies: owned.length, bytes: owned.reduce((total, file) => total + (files.get(file) ?? 0), 0) };
}

function parse(content: Buffer): StoredCopy | undefined {
  const end = content.indexOf(NEWLINE);
  if (end < 0) {
    return undefined;
  }
  const head = JSON.parse(content.subarray(0, end).toString('utf8')) as { name?: unknown; keptAt?: unknown };
  if (typeof head?.keptAt !== 'number') {
    return undefined;
  }
  return { bytes: new Uint8Array(content.subarray(end + 1)), name: typeof head.name === 'string' ? head.name : undefined, keptAt: head.keptAt };
}

/** The file time says when a copy was last kept or served: the scan after a reload orders by it. */
function touch(path: string, at: number): Promise<void> {
  return utimes(path, at / 1000, at / 1000);
}

function sum(files: Map<string, number>): number {
  let total = 0;
  for (const size of files.values()) {
    total += size;
  }
  return total;
}
