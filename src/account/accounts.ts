/**
 * The accounts the user works with, which one is active (where palette commands act), and each
 * account's parts, made on first use: their code loads then, not with the extension. The list is
 * kept in VS Code's global state, each key in secret storage under its account. The list is read
 * from the state once: VS Code may echo an older write of this window back into the state for a
 * moment, which would bring a removed account back.
 */
import * as vscode from 'vscode';
import { settings } from '../config';
import { DEFAULT_ACCOUNT, newAccountId, parseAccounts, type AccountInfo } from './accountList';
import { KeyStore } from './keyStore';

const LIST_KEY = 'jsonbin.accounts';
const ACTIVE_KEY = 'jsonbin.activeAccount';

/** What each account has of its own: at least a connection to its service. */
export interface AccountPartsBase {
  dispose(): void;
  /** Writes what is learned but not yet stored. */
  flush(): Promise<void>;
  /** Drops what is stored of the account (it is being removed). */
  forget(): Promise<void>;
}

/** The secret storage slot of an added account's key (the default account's follows the service URL). */
export function accountKeySlot(id: string): string {
  return `jsonbin.accountKey:${id}`;
}

/** How an account's parts are made: its info (read each time), whether it is active, and its key. */
export type MakeParts<P> = (info: () => AccountInfo, isActive: () => boolean, keys: KeyStore) => Promise<P>;

/** The service URL of an account: the default account's is the `jsonbin.apiUrl` setting. */
export function apiUrlOf(account: AccountInfo): string {
  return account.apiUrl ?? settings.apiUrl();
}

export class Accounts<P extends AccountPartsBase> implements vscode.Disposable {
  private readonly made = new Map<string, P>();
  private readonly making = new Map<string, Promise<P>>();
  private readonly keyStores = new Map<string, KeyStore>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when an account is added, removed, renamed, or another becomes active. */
  readonly onDidChange = this.changed.event;
  private readonly madeParts = new vscode.EventEmitter<P>();
  /** Fires when an account's parts are made, for whatever follows every account. */
  readonly onDidMakeParts = this.madeParts.event;

  constructor(
    private readonly memory: vscode.Memento,
    private readonly secrets: vscode.SecretStorage,
    private readonly make: MakeParts<P>,
  ) {
    this.list = parseAccounts(memory.get(LIST_KEY));
    this.activeId = memory.get<string>(ACTIVE_KEY) ?? DEFAULT_ACCOUNT;
  }

  private list: AccountInfo[];
  private activeId: string;

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
        this.madeParts.fire(parts);
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
      keys = new KeyStore(this.secrets, () => (id ? accountKeySlot(id) : `jsonbin.apiKey:${settings.apiUrl()}`));
      this.keyStores.set(id, keys);
    }
    return keys;
  }

  /** The parts made so far (an account nobody used has none). */
  allMade(): P[] {
    return [...this.made.values()];
  }

  async add(account: Omit<AccountInfo, 'id'>, key: string): Promise<AccountInfo> {
    const list = this.all();
    const added = { ...account, id: newAccountId(list.map((a) => a.id)) };
    await this.secrets.store(accountKeySlot(added.id), key);
    await this.store([...list, added]);
    return added;
  }

  async update(id: string, changes: Partial<Pick<AccountInfo, 'name' | 'keyKind' | 'permissions'>>): Promise<void> {
    await this.store(this.all().map((a) => (a.id === id ? { ...a, ...changes } : a)));
  }

  /** Removes an added account: its key, its parts and what is stored of it. */
  async remove(id: string): Promise<void> {
    if (id === DEFAULT_ACCOUNT) {
      throw new Error('The default account cannot be removed: clear its key instead');
    }
    const parts = await this.making.get(id);
    this.made.delete(id);
    this.making.delete(id);
    await parts?.forget();
    parts?.dispose();
    this.keyStores.get(id)?.dispose();
    this.keyStores.delete(id);
    await this.secrets.delete(accountKeySlot(id));
    if (this.activeId === id) {
      this.activeId = DEFAULT_ACCOUNT;
      await this.memory.update(ACTIVE_KEY, undefined);
    }
    await this.store(this.all().filter((a) => a.id !== id));
  }

  async activate(id: string): Promise<void> {
    this.activeId = id;
    this.changed.fire();
    await this.memory.update(ACTIVE_KEY, id === DEFAULT_ACCOUNT ? undefined : id);
  }

  flush(): Promise<void> {
    return Promise.all(this.allMade().map((p) => p.flush())).then(() => undefined);
  }

  dispose(): void {
    this.allMade().forEach((p) => p.dispose());
    this.made.clear();
    this.keyStores.forEach((k) => k.dispose());
    this.changed.dispose();
    this.madeParts.dispose();
  }

  private async store(list: AccountInfo[]): Promise<void> {
    this.list = parseAccounts(list);
    this.changed.fire();
    await this.memory.update(LIST_KEY, this.list);
  }
}
