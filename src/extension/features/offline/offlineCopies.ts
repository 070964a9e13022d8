/**
 * An account's offline copies as its store uses them; the rest (`offlineCopyStore.ts`, the files on
 * disk) loads with the first copy kept or asked for.
 */
import * as vscode from 'vscode';
import { activity, type BinServiceError, type ErrorKind } from '../../../core/api';
import type { Entry } from '../../../core/store/entry';
import type { OfflineCopyFiles } from '../../../core/store/offlineCopyFiles';
import { plainText } from '../../../core/store/plainText';
import type { OfflineCopies, OfflineCopy } from '../../../core/store/ports';
import type { Resource } from '../../../core/store/resource';
import { settings } from '../../config';
import type { OfflineCopyServed, OfflineCopyStore, StoreEntries } from './offlineCopyStore';

export class AccountOfflineCopies implements OfflineCopies, vscode.Disposable {
  private loading?: Promise<OfflineCopyStore>;
  /** Set once loaded: an entry served from an offline copy implies it. */
  private loaded?: OfflineCopyStore;
  private readonly served = new vscode.EventEmitter<OfflineCopyServed>();
  /** Fires when a tab is first shown an offline copy, read-only (the UI says so). */
  readonly onDidServe = this.served.event;
  private readonly reached: vscode.Disposable;

  constructor(
    /** The window's offline copy files, one set for every account (one index, one budget), loaded with the first copy kept or asked for. */
    private readonly files: () => Promise<OfflineCopyFiles>,
    private readonly connection: { readonly scope: string; onDidReach: vscode.Event<void> },
    private readonly entries: StoreEntries,
  ) {
    // Any answer from the service means it can be asked again.
    this.reached = connection.onDidReach(() => this.readAgain());
  }

  /** The offline copies, loaded on first use. */
  copies(): Promise<OfflineCopyStore> {
    this.loading ??= Promise.all([import('./offlineCopyStore.js'), this.files()]).then(
      ([m, files]) =>
        (this.loaded = new m.OfflineCopyStore(
          files,
          () => this.connection.scope,
          this.entries,
          (e) => this.served.fire(e),
          (doc) => vscode.Uri.parse(doc),
        )),
    );
    return this.loading;
  }

  /** Keeps a bin's latest record (not a version, a part or a schema doc) just read or stored; never when the setting is off. */
  keep(resource: Resource, bytes: Uint8Array | undefined, name: string | undefined): void {
    if (bytes && isLatest(resource) && settings.keepCopies()) {
      void activity.track(this.copies().then((c) => c.keep(resource, bytes, name)));
    }
  }

  /**
   * The offline copy that stands in for a read that failed because the service cannot be asked, if
   * any. Any other failure (not found, a refused key) is the answer: the copies are not loaded for it.
   */
  async read(resource: Resource, error: BinServiceError): Promise<OfflineCopy | undefined> {
    return isLatest(resource) && UNREACHABLE.has(error.kind) && settings.keepCopies()
      ? (await this.copies()).read(resource, plainText(error.message))
      : undefined;
  }

  forget(resource: Resource): void {
    if (isLatest(resource)) {
      void activity.track(this.copies().then((c) => c.forget(resource)));
    }
  }

  showing(doc: string, entry: Entry): void {
    if (entry.offline) {
      this.loaded?.showing(doc, entry as Entry & { offline: object });
    }
  }

  /** Whether document `doc` shows an offline copy. */
  isShown(doc: string): boolean {
    return this.loaded?.isShown(doc) ?? false;
  }

  /** Tabs showing an offline copy read the service's record again: they become editable. Says how many. */
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
