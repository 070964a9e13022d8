/**
 * The `jsonbin:` file system, as VS Code's fsprovider-sample keeps one: file system work only. Each
 * URI names its account (the authority) and a bin or schema doc (the path); the account's store
 * serves reads and its write path saves. No cache, no save step and no UI of its own.
 */
import * as vscode from 'vscode';
import type { BinStore } from '../../core/store/binStore';
import type { RecordWrites } from '../../core/store/recordWrites';
import type { Resource } from '../../core/store/resource';
import type * as told from './errors';
import { isFolder, parseUri } from './uris';

/** How a refusal becomes VS Code's error: loaded with the first read or save, beside the account's parts. */
const errors = () => import('./errors.js');

/** What the file system needs of an account. */
export interface AccountBins {
  bins: BinStore;
  writes: RecordWrites;
}

/** The accounts, as the file system finds them. */
export interface AccountsOfFiles<P extends AccountBins> {
  /** The account of a URI authority, made if needed; undefined when there is no such account. */
  parts(account: string): Promise<P | undefined>;
  /** Calls `follow` with each account's parts as they are made; what it returns is disposed with them. */
  followParts(follow: (parts: P) => { dispose(): unknown }[]): void;
}

export class BinFileSystem<P extends AccountBins> implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;

  constructor(private readonly accounts: AccountsOfFiles<P>) {
    accounts.followParts((parts) => [
      parts.bins.onDidChange(({ docs, deleted }) => {
        const type = deleted ? vscode.FileChangeType.Deleted : vscode.FileChangeType.Changed;
        this.changed.fire(docs.map((doc) => ({ type, uri: vscode.Uri.parse(doc) })));
      }),
    ]);
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    if (isFolder(uri)) {
      return { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };
    }
    const { parts, resource, asFileSystem } = await this.of(uri);
    const { entry, readOnly } = await asFileSystem(() => parts.bins.stat(resource, uri.toString()));
    return {
      type: vscode.FileType.File,
      ctime: entry.ctime,
      mtime: entry.mtime,
      size: entry.size,
      permissions: readOnly ? vscode.FilePermission.Readonly : undefined,
    };
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const { parts, resource, asFileSystem } = await this.of(uri);
    return asFileSystem(() => parts.bins.read(resource, uri.toString()));
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const { parts, resource, asSave } = await this.of(uri);
    return asSave(() => parts.writes.save(resource, content, uri.toString()));
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(uri: vscode.Uri): void {
    if (!isFolder(uri)) {
      throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Bins have no folders of their own'));
    }
  }

  delete(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Use the JSONBin: Delete Bin command to delete a bin'));
  }

  rename(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Use the JSONBin: Rename Bin command to rename a bin'));
  }

  dispose(): void {
    this.changed.dispose();
  }

  /** The URI's account and resource, and how its refusals are told; anything else (e.g. `.vscode/settings.json` probes) is not found, at no request. */
  private async of(uri: vscode.Uri): Promise<{ parts: P; resource: Resource } & Pick<typeof told, 'asFileSystem' | 'asSave'>> {
    const resource = parseUri(uri);
    if (!resource) {
      throw vscode.FileSystemError.FileNotFound(uri);
    }
    const [parts, { asFileSystem, asSave }] = await Promise.all([this.accounts.parts(uri.authority), errors()]);
    if (!parts) {
      throw vscode.FileSystemError.FileNotFound(
        vscode.l10n.t('No JSONBin account {0} here: add it again (JSONBin: Add Account) to open its bins', uri.authority),
      );
    }
    return { parts, resource, asFileSystem, asSave };
  }
}
