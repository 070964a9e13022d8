/**
 * The `jsonbin:` file system: each account's files are served by its own `BinFileSystem`, chosen
 * by the URI's authority (empty for the default account, as in URIs from before accounts).
 */
import * as vscode from 'vscode';
import type { BinServiceError } from '../api';
import type { AccountInfo } from '../account/accountList';
import type { Accounts, AccountPartsBase } from '../account/accounts';
import type { BinFileSystem } from './binFileSystem';
import { isFolder } from './uris';

export interface AccountFilesParts extends AccountPartsBase {
  readonly account: AccountInfo;
  files: BinFileSystem;
}

export class AccountFiles implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  private readonly failed = new vscode.EventEmitter<{ error: BinServiceError; account: AccountInfo }>();
  /** Fires when a service refused to give a document VS Code asked for, with the document's account. */
  readonly onDidFailToRead = this.failed.event;

  constructor(private readonly accounts: Accounts<AccountFilesParts>) {
    const follow = (parts: AccountFilesParts) => [
      parts.files.onDidChangeFile((e) => this.changed.fire(e)),
      parts.files.onDidFailToRead((error) => this.failed.fire({ error, account: parts.account })),
    ];
    accounts.followParts(follow);
  }

  /** The account's files; an account that no longer exists has none. */
  async of(uri: vscode.Uri): Promise<BinFileSystem> {
    const parts = await this.accounts.parts(uri.authority);
    if (!parts) {
      throw vscode.FileSystemError.FileNotFound(`No JSONBin account ${uri.authority} here: add it again (JSONBin: Add Account) to open its bins`);
    }
    return parts.files;
  }

  /** A closed document's base is dropped. */
  forget(uri: vscode.Uri): void {
    this.accounts.madeFor(uri.authority)?.files.baselines.forget(uri);
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    return (await this.of(uri)).stat(uri);
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    return (await this.of(uri)).readFile(uri);
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    return (await this.of(uri)).writeFile(uri, content);
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
    this.failed.dispose();
  }
}
