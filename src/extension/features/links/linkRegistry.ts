/**
 * The workspace's linked files: the link file of each workspace folder (read and written through
 * `workspace.fs`, the same in the browser's worker host), and what this user last pushed, pulled
 * or saw of each link, in workspace state (never in the shared file). Reads no bin: the state of
 * a link is what is known, and since when.
 */
import * as vscode from 'vscode';
import { apiUrlOf } from '../../accounts/accounts';
import type { AccountInfo } from '../../accounts/accountList';
import { LINKS_FILE, withLink, withoutLink, type Link } from '../../../core/store/links/linkFile';
import { LinkFiles } from '../../../core/store/links/linkFiles';
import type { LinkMemo, LinkState } from '../../../core/store/links/linkState';
import type { ConflictResolver } from '../../../core/store/ports';
import type { BinStore } from '../../../core/store/binStore';
import type { BinCollections } from '../../../core/store/binCollections';
import type { SchemaDocs } from '../../../core/schema/schemaDocs';
import type { RecordWrites } from '../../../core/store/recordWrites';
import { binCalled } from '../../ui/sentences';

/** Digests of files and links' states, loaded with the first state asked for: activation does not load the hashing. */
const linkStates = () => import('../../../core/store/links/linkState.js');

/** Where this user's knowledge of the links is kept, in the workspace's state. */
const MEMO_KEY = 'jsonbin.links';
/** A last seen record larger than this is not kept for the quick diff (workspace state is not a store of records). */
const MAX_KEPT_RECORD = 256 * 1024;

/** A file just written to or from a bin: what both hold (by default the file's text when linked), and the bin's name. */
export interface TransferredFile {
  uri: vscode.Uri;
  binId: string;
  text?: string;
  name?: string;
}

export interface LinkedFile {
  uri: vscode.Uri;
  link: Link;
}

/** What a link's commands act with: the parts of the account the link names. */
export interface LinkParts {
  readonly account: AccountInfo;
  bins: BinStore;
  writes: RecordWrites;
  schemaDocs: SchemaDocs;
  binCollections: BinCollections;
}

/** What the features that link files take: the workspace's linked files. */
export interface LinksParts {
  links: Links;
}

export class Links implements vscode.Disposable {
  private readonly files = new LinkFiles({
    read: async (folder) =>
      vscode.workspace.fs.readFile(linkFileOf(folder)).then(
        (bytes) => new TextDecoder().decode(bytes),
        () => undefined,
      ),
    write: async (folder, text) => vscode.workspace.fs.writeFile(linkFileOf(folder), new TextEncoder().encode(text)),
  });
  private readonly changes = new vscode.EventEmitter<vscode.Uri[]>();
  /** Fires with the files whose link or state may have changed. */
  readonly onDidChange = this.changes.event;
  private readonly watcher = vscode.workspace.createFileSystemWatcher(`**/${LINKS_FILE}`);
  /** Why a push was refused, at the nodes of the file's text; gone with the file's next edit or push. */
  readonly problems = vscode.languages.createDiagnosticCollection('jsonbin-links');
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly memory: vscode.Memento,
    /** The parts of an account, by id. */
    readonly partsFor: (account: string) => Promise<LinkParts | undefined>,
    readonly accounts: () => readonly AccountInfo[],
    /** Asks about a push over a bin changed since (Compare, Overwrite, Cancel), as a save does. */
    readonly resolveConflict: ConflictResolver,
  ) {
    const reread = () => {
      this.files.forget();
      this.changes.fire([]);
    };
    this.subscriptions = [
      this.watcher,
      this.problems,
      // Only what is there is deleted: a delete tells the workbench, on each keystroke.
      vscode.workspace.onDidChangeTextDocument((e) => e.contentChanges.length > 0 && this.problems.has(e.document.uri) && this.problems.delete(e.document.uri)),
      this.watcher.onDidChange(reread),
      this.watcher.onDidCreate(reread),
      this.watcher.onDidDelete(reread),
      vscode.workspace.onDidChangeWorkspaceFolders(reread),
    ];
  }

  dispose(): void {
    for (const subscription of this.subscriptions) {
      subscription.dispose();
    }
    this.changes.dispose();
  }

  /** Every linked file of the workspace. */
  async all(): Promise<LinkedFile[]> {
    const folders = vscode.workspace.workspaceFolders ?? [];
    const each = await Promise.all(
      folders.map(async (folder): Promise<LinkedFile[]> => (await this.linksOf(folder.uri)).map((link) => ({ uri: fileUri(folder.uri, link), link }))),
    );
    return each.flat();
  }

  /** The link of `uri`, if it is linked. */
  async find(uri: vscode.Uri): Promise<LinkedFile | undefined> {
    const at = placeOf(uri);
    return at && (await this.linksOf(at.folder)).filter((l) => l.file === at.file).map((link) => ({ uri, link }))[0];
  }

  /** Links `uri` (a file of a workspace folder) to a bin; the link file is written. */
  async link(uri: vscode.Uri, binId: string, account: AccountInfo, pushOnSave = false): Promise<LinkedFile> {
    const at = placeOf(uri);
    if (!at) {
      throw new Error(vscode.l10n.t('Only a file in a workspace folder can be linked to a bin: {0}', uri.toString(true)));
    }
    const link: Link = { file: at.file, binId, account: { name: account.name, apiUrl: apiUrlOf(account) }, ...(pushOnSave ? { pushOnSave } : {}) };
    await this.files.change(at.folder.toString(), (links) => withLink(links, link));
    this.changes.fire([uri]);
    return { uri, link };
  }

  /**
   * Links files just written to or from bins (an upload, a bin saved as a file): each file and its
   * bin hold `text` (by default the file's text now), the link's starting point, and the bin is
   * called `name`; no request. Files outside the workspace folders are left out.
   */
  async linkTransferred(files: readonly TransferredFile[], account: AccountInfo): Promise<LinkedFile[]> {
    const linked: LinkedFile[] = [];
    const { recordText } = await import('../../../core/api/record.js');
    for (const { uri, binId, text: written, name } of files.filter((f) => placeOf(f.uri))) {
      const text = written ?? (await this.textOf(uri));
      const digest = text === undefined ? undefined : await (await linkStates()).fileDigest(text);
      const link = await this.link(uri, binId, account);
      const known = name === undefined ? {} : { name };
      await this.remember(
        link,
        digest === undefined ? known : { ...known, base: digest, remote: digest, seenAt: Date.now(), record: recordText(JSON.parse(text!)) },
      );
      linked.push(link);
    }
    return linked;
  }

  /** The bin of a link as a person is told of it: by its name when known (no request), else by its id. */
  binOf(linked: LinkedFile): string {
    return binCalled(this.memo(linked).name, linked.link.binId);
  }

  /** Whether any of `uris` can be linked (is in a workspace folder). */
  canLink(uris: readonly vscode.Uri[]): boolean {
    return uris.some((uri) => placeOf(uri) !== undefined);
  }

  /** Removes the link of `uri`; false when there was none. */
  async unlink(uri: vscode.Uri): Promise<boolean> {
    const found = await this.find(uri);
    const at = placeOf(uri);
    if (!found || !at) {
      return false;
    }
    await this.files.change(at.folder.toString(), (links) => withoutLink(links, at.file));
    await this.remember(found, undefined);
    this.changes.fire([uri]);
    return true;
  }

  /** The account a link names (by its name and service URL), among the user's accounts. */
  accountOf(link: Link): AccountInfo {
    const account = this.accounts().find((a) => a.name === link.account.name && apiUrlOf(a) === link.account.apiUrl);
    if (!account) {
      throw new Error(
        vscode.l10n.t(
          'The file {0} is linked with the account "{1}" at {2}, which is not among your accounts: add it',
          link.file,
          link.account.name,
          link.account.apiUrl,
        ),
      );
    }
    return account;
  }

  /** Bins of `account` deleted through the write path (the store's event): the files linked to them say so, with no request. */
  async binsDeleted(account: AccountInfo, ids: readonly string[]): Promise<void> {
    const url = apiUrlOf(account);
    for (const linked of await this.all()) {
      const { binId, account: named } = linked.link;
      if (ids.includes(binId) && named.name === account.name && named.apiUrl === url) {
        await this.remember(linked, { ...this.memo(linked), gone: vscode.l10n.t('This bin was deleted'), seenAt: Date.now() });
      }
    }
  }

  /** Bins of `account` renamed through the write path (the store's event): their links are said to be to the new names. */
  async binsRenamed(account: AccountInfo, renamed: readonly { id: string; name: string }[]): Promise<void> {
    const url = apiUrlOf(account);
    for (const linked of await this.all()) {
      const { binId, account: named } = linked.link;
      const rename = renamed.find((r) => r.id === binId);
      if (rename && named.name === account.name && named.apiUrl === url) {
        await this.remember(linked, { ...this.memo(linked), name: rename.name });
      }
    }
  }

  /** What this user knows of a link. */
  memo(linked: LinkedFile): LinkMemo {
    return this.memory.get<Record<string, LinkMemo>>(MEMO_KEY)?.[memoKey(linked)] ?? {};
  }

  /** Keeps what this user now knows of a link (undefined forgets it), and tells who follows. */
  async remember(linked: LinkedFile, memo: LinkMemo | undefined): Promise<void> {
    const all = { ...this.memory.get<Record<string, LinkMemo>>(MEMO_KEY) };
    if (memo === undefined) {
      delete all[memoKey(linked)];
    } else {
      const record = memo.record !== undefined && memo.record.length <= MAX_KEPT_RECORD ? memo.record : undefined;
      all[memoKey(linked)] = { ...memo, record };
    }
    await this.memory.update(MEMO_KEY, all);
    this.changes.fire([linked.uri]);
  }

  /** The file's text as the user sees it: its open document's, else what is stored. Undefined when it cannot be read. */
  async textOf(uri: vscode.Uri): Promise<string | undefined> {
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    if (doc) {
      return doc.getText();
    }
    try {
      return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch {
      return undefined;
    }
  }

  /** The state of a link from what is known: no request. */
  async stateOf(linked: LinkedFile): Promise<LinkState> {
    const text = await this.textOf(linked.uri);
    const { fileDigest, stateOf } = await linkStates();
    return stateOf(text === undefined ? undefined : await fileDigest(text), this.memo(linked));
  }

  private linksOf(folder: vscode.Uri): Promise<Link[]> {
    return this.files.links(folder.toString());
  }
}

function linkFileOf(folder: string): vscode.Uri {
  return vscode.Uri.joinPath(vscode.Uri.parse(folder), LINKS_FILE);
}

/** A file's workspace folder and its path there, with `/`. */
function placeOf(uri: vscode.Uri): { folder: vscode.Uri; file: string } | undefined {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  if (!folder || uri.path.length <= folder.uri.path.length) {
    return undefined;
  }
  return { folder: folder.uri, file: uri.path.slice(folder.uri.path.replace(/\/$/, '').length + 1) };
}

function fileUri(folder: vscode.Uri, link: Link): vscode.Uri {
  return vscode.Uri.joinPath(folder, ...link.file.split('/'));
}

/** Per file and bin: linking the file to another bin starts afresh. */
function memoKey(linked: LinkedFile): string {
  return `${linked.uri.toString()}#${linked.link.binId}`;
}
