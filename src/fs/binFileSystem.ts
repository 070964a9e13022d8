/**
 * Bins and schema docs as files. `stat` is served from what the last read or write returned,
 * concurrent callers share one request, and a save of unchanged bytes sends nothing: every
 * request spends the user's allowance.
 */
import * as vscode from 'vscode';
import { BinServiceError, recordBody, type Json } from '../api';
import type { Connection } from '../account/connection';
import { settings } from '../config';
import type { SchemaDocs } from '../schema/schemaDocs';
import { checkText } from '../schema/validator';
import { isFolder, parseUri, resourceKey, type Resource } from './uris';
import { fsError } from './errors';

/** What the service last said about one resource. */
export interface Entry {
  resource: Resource;
  bytes: Uint8Array;
  mtime: number;
  ctime: number;
  name?: string;
  private?: boolean;
  collectionId?: string;
  /** The record as the service last stored it, compact, to tell whether someone else changed it. */
  serviceText: string;
  /** Set by a fetch not yet handed to `readFile`, so that an open costs one request. */
  unread: boolean;
  fetchedAt: number;
}

export type ConflictChoice = 'overwrite' | 'compare' | 'cancel';
export type ConflictResolver = (uri: vscode.Uri, serviceText: string) => Promise<ConflictChoice>;

/** How long a fetch not yet read serves `readFile`: an open's stat and read come together. */
const UNREAD_FRESH_MS = 10_000;
/** Bytes of records kept at most, least recently used first out; an evicted one is fetched again when needed. */
const MAX_CACHED_BYTES = 64 * 1024 * 1024;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Deterministic, so that `size` always equals the bytes `readFile` returns. */
export function serialize(record: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(record, null, 2));
}

export class BinFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
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
  private readonly lastMtime = new Map<string, number>();

  constructor(
    private readonly connection: Connection,
    private readonly schemaDocs: SchemaDocs,
    private readonly resolveConflict: ConflictResolver,
  ) {}

  /** What is known of a resource without asking the service. */
  cached(uri: vscode.Uri): Entry | undefined {
    const resource = parseUri(uri);
    return resource && this.entries.get(resourceKey(resource));
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
    this.deleted.add(resourceKey(resource));
    this.changed.fire(uris.map((uri) => ({ type: vscode.FileChangeType.Deleted, uri })));
  }

  /** The next read (a tab reopened under a new title) is served from what was fetched. */
  keepForReopen(resource: Resource): void {
    const entry = this.entries.get(resourceKey(resource));
    if (entry) {
      entry.unread = true;
      entry.fetchedAt = Date.now();
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

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    if (isFolder(uri)) {
      return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    }
    const resource = this.resourceOf(uri);
    const entry = this.entries.get(resourceKey(resource)) ?? (await this.open(resource));
    return {
      type: vscode.FileType.File,
      ctime: entry.ctime,
      mtime: entry.mtime,
      size: entry.bytes.byteLength,
      permissions: resource.kind === 'bin' && resource.version !== undefined ? vscode.FilePermission.Readonly : undefined,
    };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const resource = this.resourceOf(uri);
    const key = resourceKey(resource);
    const cached = this.entries.get(key);
    const fresh = cached?.unread && Date.now() - cached.fetchedAt < UNREAD_FRESH_MS;
    const entry = fresh ? cached : await this.open(resource);
    entry.unread = false;
    return entry.bytes;
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const resource = this.resourceOf(uri);
    if (resource.kind === 'bin' && resource.version !== undefined) {
      throw vscode.FileSystemError.NoPermissions('A version of a bin is read-only');
    }
    const key = resourceKey(resource);
    const entry = this.entries.get(key) ?? (await this.open(resource));
    if (equalBytes(entry.bytes, content)) {
      return;
    }
    const text = decoder.decode(content);
    const record = await this.checkBeforeSave(resource, entry, text);
    try {
      if (resource.kind === 'schema') {
        const doc = await this.connection.client.updateSchemaDoc(resource.id, record, entry.name ?? resource.id);
        this.schemaDocs.updated(doc);
      } else {
        if (settings.conflictCheck() && !(await this.confirmNoConflict(uri, resource.id, entry))) {
          throw vscode.FileSystemError.Unavailable('Save cancelled: the bin changed on the service since it was opened');
        }
        const answer = await this.connection.client.updateBin(resource.id, record);
        entry.private = answer.metadata.private;
      }
    } catch (error) {
      throw error instanceof BinServiceError ? fsError(error, 'Not saved') : error;
    }
    entry.bytes = content;
    entry.serviceText = JSON.stringify(record);
    entry.mtime = this.nextMtime(key);
    this.saved.fire(entry);
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(uri: vscode.Uri): void {
    if (!isFolder(uri)) {
      throw vscode.FileSystemError.NoPermissions('Bins have no folders of their own');
    }
  }

  delete(): void {
    throw vscode.FileSystemError.NoPermissions('Use the JSONBin: Delete Bin command to delete a bin');
  }

  rename(): void {
    throw vscode.FileSystemError.NoPermissions('Use the JSONBin: Rename Bin command to rename a bin');
  }

  dispose(): void {
    this.changed.dispose();
    this.saved.dispose();
    this.failed.dispose();
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
      return await this.fetch(resource);
    } catch (error) {
      if (error instanceof BinServiceError) {
        this.failed.fire(error);
        throw fsError(error, 'Could not open');
      }
      throw error;
    }
  }

  private async load(resource: Resource): Promise<Entry> {
    const key = resourceKey(resource);
    let entry: Entry;
    if (resource.kind === 'schema') {
      const doc = await this.connection.client.readSchemaDoc(resource.id);
      this.schemaDocs.updated(doc);
      entry = this.entry(resource, doc.record, { name: doc.metadata.name });
    } else {
      const bin = await this.connection.client.readBin(resource.id, resource.version);
      const { name, collectionId } = bin.metadata;
      entry = this.entry(resource, bin.record, { name, private: bin.metadata.private, collectionId });
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.evict();
    return entry;
  }

  private evict(): void {
    let total = 0;
    for (const entry of this.entries.values()) {
      total += entry.bytes.byteLength;
    }
    for (const [key, entry] of this.entries) {
      if (total <= MAX_CACHED_BYTES || this.entries.size === 1) {
        break;
      }
      total -= entry.bytes.byteLength;
      this.entries.delete(key);
    }
  }

  private entry(resource: Resource, record: unknown, meta: Partial<Entry>): Entry {
    const mtime = this.nextMtime(resourceKey(resource));
    const bytes = serialize(record);
    return { resource, bytes, serviceText: JSON.stringify(record), mtime, ctime: mtime, unread: true, fetchedAt: Date.now(), ...meta };
  }

  /** mtime only moves forward for a resource, so VS Code never sees a false conflict. */
  private nextMtime(key: string): number {
    const mtime = Math.max(Date.now(), (this.lastMtime.get(key) ?? 0) + 1);
    this.lastMtime.set(key, mtime);
    return mtime;
  }

  /** JSON syntax, schema doc validity and the collection's schema: all before any request. */
  private async checkBeforeSave(resource: Resource, entry: Entry, text: string): Promise<Json> {
    const checked = checkText(text);
    if (checked.syntax.length > 0) {
      const n = checked.syntax.length;
      throw vscode.FileSystemError.NoPermissions(`Not saved: the text has ${n} JSON syntax error${n === 1 ? '' : 's'}`);
    }
    const record = JSON.parse(text) as Json;
    try {
      // Blank or over the plan's size: refused here, before the conflict check spends a read.
      recordBody(record, settings.plan(), resource.kind === 'schema' ? 'Schema Doc cannot be empty' : undefined);
    } catch (error) {
      throw error instanceof BinServiceError ? fsError(error, 'Not saved') : error;
    }
    if (resource.kind === 'schema') {
      const problem = await this.schemaDocs.schemaProblem(record);
      if (problem) {
        throw vscode.FileSystemError.NoPermissions(`Not saved: ${problem}`);
      }
      return record;
    }
    if (settings.validation() && entry.collectionId) {
      let schema;
      try {
        schema = await this.schemaDocs.schemaFor(entry.collectionId);
      } catch (error) {
        throw error instanceof BinServiceError ? fsError(error, 'Not saved: the schema doc could not be read') : error;
      }
      // Only the count matters here: no positions are computed.
      const problems = schema ? checkText(text, schema.validate, 0).schemaCount : 0;
      if (schema && problems > 0) {
        throw vscode.FileSystemError.NoPermissions(
          `Not saved: ${problems} schema problem${problems === 1 ? '' : 's'} against schema doc "${schema.schemaDoc.name}"`,
        );
      }
    }
    return record;
  }

  /** The service has no etag: read before writing, and ask when someone else changed the bin. */
  private async confirmNoConflict(uri: vscode.Uri, id: string, entry: Entry): Promise<boolean> {
    const current = await this.connection.client.readBin(id);
    if (JSON.stringify(current.record) === entry.serviceText) {
      return true;
    }
    const choice = await this.resolveConflict(uri, decoder.decode(serialize(current.record)));
    return choice === 'overwrite';
  }
}

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && a.every((byte, i) => byte === b[i]);
}
