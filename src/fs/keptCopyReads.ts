/**
 * Bins read from the copy kept of their last record while the service cannot be reached (or
 * requests are held back after "Requests exhausted"): read-only until the service answers again.
 * The store loads with the first copy kept or asked for, not at activation.
 */
import * as vscode from 'vscode';
import type { BinServiceError, ErrorKind } from '../api';
import type { Connection } from '../account/connection';
import { settings } from '../config';
import type { KeptCopies, Usage } from '../offline/keptCopies';
import { plainText } from '../ui/plainText';
import type { Entry } from './entry';
import { resourceKey, type Resource } from './uris';

/** A tab shows a kept copy: when it was kept, and why the service's record could not be read. */
export interface KeptCopyServed {
  uri: vscode.Uri;
  keptAt: number;
  reason: string;
}

/** What the file system lets this part do to what it has cached. */
export interface CachedEntries {
  /** Forgets the entry of `key` if it is a kept copy. */
  dropKept(key: string): void;
  /** Tells VS Code that these files changed: it asks for them again. */
  changed(uris: vscode.Uri[]): void;
}

/** Failures that say nothing about the bin, only that the service cannot be asked now. */
const UNREACHABLE: ReadonlySet<ErrorKind> = new Set(['network', 'timeout', 'allowanceExhausted']);

export class KeptCopyReads implements vscode.Disposable {
  private store?: Promise<KeptCopies>;
  /** The tabs showing a kept copy, by resource key, as Uri strings. */
  private readonly shown = new Map<string, Map<string, vscode.Uri>>();
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

  /** Keeps the record just read of a bin's latest record (not a version or a part); never waited on. */
  keep(resource: Resource, bytes: Uint8Array | undefined, name: string | undefined): void {
    if (bytes && isLatest(resource) && settings.keepCopies()) {
      const scope = this.scope();
      void this.copies()
        .then((c) => c.keep(scope, resource.id, { bytes, name }))
        .catch(() => undefined);
    }
  }

  /** What stands in for a read that failed because the service cannot be asked: the kept copy, if any. */
  async read(resource: Resource, error: BinServiceError): Promise<{ bytes: Uint8Array; meta: Partial<Entry> } | undefined> {
    if (!isLatest(resource) || !UNREACHABLE.has(error.kind) || !settings.keepCopies()) {
      return undefined;
    }
    try {
      const copy = await (await this.copies()).get(this.scope(), resource.id);
      return copy && { bytes: copy.bytes, meta: { name: copy.name, loadedAt: 0, kept: { at: copy.keptAt, reason: error.message } } };
    } catch {
      return undefined;
    }
  }

  forget(resource: Resource): void {
    const scope = this.scope();
    void this.store?.then((c) => c.forget(scope, resource.id)).catch(() => undefined);
  }

  /** Removes every kept copy; says what it freed. */
  async clear(): Promise<Usage> {
    return (await this.copies()).clear();
  }

  /**
   * Notes that `uri` shows a kept copy, and says so the first time. A read (rather than a stat)
   * that served it came after a stat that said editable: VS Code is told to ask again.
   */
  showing(uri: vscode.Uri, entry: Entry, read = false): void {
    if (!entry.kept) {
      return;
    }
    const key = resourceKey(entry.resource);
    const uris = this.shown.get(key) ?? new Map<string, vscode.Uri>();
    this.shown.set(key, uris);
    if (uris.has(uri.toString())) {
      return;
    }
    uris.set(uri.toString(), uri);
    this.served.fire({ uri, keptAt: entry.kept.at, reason: entry.kept.reason });
    if (read) {
      this.askAgain(uri);
    }
  }

  /** Once VS Code has opened the document it was reading (it ignores changes before), it is to stat it again. */
  private askAgain(uri: vscode.Uri): void {
    const key = uri.toString();
    if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === key)) {
      setTimeout(() => this.cached.changed([uri]), 0);
      return;
    }
    const opened = vscode.workspace.onDidOpenTextDocument((d) => {
      if (d.uri.toString() === key) {
        opened.dispose();
        this.cached.changed([uri]);
      }
    });
    // A read that opens no document (a copy, a diff) leaves nothing to wait for.
    setTimeout(() => opened.dispose(), 60_000);
  }

  /** Whether `uri` shows a kept copy. */
  isShown(uri: vscode.Uri): boolean {
    return [...this.shown.values()].some((uris) => uris.has(uri.toString()));
  }

  /** Why a save of a kept copy is refused: VS Code keeps the document dirty. */
  refusal(kept: NonNullable<Entry['kept']>): vscode.FileSystemError {
    const at = new Date(kept.at).toLocaleString();
    return vscode.FileSystemError.Unavailable(
      plainText(`Not saved: ${kept.reason}. This tab shows the copy kept ${at}, read-only until the service answers; your edits stay in the editor`),
    );
  }

  /** Tabs showing a kept copy read the service's record again: they become editable. Says how many. */
  readAgain(): number {
    const keys = [...this.shown.keys()];
    const uris = [...this.shown.values()].flatMap((u) => [...u.values()]);
    this.shown.clear();
    keys.forEach((key) => this.cached.dropKept(key));
    if (uris.length > 0) {
      this.cached.changed(uris);
    }
    return uris.length;
  }

  dispose(): void {
    this.reached.dispose();
    this.served.dispose();
  }

  /** Whose copies: the account's (today its service URL), never its key. */
  private scope(): string {
    return this.connection.baseUrl;
  }

  private copies(): Promise<KeptCopies> {
    this.store ??= import('../offline/keptCopies.js').then((m) => new m.KeptCopies(this.folder, settings.keptCopiesMaxBytes));
    return this.store;
  }
}

function isLatest(resource: Resource): boolean {
  return resource.kind === 'bin' && resource.version === undefined;
}
