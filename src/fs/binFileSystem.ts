/**
 * Bins and schema docs as files. `stat` is served from what the last read or write returned,
 * concurrent callers share one request, and a save of unchanged bytes sends nothing: every
 * request spends the user's allowance.
 */
import * as vscode from 'vscode';
import { BinServiceError } from '../api';
import type { Connection } from '../account/connection';
import { settings } from '../config';
import type { BinCollections } from '../schema/binCollections';
import type { SchemaDocs } from '../schema/schemaDocs';
import { Baselines } from './baselines';
import { isFolder, isReadOnly, parseUri, resourceKey, type Resource } from './uris';
import { digestOf, digestOfBytes, dropUnreadBytes, Mtimes, serialize, type Entry } from './entry';
import { fsError } from './errors';
import { SaveChecks, type ConflictResolver } from './saveChecks';
import { KeptCopyReads } from './keptCopyReads';

/** How long a fetch not yet read serves `readFile`: an open's stat and read come together. */
const UNREAD_FRESH_MS = 10_000;
/** How recent a fetch stands for the service's current record in a save's conflict check. */
const JUST_FETCHED_MS = 1000;
/** Bytes of records not yet read kept at most, least recently used first out; an evicted one is fetched again when needed. */
const MAX_CACHED_BYTES = 64 * 1024 * 1024;
const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** One account's files; `accountFiles.ts` is the provider VS Code calls, and routes each URI here. */
export class BinFileSystem implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  private readonly saved = new vscode.EventEmitter<Entry>();
  /** Fires after the service stored a save. */
  readonly onDidSave = this.saved.event;
  private readonly failed = new vscode.EventEmitter<BinServiceError>();
  /** Fires when the service refused to give a document VS Code asked for (the UI may offer a way out). */
  readonly onDidFailToRead = this.failed.event;
  /** Deleted through a command: answered "not found" without asking the service again. */
  private readonly deleted = new Set<string>();
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<Entry>>();
  private readonly mtimes = new Mtimes();
  /** What each open document's text was read from. */
  readonly baselines = new Baselines();
  /** What a save passes before its PUT; commands that write a record (a restore) pass it too. */
  readonly checks: SaveChecks;
  /** Bins' last records kept on disk, served read-only when the service cannot be asked. */
  readonly kept: KeptCopyReads;

  constructor(
    private readonly connection: Connection,
    private readonly schemaDocs: SchemaDocs,
    binCollections: BinCollections,
    resolveConflict: ConflictResolver,
    /** Whether an open document has unsaved edits: its baseline must not move then. */
    private readonly isDirty: (uri: vscode.Uri) => boolean,
    /** Where kept copies are stored (the extension's global storage). */
    keptCopiesFolder: string,
  ) {
    this.checks = new SaveChecks(connection, schemaDocs, binCollections, resolveConflict);
    this.kept = new KeptCopyReads(keptCopiesFolder, connection, {
      dropKept: (resource) => this.entries.get(resourceKey(resource))?.kept && this.entries.delete(resourceKey(resource)),
      changed: (uris) => this.changed.fire(uris.map((uri) => ({ type: vscode.FileChangeType.Changed, uri }))),
    });
  }

  /** What the last read or write said of a resource (its name, its privacy), without a request. */
  known(resource: Resource): Entry | undefined {
    return this.entries.get(resourceKey(resource));
  }

  /**
   * Fetches ahead of opening (e.g. to title the tab); the open then costs nothing more. Rejects
   * with the service's error as it is: the caller is not necessarily opening a file.
   */
  fetch(resource: Resource): Promise<Entry> {
    const key = resourceKey(resource);
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.load(resource).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  /** `fetch`, but when the service cannot be asked a bin's kept copy stands in, as when its tab opens. */
  async fetchOrKept(resource: Resource): Promise<Entry> {
    try {
      return await this.fetch(resource);
    } catch (error) {
      const kept = error instanceof BinServiceError ? await this.kept.read(resource, error) : undefined;
      if (!kept) {
        throw error;
      }
      return this.cache(resource, this.entry(resource, kept.bytes, kept.meta));
    }
  }

  /**
   * A command stored this record (a version restored, a schema doc renamed): `uris`, open tabs of
   * it, reload it from here without a request. A tab with unsaved edits keeps them and its base.
   */
  written(resource: Resource, record: unknown, meta: Partial<Entry>, uris: vscode.Uri[]): void {
    const bytes = serialize(record);
    this.cache(resource, this.entry(resource, bytes, meta));
    this.kept.keep(resource, bytes, meta.name);
    this.changed.fire(uris.map((uri) => ({ type: vscode.FileChangeType.Changed, uri })));
  }

  /** Forgets a resource (deleted, or changed by a command): open tabs reload it. */
  invalidate(resource: Resource, uri?: vscode.Uri): void {
    this.entries.delete(resourceKey(resource));
    if (uri) {
      this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
    }
  }

  /** The bin is gone from the service: its open tabs show it deleted, and nothing asks for it again. */
  markDeleted(resource: Resource, uris: vscode.Uri[]): void {
    this.entries.delete(resourceKey(resource));
    this.kept.forget(resource);
    this.deleted.add(resourceKey(resource));
    this.changed.fire(uris.map((uri) => ({ type: vscode.FileChangeType.Deleted, uri })));
  }

  /**
   * The next read (a tab reopened under a new title) is served from `text`, the text the tab was
   * read with, when it is still the record last fetched; without it, the read fetches again.
   */
  keepForReopen(resource: Resource, text: string | undefined): void {
    const entry = this.entries.get(resourceKey(resource));
    const bytes = text === undefined ? undefined : encoder.encode(text);
    if (entry && bytes && digestOfBytes(bytes) === entry.textDigest) {
      Object.assign(entry, { bytes, unread: true, fetchedAt: Date.now() });
    }
  }

  /** Metadata changed by a command (e.g. privacy): what is cached says so too. */
  updateMetadata(resource: Resource, changes: Pick<Partial<Entry>, 'name' | 'private'>): void {
    const entry = this.entries.get(resourceKey(resource));
    if (entry) {
      Object.assign(entry, changes);
    }
  }

  /** Forgets everything fetched: another service or key may answer differently. */
  forgetAll(): void {
    this.entries.clear();
    this.deleted.clear();
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    if (isFolder(uri)) {
      return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    }
    const resource = this.resourceOf(uri);
    const entry = this.entries.get(resourceKey(resource)) ?? (await this.open(resource));
    this.kept.showing(uri, entry);
    return {
      type: vscode.FileType.File,
      ctime: entry.ctime,
      mtime: entry.mtime,
      size: entry.size,
      permissions: isReadOnly(resource) || entry.kept || this.mayNotUpdate() ? vscode.FilePermission.Readonly : undefined,
    };
  }

  /** An access key known not to update bins: its tabs open read-only rather than fail on save. */
  private mayNotUpdate(): boolean {
    return this.connection.account.permissions?.bins.update === false;
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const resource = this.resourceOf(uri);
    const cached = this.entries.get(resourceKey(resource));
    const fresh = cached?.bytes && cached.unread && Date.now() - cached.fetchedAt < UNREAD_FRESH_MS;
    const entry = fresh ? cached : await this.open(resource);
    this.kept.showing(uri, entry);
    const bytes = entry.bytes!;
    entry.unread = false;
    // Handed over: from now on the document holds the text. Readers that shared this fetch resume
    // before the timer, so each gets the bytes.
    setTimeout(() => {
      if (!entry.unread) {
        entry.bytes = undefined;
      }
    }, 0);
    if (this.baselines.of(uri) === undefined || !this.isDirty(uri)) {
      this.baselines.set(uri, entry.digest);
    }
    return bytes;
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const resource = this.resourceOf(uri);
    if (isReadOnly(resource)) {
      throw vscode.FileSystemError.NoPermissions('This tab is read-only');
    }
    this.checks.permitted(resource);
    const key = resourceKey(resource);
    const known = this.entries.get(key);
    const entry = known ?? (await this.open(resource));
    if (entry.kept) {
      throw (await this.kept.copies()).refusal(entry.kept);
    }
    if (digestOfBytes(content) === entry.textDigest) {
      return;
    }
    const record = await this.checks.check(resource, decoder.decode(content));
    const baseline = this.baselines.of(uri);
    // A record fetched for this save (here, or by the stat VS Code sends just before it, which no
    // document has read) is the service's current record: the conflict check reads nothing more.
    const justFetched = !known || (entry.unread && Date.now() - entry.loadedAt < JUST_FETCHED_MS);
    const current = justFetched ? entry.bytes : undefined;
    try {
      const verdict = settings.conflictCheck() ? await this.checks.beforeWrite(uri, resource, baseline, record, current) : 'write';
      if (verdict === 'cancel') {
        throw vscode.FileSystemError.Unavailable('Save cancelled: it changed on the service since it was opened');
      }
      if (verdict === 'stored') {
        // The service already holds this text (a save whose answer was lost): nothing to send.
        entry.digest = digestOf(record.value);
        this.kept.keep(resource, serialize(record.value), entry.name);
      } else if (resource.kind === 'schema') {
        const doc = await this.connection.client.updateSchemaDoc(resource.id, record, entry.name ?? resource.id);
        this.schemaDocs.updated(doc);
        entry.digest = digestOf(doc.record);
      } else {
        const answer = await this.connection.client.updateBin(resource.id, record);
        entry.private = answer.metadata.private;
        const stored = serialize(answer.record);
        entry.digest = digestOfBytes(stored);
        this.kept.keep(resource, stored, entry.name);
      }
    } catch (error) {
      throw error instanceof BinServiceError ? fsError(error, 'Not saved') : error;
    }
    Object.assign(entry, { bytes: undefined, size: content.byteLength, textDigest: digestOfBytes(content), unread: false });
    entry.mtime = this.mtimes.next(key, entry.digest);
    // A fetch that finished during the save cached what was there before it: this entry is newer.
    this.cache(resource, entry);
    this.baselines.set(uri, entry.digest);
    this.saved.fire(entry);
  }

  dispose(): void {
    this.changed.dispose();
    this.saved.dispose();
    this.failed.dispose();
    this.kept.dispose();
  }

  /** Anything that is not a bin or schema doc (e.g. `.vscode/settings.json` probes) costs no request. */
  private resourceOf(uri: vscode.Uri): Resource {
    const resource = parseUri(uri);
    if (!resource) {
      throw vscode.FileSystemError.FileNotFound(uri);
    }
    return resource;
  }

  /** A fetch for VS Code: failures become file system errors carrying the service's words. */
  private async open(resource: Resource): Promise<Entry> {
    if (this.deleted.has(resourceKey(resource))) {
      throw vscode.FileSystemError.FileNotFound('This bin was deleted');
    }
    try {
      return await this.fetchOrKept(resource);
    } catch (error) {
      if (error instanceof BinServiceError) {
        this.failed.fire(error);
        throw fsError(error, 'Could not open');
      }
      throw error;
    }
  }

  private async load(resource: Resource): Promise<Entry> {
    let entry: Entry;
    if (resource.kind === 'schema') {
      const doc = await this.connection.client.readSchemaDoc(resource.id);
      this.schemaDocs.updated(doc);
      entry = this.entry(resource, serialize(doc.record), { name: doc.metadata.name });
    } else {
      const { client } = this.connection;
      // The reads of a part of a bin load with the first one opened.
      const bin =
        resource.kind === 'peek' ? await (await import('../api/partialReads.js')).readPart(client, resource.id, resource.jsonPath) : await client.readBin(resource.id, resource.version);
      entry = this.entry(resource, serialize(bin.record), { name: bin.metadata.name, private: bin.metadata.private });
      this.kept.keep(resource, entry.bytes, entry.name);
    }
    return this.cache(resource, entry);
  }

  private cache(resource: Resource, entry: Entry): Entry {
    const key = resourceKey(resource);
    this.entries.delete(key);
    this.entries.set(key, entry);
    dropUnreadBytes(this.entries.values(), MAX_CACHED_BYTES, entry);
    return entry;
  }

  private entry(resource: Resource, bytes: Uint8Array, meta: Partial<Entry>): Entry {
    const digest = digestOfBytes(bytes);
    const mtime = this.mtimes.next(resourceKey(resource), digest);
    const now = Date.now();
    return { resource, bytes, size: bytes.byteLength, textDigest: digest, digest, mtime, ctime: mtime, unread: true, fetchedAt: now, loadedAt: now, ...meta };
  }

}
