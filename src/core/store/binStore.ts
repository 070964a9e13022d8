/**
 * One account's bins and schema docs as read and written: entries (the record's digest, size,
 * mtime, name, privacy), reads shared by concurrent callers, deleted ids and each open document's
 * baseline. `stat` is served from what the last read or write returned and an open costs one
 * request: every request spends the user's allowance. No `vscode`: the file system provider
 * and the commands are thin layers over it.
 */
import * as l10n from '@vscode/l10n';
import { BinServiceError, readAsShown, type RequestScope } from '../api';
import type { SchemaDocs } from '../schema/schemaDocs';
import { Baselines } from './baselines';
import { metadataOf, type BinChange } from './binEvents';
import { digestOfBytes, dropUnreadBytes, Mtimes, serialize, type Entry } from './entry';
import { Emitter } from '../api/events';
import type { OfflineCopies, Service } from './ports';
import { Refused, refusedBy } from './refused';
import { isReadOnly, resourceKey, type Resource } from './resource';

/** How long a fetch not yet read serves a read: an open's stat and read come together. */
const UNREAD_FRESH_MS = 10_000;
/** How recent a fetch stands for the service's current record in a save's conflict check. */
const JUST_FETCHED_MS = 1000;
/** Bytes of records not yet read kept at most, least recently used first out; an evicted one is fetched again when needed. */
const MAX_CACHED_BYTES = 64 * 1024 * 1024;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Documents (Uris, as strings) whose record changed, or that are gone. */
export interface DocChange {
  docs: string[];
  deleted?: boolean;
}

export class BinStore {
  private readonly changes = new Emitter<DocChange>();
  readonly onDidChange = this.changes.event;
  private readonly saves = new Emitter<Entry>();
  /** Fires after the service stored a save. */
  readonly onDidSave = this.saves.event;
  private readonly failedReads = new Emitter<BinServiceError>();
  /** Fires when the service refused to give a document the editor asked for (the UI may offer a way out). */
  readonly onDidFailToRead = this.failedReads.event;
  private readonly records = new Emitter<{ id: string; text: string }>();
  /**
   * Fires when a bin's latest record is known from what a command wrote or read (a save, an update,
   * a restore, a refresh), with its text: what shows records (the tables) follows with no request.
   */
  readonly onDidStoreRecord = this.records.event;
  private readonly reads = new Emitter<{ id: string; bytes: Uint8Array }>();
  /** Fires when the service answered a read of a bin's latest record (a tab opened, a fetch), with its bytes as served. */
  readonly onDidReadRecord = this.reads.event;
  private readonly binChanges = new Emitter<readonly BinChange[]>();
  /** Fires when bins were created, deleted, renamed, made private or public, or told to be in a collection; once for a batch. */
  readonly onDidChangeBins = this.binChanges.event;
  /** Deleted through a command: answered "not found" without asking the service again. */
  private readonly deleted = new Set<string>();
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Map<string, Promise<Entry>>();
  private readonly mtimes = new Mtimes();
  /** What each open document's text was read from. */
  readonly baselines = new Baselines();

  constructor(
    private readonly service: Service,
    private readonly schemaDocs: SchemaDocs,
    readonly offline: OfflineCopies,
    /** Whether an open document has unsaved edits: its baseline must not move then. */
    private readonly isDirty: (doc: string) => boolean,
  ) {}

  /** What the last read or write said of a resource (its name, its privacy), without a request. */
  known(resource: Resource): Entry | undefined {
    return this.entries.get(resourceKey(resource));
  }

  /**
   * Fetches ahead of opening (e.g. to title the tab); the open then costs nothing more. Rejects
   * with the service's error as it is: the caller is not necessarily opening a document. The read
   * is counted for `scope`, unless one under way is shared (it was sent for another).
   */
  fetch(resource: Resource, scope?: RequestScope): Promise<Entry> {
    const key = resourceKey(resource);
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.load(resource, scope).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  /** `fetch`, but when the service cannot be asked a bin's offline copy stands in, as when its tab opens. */
  async fetchOrOffline(resource: Resource, scope?: RequestScope): Promise<Entry> {
    try {
      return await this.fetch(resource, scope);
    } catch (error) {
      const copy = error instanceof BinServiceError ? await this.offline.read(resource, error) : undefined;
      if (!copy) {
        throw error;
      }
      return this.cache(resource, this.entry(resource, copy.bytes, copy.meta));
    }
  }

  /** The entry a document is served: known, else fetched. Failures are refusals carrying the service's words. */
  async open(resource: Resource): Promise<Entry> {
    return this.entries.get(resourceKey(resource)) ?? this.fetchForEditor(resource);
  }

  private async fetchForEditor(resource: Resource, scope?: RequestScope): Promise<Entry> {
    if (this.deleted.has(resourceKey(resource))) {
      throw new Refused('', l10n.t('This bin was deleted'), 'notFound');
    }
    try {
      return await this.fetchOrOffline(resource, scope);
    } catch (error) {
      if (error instanceof BinServiceError) {
        this.failedReads.fire(error);
        throw refusedBy(error, l10n.t('Could not open'));
      }
      throw error;
    }
  }

  /** What the editor's `stat` of document `doc` reports. */
  async stat(resource: Resource, doc: string): Promise<{ entry: Entry; readOnly: boolean }> {
    const entry = await this.open(resource);
    this.offline.showing(doc, entry);
    return { entry, readOnly: isReadOnly(resource) || entry.offline !== undefined || this.service.mayNotUpdate() };
  }

  /** The record's bytes for document `doc`, which from now on holds them: they are not kept twice. */
  async read(resource: Resource, doc: string): Promise<Uint8Array> {
    const cached = this.entries.get(resourceKey(resource));
    const fresh = cached?.bytes && cached.unread && Date.now() - cached.fetchedAt < UNREAD_FRESH_MS;
    const entry = fresh ? cached : await this.fetchForEditor(resource);
    this.offline.showing(doc, entry);
    const bytes = entry.bytes!;
    entry.unread = false;
    // Readers that shared this fetch resume before the timer, so each gets the bytes.
    setTimeout(() => {
      if (!entry.unread) {
        entry.bytes = undefined;
      }
    }, 0);
    if (this.baselines.of(doc) === undefined || !this.isDirty(doc)) {
      this.baselines.set(doc, entry.digest);
    }
    return bytes;
  }

  /**
   * The entry a save of `resource` replaces, and the service's current record when it was fetched
   * for this save (here, or by the stat the editor sends just before it, which no document read):
   * the conflict check then reads nothing more.
   */
  async beforeSave(resource: Resource, scope?: RequestScope): Promise<{ entry: Entry; current?: Uint8Array }> {
    const known = this.entries.get(resourceKey(resource));
    const entry = known ?? (await this.fetchForEditor(resource, scope));
    const justFetched = !known || (entry.unread && Date.now() - entry.loadedAt < JUST_FETCHED_MS);
    return { entry, current: justFetched ? entry.bytes : undefined };
  }

  /** Document `doc`'s text `content` is what the service now holds, as `digest`. */
  saved(entry: Entry, content: Uint8Array, digest: string, doc: string): void {
    const key = resourceKey(entry.resource);
    Object.assign(entry, { bytes: undefined, size: content.byteLength, textDigest: digestOfBytes(content), unread: false, digest });
    entry.mtime = this.mtimes.next(key, digest);
    // A fetch that finished during the save cached what was there before it: this entry is newer.
    this.cache(entry.resource, entry);
    this.baselines.set(doc, digest);
    this.saves.fire(entry);
    this.storedRecord(entry.resource, content);
  }

  /**
   * A command stored this record (a version restored, a schema doc renamed): documents `docs`
   * reload it from here without a request. A document with unsaved edits keeps them and its base.
   */
  written(resource: Resource, record: unknown, meta: Partial<Entry>, docs: string[]): void {
    this.writtenAs(resource, serialize(record), meta, docs);
  }

  /** `written`, with the record as a tab shows it (one JavaScript cannot hold, as served: `readAsShown`). */
  writtenAs(resource: Resource, bytes: Uint8Array, meta: Partial<Entry>, docs: string[]): void {
    this.cache(resource, this.entry(resource, bytes, meta));
    this.offline.keep(resource, bytes, meta.name);
    this.changes.fire({ docs });
    this.storedRecord(resource, bytes);
  }

  private storedRecord(resource: Resource, bytes: Uint8Array): void {
    if (resource.kind === 'bin' && resource.version === undefined) {
      this.records.fire({ id: resource.id, text: decoder.decode(bytes) });
    }
  }

  /** Forgets a resource (changed by a command): document `doc` reloads it. */
  invalidate(resource: Resource, doc?: string): void {
    this.entries.delete(resourceKey(resource));
    this.changed(doc === undefined ? [] : [doc]);
  }

  /** The bin is gone from the service: its documents show it deleted, and nothing asks for it again. */
  markDeleted(resource: Resource, docs: string[]): void {
    this.entries.delete(resourceKey(resource));
    this.deleted.add(resourceKey(resource));
    this.changes.fire({ docs, deleted: true });
    this.binsChanged([{ kind: 'deleted', id: resource.id }]);
  }

  /** The write path changed bins on the service: what is known of them says so, then whoever follows them is told. */
  binsChanged(changes: readonly BinChange[]): void {
    for (const change of changes) {
      if (change.kind === 'renamed' || change.kind === 'privacy') {
        const entry = this.entries.get(resourceKey({ kind: 'bin', id: change.id }));
        if (entry) {
          Object.assign(entry, metadataOf(change));
        }
      }
    }
    if (changes.length > 0) {
      this.binChanges.fire(changes);
    }
  }

  /** The user told which collection a bin is in (null: none), for a service whose answers do not say. */
  collectionTold(id: string, collectionId: string | null): void {
    this.binsChanged([{ kind: 'moved', id, collectionId }]);
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

  /** Forgets an entry served from an offline copy: the next read asks the service. */
  dropOffline(resource: Resource): void {
    if (this.entries.get(resourceKey(resource))?.offline) {
      this.entries.delete(resourceKey(resource));
    }
  }

  /** Tells the editor that these documents changed: it reads them again. */
  changed(docs: string[]): void {
    if (docs.length > 0) {
      this.changes.fire({ docs });
    }
  }

  /** Forgets everything fetched: another service or key may answer differently. */
  forgetAll(): void {
    this.entries.clear();
    this.deleted.clear();
  }

  dispose(): void {
    this.changes.dispose();
    this.saves.dispose();
    this.records.dispose();
    this.reads.dispose();
    this.failedReads.dispose();
    this.binChanges.dispose();
  }

  private async load(resource: Resource, scope: RequestScope | undefined): Promise<Entry> {
    let entry: Entry;
    const client = this.service.client.within(scope);
    // A record JavaScript cannot hold as served is shown as served: its value is not the service's.
    if (resource.kind === 'schema') {
      const { read: doc, text, held } = await readAsShown(client.readSchemaDoc(resource.id));
      if (held) {
        this.schemaDocs.updated(doc);
      }
      entry = this.entry(resource, encoder.encode(text), { name: doc.metadata.name });
    } else {
      // The reads of a part of a bin load with the first one opened.
      const { read: bin, text } = await readAsShown(
        resource.kind === 'peek'
          ? (await import('../api/partialReads.js')).readPart(client, resource.id, resource.jsonPath)
          : client.readBin(resource.id, resource.version),
      );
      entry = this.entry(resource, encoder.encode(text), { name: bin.metadata.name, private: bin.metadata.private });
      this.offline.keep(resource, entry.bytes, entry.name);
      if (resource.kind === 'bin' && resource.version === undefined) {
        this.reads.fire({ id: resource.id, bytes: entry.bytes! });
      }
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
