/**
 * Bins read from the copy kept of their last record while the service cannot be reached (or
 * requests are held back after "Requests exhausted"): read-only until the service answers again.
 * Loaded with the first copy kept or asked for (see `keptCopyReads.ts`), not at activation; it
 * imports no module of the activation bundle, which would split that bundle's shared chunks.
 */
import * as vscode from 'vscode';
import { KeptCopies, type Usage } from '../offline/keptCopies';
import type { Entry } from './entry';
import type { CachedEntries, KeptCopyServed } from './keptCopyReads';
import type { Resource } from './uris';

/**
 * One store per folder, whatever the account: one index and one budget for every copy on disk
 * (`jsonbin.offline.maxMegabytes` bounds them all, and Clear counts them all).
 */
const stores = new Map<string, KeptCopies>();

export class KeptCopyStore {
  private readonly store: KeptCopies;
  /** The tabs showing a kept copy, by bin id (only a bin's latest record is kept), as Uri strings. */
  private readonly shown = new Map<string, Map<string, vscode.Uri>>();

  constructor(
    folder: string,
    maxBytes: () => number,
    /** Whose copies: the account's (today its service URL), never its key. */
    private readonly scope: () => string,
    private readonly cached: CachedEntries,
    private readonly served: vscode.EventEmitter<KeptCopyServed>,
  ) {
    let store = stores.get(folder);
    if (!store) {
      store = new KeptCopies(folder, maxBytes);
      stores.set(folder, store);
    }
    this.store = store;
  }

  /** Keeps the record just read of a bin's latest record; never waited on. */
  keep(resource: Resource, bytes: Uint8Array, name: string | undefined): void {
    this.store.keep(this.scope(), resource.id, { bytes, name }).catch(() => undefined);
  }

  /** What stands in for a read of a bin's latest record that failed (`why`, in plain text): the kept copy, if any. */
  async read(resource: Resource, why: string): Promise<{ bytes: Uint8Array; meta: Partial<Entry> } | undefined> {
    try {
      const copy = await this.store.get(this.scope(), resource.id);
      return copy && { bytes: copy.bytes, meta: { name: copy.name, loadedAt: 0, kept: { at: copy.keptAt, reason: why } } };
    } catch {
      return undefined;
    }
  }

  forget(resource: Resource): void {
    this.store.forget(this.scope(), resource.id).catch(() => undefined);
  }

  /** Removes every kept copy; says what it freed. */
  clear(): Promise<Usage> {
    return this.store.clear();
  }

  /** Notes that `uri` shows a kept copy, and says so the first time. */
  showing(uri: vscode.Uri, entry: Entry & { kept: object }): void {
    const key = entry.resource.id;
    const uris = this.shown.get(key) ?? new Map<string, vscode.Uri>();
    this.shown.set(key, uris);
    if (uris.has(uri.toString())) {
      return;
    }
    uris.set(uri.toString(), uri);
    this.served.fire({ uri, keptAt: entry.kept.at, reason: entry.kept.reason });
  }

  /** Whether `uri` shows a kept copy. */
  isShown(uri: vscode.Uri): boolean {
    return [...this.shown.values()].some((uris) => uris.has(uri.toString()));
  }

  /** Why a save of a kept copy is refused: VS Code keeps the document dirty. */
  refusal(kept: NonNullable<Entry['kept']>): vscode.FileSystemError {
    const at = new Date(kept.at).toLocaleString();
    return vscode.FileSystemError.Unavailable(`Not saved: ${kept.reason}. This tab shows the copy kept ${at}, read-only until the service answers; your edits stay in the editor`);
  }

  /** Tabs showing a kept copy read the service's record again: they become editable. Says how many. */
  readAgain(): number {
    const keys = [...this.shown.keys()];
    const uris = [...this.shown.values()].flatMap((u) => [...u.values()]);
    this.shown.clear();
    keys.forEach((id) => this.cached.dropKept({ kind: 'bin', id }));
    if (uris.length > 0) {
      this.cached.changed(uris);
    }
    return uris.length;
  }

}
