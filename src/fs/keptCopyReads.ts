/**
 * What the file system needs at once of the copies kept of bins for reading offline; the rest
 * (`keptCopyStore.ts`, the files on disk) loads with the first copy kept or asked for.
 */
import * as vscode from 'vscode';
import type { Connection } from '../account/connection';
import type { BinServiceError, ErrorKind } from '../api';
import { settings } from '../config';
import { plainText } from '../ui/plainText';
import type { Entry } from './entry';
import type { KeptCopyStore } from './keptCopyStore';
import type { Resource } from './uris';

/** A tab shows a kept copy: when it was kept, and why the service's record could not be read. */
export interface KeptCopyServed {
  uri: vscode.Uri;
  keptAt: number;
  reason: string;
}

/** What the file system lets the kept copies do to what it has cached. */
export interface CachedEntries {
  /** Forgets the entry of `resource` if it is a kept copy. */
  dropKept(resource: Resource): void;
  /** Tells VS Code that these files changed: it asks for them again. */
  changed(uris: vscode.Uri[]): void;
}

export class KeptCopyReads implements vscode.Disposable {
  private loading?: Promise<KeptCopyStore>;
  /** Set once loaded: an entry served from a kept copy implies it. */
  private loaded?: KeptCopyStore;
  private readonly served = new vscode.EventEmitter<KeptCopyServed>();
  /** Fires when a tab is first shown a kept copy, read-only (the UI says so). */
  readonly onDidServe = this.served.event;
  private readonly reached: vscode.Disposable;

  constructor(
    private readonly folder: string,
    private readonly connection: Connection,
    private readonly cached: CachedEntries,
  ) {
    // Any answer from the service means it can be asked again.
    this.reached = connection.onDidReach(() => this.readAgain());
  }

  /** The kept copies, loaded on first use. */
  copies(): Promise<KeptCopyStore> {
    this.loading ??= import('./keptCopyStore.js').then((m) => (this.loaded = new m.KeptCopyStore(this.folder, settings.keptCopiesMaxBytes, () => this.connection.scope, this.cached, this.served)));
    return this.loading;
  }

  /** Keeps a bin's latest record (not a version, a part or a schema doc) just read or stored; never waited on, never when the setting is off. */
  keep(resource: Resource, bytes: Uint8Array | undefined, name: string | undefined): void {
    if (bytes && isLatest(resource) && settings.keepCopies()) {
      void this.copies().then((c) => c.keep(resource, bytes, name));
    }
  }

  /**
   * The kept copy that stands in for a read that failed because the service cannot be asked, if
   * any. Any other failure (not found, a refused key) is the answer: the copies are not loaded for it.
   */
  async read(resource: Resource, error: BinServiceError): Promise<{ bytes: Uint8Array; meta: Partial<Entry> } | undefined> {
    return isLatest(resource) && UNREACHABLE.has(error.kind) && settings.keepCopies() ? (await this.copies()).read(resource, plainText(error.message)) : undefined;
  }

  /** The bin is gone: so is its copy. */
  forget(resource: Resource): void {
    if (isLatest(resource)) {
      void this.copies().then((c) => c.forget(resource));
    }
  }

  /** Notes that `uri` was served `entry`: a kept copy's tab is tracked, and announced the first time. */
  showing(uri: vscode.Uri, entry: Entry): void {
    if (entry.kept) {
      this.loaded?.showing(uri, entry as Entry & { kept: object });
    }
  }

  /** Whether `uri` shows a kept copy. */
  isShown(uri: vscode.Uri): boolean {
    return this.loaded?.isShown(uri) ?? false;
  }

  /** Tabs showing a kept copy read the service's record again: they become editable. Says how many. */
  readAgain(): number {
    return this.loaded?.readAgain() ?? 0;
  }

  dispose(): void {
    this.reached.dispose();
    this.served.dispose();
  }
}

/** Failures that say nothing about the bin, only that the service cannot be asked now. */
const UNREACHABLE: ReadonlySet<ErrorKind> = new Set(['network', 'timeout', 'allowanceExhausted']);

function isLatest(resource: Resource): boolean {
  return resource.kind === 'bin' && resource.version === undefined;
}
