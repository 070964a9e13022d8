/**
 * Every name under which the extension keeps something in VS Code's global state or secret
 * storage, written here once. A stored name never changes: what a user has stored must still load.
 *
 * Settings Sync carries a global state key to the user's other machines only if the receiving
 * machine named it too (`setKeysForSync`: VS Code applies only the keys the receiver named, and
 * uploads only those, so a key one machine names and another does not is dropped, then deleted
 * on the first). Names known only once an account exists cannot be named everywhere in time: what
 * follows the user is kept under fixed names, each account's part an entry under its scope.
 * Earlier versions kept each account's part under a key of its own (`jsonbin.bins:<scope>`);
 * `src/core/store/stateMigration.ts` moves those in.
 */

/** Global state keys. */
export const StateKey = {
  /** The accounts: names, service URLs, kinds of key and known permissions, never a key. */
  accounts: 'jsonbin.accounts',
  /** Marks each write of the account list with the window that made it. */
  accountsWrite: 'jsonbin.accountsWrite',
  /** The account palette commands act on, unless it is the default account. */
  activeAccount: 'jsonbin.activeAccount',
  /** Each account's remembered bins, by scope. */
  bins: 'jsonbin.bins',
  /** Marks each write of an account's remembered bins with the window that made it, by scope. */
  binsWrite: 'jsonbin.binsWrite',
  /** Which collection each bin is in, as far as it is known, by scope. */
  binCollections: 'jsonbin.binCollections',
  /** Which definition bin each schema doc was made from (Use as Schema Doc), by scope. */
  schemaDocOrigins: 'jsonbin.schemaDocOrigins',
  /** Today's request counts, by scope. */
  requestsToday: 'jsonbin.requestsToday',
  /** The walkthrough's steps this extension has told VS Code are done (this machine's, as VS Code's ticks). */
  walkthroughTicked: 'jsonbin.walkthroughTicked',
} as const;

/** The keys whose value holds an entry per account, under its scope. */
export type ScopedKey = typeof StateKey.bins | typeof StateKey.binsWrite | typeof StateKey.binCollections | typeof StateKey.schemaDocOrigins;
export const SCOPED_KEYS: readonly ScopedKey[] = [StateKey.bins, StateKey.binsWrite, StateKey.binCollections, StateKey.schemaDocOrigins];

/**
 * What follows the user to their other machines through Settings Sync: the accounts, each
 * account's remembered bins, what is known of their collections and which definition each schema
 * doc was made from, with the marks of their
 * writes (a window that sees another machine's mark reads the list again, as after another
 * window's write, instead of writing its older copy over it). Not synced: the active account (a
 * machine's choice; the account may have no key there yet), today's request counts (this
 * machine's), and keys, which live in the secret storage, which never syncs.
 */
export const SYNCED_KEYS: readonly string[] = [
  StateKey.accounts,
  StateKey.accountsWrite,
  StateKey.bins,
  StateKey.binsWrite,
  StateKey.binCollections,
  StateKey.schemaDocOrigins,
];

/** Secret storage keys. */
export const SecretKey = {
  /** The default account's key, under the service URL it is for. */
  defaultAccountKey: (apiUrl: string) => `jsonbin.apiKey:${apiUrl}`,
  /** An added account's key. */
  accountKey: (id: string) => `jsonbin.accountKey:${id}`,
  /** The last change of the account list, which other windows follow (secret storage's change event reaches every window). */
  accountsStamp: 'jsonbin.accountsStamp',
} as const;

/** What an account's entries are kept under: the default account's (id '') its service URL, as before accounts; another's the URL and its id. */
export function accountScope(apiUrl: string, id: string): string {
  return id ? `${apiUrl}#${id}` : apiUrl;
}

/** Whether `scope` is the added account `id`'s, whatever service URL it had. */
export function isScopeOf(scope: string, id: string): boolean {
  return scope.endsWith(`#${id}`);
}

/** Where earlier versions kept a scope's entry of `key`. */
export function ownKeyOf(key: ScopedKey, scope: string): string {
  return `${key}:${scope}`;
}

/** Where state is kept: VS Code's `Memento` fits. */
export interface Memory {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): PromiseLike<void>;
}

/** One scope's entry of `key`. */
export function entryOf<T>(memory: Memory, key: ScopedKey, scope: string): T | undefined {
  const all = memory.get<Record<string, T>>(key);
  return all && Object.hasOwn(all, scope) ? all[scope] : undefined;
}

/** Writes some scopes' entries of `key` (undefined deletes one), keeping the others as stored. */
export function setEntries(memory: Memory, key: ScopedKey, entries: Record<string, unknown>): PromiseLike<void> {
  const all: Record<string, unknown> = { ...memory.get<Record<string, unknown>>(key) };
  for (const [scope, value] of Object.entries(entries)) {
    if (value === undefined) {
      delete all[scope];
    } else {
      all[scope] = value;
    }
  }
  return memory.update(key, all);
}

/** Deletes every entry kept under an account's scope (the account is removed). */
export async function forgetScope(memory: Memory, scope: string): Promise<void> {
  await Promise.all(SCOPED_KEYS.map((key) => setEntries(memory, key, { [scope]: undefined })));
}
