/**
 * Bins read from their offline copy while the service cannot be reached (or requests are held
 * back after "Requests exhausted"): read-only until the service answers again. Loaded with the
 * first copy kept or asked for (see `offlineCopies.ts`), not at activation; it imports no module
 * of the activation bundle but the platform (already in chunks of its own), which would split
 * that bundle's shared chunks.
 */
import type * as vscode from 'vscode';
import type { Entry } from '../../../core/store/entry';
import type { OfflineCopy } from '../../../core/store/ports';
import type { Resource } from '../../../core/store/resource';
import { OfflineCopyFiles, type Usage } from '../../../core/store/offlineCopyFiles';
import { workspaceFolder } from './workspaceFolder';

/** A tab shows an offline copy: when it was kept, and why the service's record could not be read. */
export interface OfflineCopyServed {
  uri: vscode.Uri;
  keptAt: number;
  reason: string;
}

/** What the offline copies may do to what the account's store holds. */
export interface StoreEntries {
  /** Forgets the entry of `resource` if it was served from an offline copy. */
  dropOffline(resource: Resource): void;
  /** Tells the editor that these documents (Uri strings) changed: it reads them again. */
  changed(docs: string[]): void;
}

/** The files of the window's offline copies in `folder`, bounded by `maxBytes`. */
export function offlineCopyFilesIn(folder: vscode.Uri, maxBytes: () => number): OfflineCopyFiles {
  return new OfflineCopyFiles(workspaceFolder(folder), maxBytes);
}

export class OfflineCopyStore {
  /** The documents showing an offline copy, by bin id (only a bin's latest record is kept), as Uri strings. */
  private readonly shown = new Map<string, Set<string>>();

  constructor(
    /** The window's files, shared by every account (see `AccountShared.offlineCopyFiles`). */
    private readonly files: OfflineCopyFiles,
    /** Whose copies: the account's (today its service URL), never its key. */
    private readonly scope: () => string,
    private readonly entries: StoreEntries,
    private readonly served: (e: OfflineCopyServed) => void,
    private readonly parse: (doc: string) => vscode.Uri,
  ) {}

  /** Keeps the record just read of a bin's latest record; a copy that cannot be kept is no loss. */
  keep(resource: Resource, bytes: Uint8Array, name: string | undefined): Promise<void> {
    return this.files.keep(this.scope(), resource.id, { bytes, name }).catch(() => undefined);
  }

  /** What stands in for a read of a bin's latest record that failed (`why`, in plain text): its offline copy, if any. */
  async read(resource: Resource, why: string): Promise<OfflineCopy | undefined> {
    try {
      const copy = await this.files.get(this.scope(), resource.id);
      return copy && { bytes: copy.bytes, meta: { name: copy.name, loadedAt: 0, offline: { at: copy.keptAt, reason: why } } };
    } catch {
      return undefined;
    }
  }

  forget(resource: Resource): Promise<void> {
    return this.files.forget(this.scope(), resource.id).catch(() => undefined);
  }

  /** What is kept for another account (its `scope`): its copies go with it if the user wants. */
  usageOf(scope: string): Promise<Usage> {
    return this.files.usageOf(scope);
  }

  /** Removes the copies of an account that is gone (its `scope`); says what it freed. */
  forgetScope(scope: string): Promise<Usage> {
    return this.files.forgetScope(scope);
  }

  /** Removes every offline copy; says what it freed. */
  clear(): Promise<Usage> {
    return this.files.clear();
  }

  /** Notes that document `doc` shows an offline copy, and says so the first time. */
  showing(doc: string, entry: Entry & { offline: object }): void {
    const key = entry.resource.id;
    const docs = this.shown.get(key) ?? new Set<string>();
    this.shown.set(key, docs);
    if (!docs.has(doc)) {
      docs.add(doc);
      this.served({ uri: this.parse(doc), keptAt: entry.offline.at, reason: entry.offline.reason });
    }
  }

  /** Whether document `doc` shows an offline copy. */
  isShown(doc: string): boolean {
    return [...this.shown.values()].some((docs) => docs.has(doc));
  }

  /** Documents showing an offline copy read the service's record again: they become editable. Says how many. */
  readAgain(): number {
    const ids = [...this.shown.keys()];
    const docs = [...this.shown.values()].flatMap((d) => [...d]);
    this.shown.clear();
    ids.forEach((id) => this.entries.dropOffline({ kind: 'bin', id }));
    this.entries.changed(docs);
    return docs.length;
  }
}
