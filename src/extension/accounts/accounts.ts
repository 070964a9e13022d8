/**
 * The accounts the user works with, which one is active (where palette commands act), and each
 * account's parts, made on first use: their code loads then, not with the extension. The list is
 * kept in VS Code's global state, each key in secret storage under its account. The list is read
 * from the state once, and again only when another window changed it: VS Code may echo an older
 * write of this window back into the state for a moment, which would bring a removed account back.
 *
 * Other windows learn of a change from secret storage, whose change event reaches every window
 * (global state tells no one): each change also writes a stamp there, carrying the list and the
 * active account, so a window follows without reading a state that may lag behind.
 */
import * as vscode from 'vscode';
import { accountScope, forgetScope, SecretKey, StateKey, type Memory } from '../../core/api/stateKeys';
import { settings } from '../config';
import { DEFAULT_ACCOUNT, newAccountId, parseAccounts, type AccountInfo } from './accountList';
import { KeyStore } from './keyStore';

/** What a window wrote last: who wrote it, the list's mark, the list and the active account (never a key). */
interface Stamp {
  by: string;
  /** Counts the window's stamps: each stamp's text differs, so storing it is always a change that other windows hear. */
  n: number;
  mark: string;
  list: AccountInfo[];
  active: string;
}

/** Today's request counts kept for an added account are deleted with it; their code loads then, not with the extension. */
async function forgetRequestCounts(memory: Memory, id: string): Promise<void> {
  await (await import('../../core/api/allowance.js')).forgetRequestCounts(memory, id);
}

/** What each account has of its own: at least a connection to its service. */
export interface AccountPartsBase {
  dispose(): void;
  /** Writes what is learned but not yet stored. */
  flush(): Promise<void>;
}

/** How an account's parts are made: its info (read each time), whether it is active, and its key. */
export type MakeParts<P> = (info: () => AccountInfo, isActive: () => boolean, keys: KeyStore) => Promise<P>;

/** The service URL of an account: the default account's is the `jsonbin.apiUrl` setting. */
export function apiUrlOf(account: AccountInfo): string {
  return account.apiUrl ?? settings.apiUrl();
}

/** What an account's state (remembered bins, their collections) is kept under: the default account's, its URL as before accounts. */
export function scopeOf(account: AccountInfo): string {
  return accountScope(apiUrlOf(account), account.id);
}

export class Accounts<P extends AccountPartsBase> implements vscode.Disposable {
  private readonly made = new Map<string, P>();
  private readonly making = new Map<string, Promise<P>>();
  private readonly keyStores = new Map<string, KeyStore>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when an account is added, removed, renamed, or another becomes active. */
  readonly onDidChange = this.changed.event;
  /** What follows every account's parts (events), and what each account's following holds. */
  // Held as methods, which TypeScript compares both ways: an `Accounts` of more parts serves a follower of fewer.
  private readonly followers: { follow(parts: P): vscode.Disposable[] }[] = [];
  private readonly following = new Map<string, vscode.Disposable[]>();

  constructor(
    private readonly memory: Memory,
    private readonly secrets: vscode.SecretStorage,
    private readonly make: MakeParts<P>,
  ) {
    this.list = parseAccounts(memory.get(StateKey.accounts));
    this.mark = memory.get<string>(StateKey.accountsWrite);
    this.seen.add(this.mark ?? '');
    this.activeId = memory.get<string>(StateKey.activeAccount) ?? DEFAULT_ACCOUNT;
    this.stampWatch = secrets.onDidChange((e) => e.key === SecretKey.accountsStamp && void this.followStamp());
  }

  private readonly stampWatch: vscode.Disposable;
  private stamps = 0;

  private list: AccountInfo[];
  private activeId: string;
  private mark: string | undefined;
  /** The marks of lists this window had (read, or followed from a stamp): global state may lag behind a stamp. */
  private readonly seen = new Set<string>();
  private readonly window = Math.random().toString(36).slice(2);
  private writes = 0;

  all(): AccountInfo[] {
    return this.list;
  }

  info(id: string): AccountInfo | undefined {
    return this.all().find((a) => a.id === id);
  }

  get active(): AccountInfo {
    return this.info(this.activeId) ?? this.list[0];
  }

  /** An account's parts; undefined for an account that does not exist (removed, or from another machine). */
  async parts(id: string): Promise<P | undefined> {
    const known = this.info(id);
    if (!known) {
      return undefined;
    }
    let making = this.making.get(id);
    if (!making) {
      let last = known;
      // A removed account's parts are disposed; until then they see its last known info.
      making = this.make(
        () => (last = this.info(id) ?? last),
        () => this.active.id === id,
        this.keys(id),
      ).then((parts) => {
        this.made.set(id, parts);
        this.followers.forEach((f) => this.track(id, f.follow(parts)));
        return parts;
      });
      this.making.set(id, making);
    }
    return making;
  }

  /** An account's parts if they were made already: a document of the account is open, or it was used. */
  madeFor(id: string): P | undefined {
    return this.made.get(id);
  }

  async activeParts(): Promise<P> {
    return (await this.parts(this.active.id)) as P;
  }

  /** An account's key store, without making its parts (the welcome view asks whether there is a key). */
  keys(id: string): KeyStore {
    let keys = this.keyStores.get(id);
    if (!keys) {
      // The default account's slot follows the service URL, as before accounts existed.
      keys = new KeyStore(this.secrets, () => (id ? SecretKey.accountKey(id) : SecretKey.defaultAccountKey(settings.apiUrl())));
      this.keyStores.set(id, keys);
    }
    return keys;
  }

  /**
   * Runs `follow` on every account's parts, made already or later; what it returns (its
   * subscriptions) is disposed when the account is removed.
   */
  followParts(follow: (parts: P) => vscode.Disposable[]): void {
    this.followers.push({ follow });
    this.made.forEach((parts, id) => this.track(id, follow(parts)));
  }

  private track(id: string, subscriptions: vscode.Disposable[]): void {
    this.following.set(id, [...(this.following.get(id) ?? []), ...subscriptions]);
  }

  /** The parts made so far (an account nobody used has none). */
  allMade(): P[] {
    return [...this.made.values()];
  }

  async add(account: Omit<AccountInfo, 'id'>, key: string): Promise<AccountInfo> {
    const added = { ...account, id: newAccountId(this.list.map((a) => a.id)) };
    await this.secrets.store(SecretKey.accountKey(added.id), key);
    await this.change((list) => [...list, added]);
    return added;
  }

  async rename(id: string, name: string): Promise<void> {
    await this.change((list) => list.map((a) => (a.id === id ? { ...a, name } : a)));
  }

  /**
   * Removes an added account: out of the list first (nothing makes its parts again), then its
   * parts, its key and what is stored of it.
   */
  async remove(id: string): Promise<void> {
    const removed = this.info(id);
    if (id === DEFAULT_ACCOUNT || !removed) {
      throw new Error(
        id === DEFAULT_ACCOUNT ? vscode.l10n.t('The default account cannot be removed: clear its key instead') : vscode.l10n.t('No account {0}', id),
      );
    }
    if (this.activeId === id) {
      this.activeId = DEFAULT_ACCOUNT;
      void this.memory.update(StateKey.activeAccount, undefined);
    }
    await this.change((list) => list.filter((a) => a.id !== id));
    await this.drop(id);
    await this.secrets.delete(SecretKey.accountKey(id));
    await Promise.all([forgetScope(this.memory, scopeOf(removed)), forgetRequestCounts(this.memory, id)]);
  }

  /** Disposes what this window made for an account that is gone: its parts, what follows them, its key store. */
  private async drop(id: string): Promise<void> {
    const parts = await this.making.get(id);
    this.made.delete(id);
    this.making.delete(id);
    this.following.get(id)?.forEach((s) => void s.dispose());
    this.following.delete(id);
    parts?.dispose();
    this.keyStores.get(id)?.dispose();
    this.keyStores.delete(id);
  }

  async activate(id: string): Promise<void> {
    this.activeId = id;
    this.changed.fire();
    await Promise.all([this.memory.update(StateKey.activeAccount, id === DEFAULT_ACCOUNT ? undefined : id), this.stamp()]);
  }

  flush(): Promise<void> {
    return Promise.all(this.allMade().map((p) => p.flush())).then(() => undefined);
  }

  /** The window closes: what each account has pending is written (only a removed account's is dropped, in `drop`). */
  dispose(): void {
    this.stampWatch.dispose();
    this.allMade().forEach((p) => {
      void p.flush();
      p.dispose();
    });
    this.made.clear();
    this.keyStores.forEach((k) => k.dispose());
    this.changed.dispose();
    this.following.forEach((subscriptions) => subscriptions.forEach((s) => void s.dispose()));
  }

  /** Applies a change to the list, to the stored one if another window changed it since: neither change is lost. */
  private async change(apply: (list: AccountInfo[]) => AccountInfo[]): Promise<void> {
    const stored = this.memory.get<string>(StateKey.accountsWrite);
    const elsewhere = !this.seen.has(stored ?? '') && !stored?.startsWith(`${this.window}.`);
    this.list = parseAccounts(apply(elsewhere ? parseAccounts(this.memory.get(StateKey.accounts)) : this.list));
    this.mark = `${this.window}.${++this.writes}`;
    this.changed.fire();
    await Promise.all([this.memory.update(StateKey.accounts, this.list), this.memory.update(StateKey.accountsWrite, this.mark), this.stamp()]);
  }

  /**
   * Tells the other windows, through secret storage, what the list and the active account are now.
   * Best effort: the change is made here and stored whatever the secret storage says.
   */
  private async stamp(): Promise<void> {
    const stamp: Stamp = { by: this.window, n: ++this.stamps, mark: this.mark ?? '', list: this.list, active: this.activeId };
    await Promise.resolve(this.secrets.store(SecretKey.accountsStamp, JSON.stringify(stamp))).catch(() => undefined);
  }

  /** Follows another window's change: its list, its active account; the parts of an account it removed are dropped here too. */
  private async followStamp(): Promise<void> {
    const stamp = parseStamp(await this.secrets.get(SecretKey.accountsStamp));
    if (!stamp || stamp.by === this.window) {
      return;
    }
    const list = parseAccounts(stamp.list);
    const gone = this.list.filter((a) => !list.some((b) => b.id === a.id));
    this.list = list;
    this.mark = stamp.mark;
    this.seen.add(stamp.mark);
    this.activeId = list.some((a) => a.id === stamp.active) ? stamp.active : DEFAULT_ACCOUNT;
    // This window's copy of the counts forgets it too: writing its own counts must not bring the removed account's back.
    await Promise.all(gone.map(async (a) => (await this.drop(a.id), await forgetRequestCounts(this.memory, a.id))));
    this.changed.fire();
  }
}

function parseStamp(text: string | undefined): Stamp | undefined {
  try {
    const stamp = JSON.parse(text ?? '') as Partial<Stamp>;
    return typeof stamp.by === 'string' && typeof stamp.mark === 'string' && typeof stamp.active === 'string' && Array.isArray(stamp.list)
      ? (stamp as Stamp)
      : undefined;
  } catch {
    return undefined;
  }
}
