/**
 * The accounts the user works with: each a name, a service URL and the kind of key it holds. The
 * keys themselves live in VS Code's secret storage, never here. No `vscode` import: its words come
 * through `@vscode/l10n`.
 */
import * as l10n from '@vscode/l10n';
import type { BinPermission, KeyKind, KeyPermissions, Operation } from '../../core/api';

export type { KeyKind } from '../../core/api';

export interface AccountInfo {
  /**
   * The authority of the account's `jsonbin:` URIs. The default account's is empty, so that URIs
   * from before accounts existed keep opening in it.
   */
  id: string;
  name: string;
  /** The service URL; the default account's is the `jsonbin.apiUrl` setting, so undefined here. */
  apiUrl?: string;
  keyKind: KeyKind;
  /** What an access key may do, when it is known (the key was created here). */
  permissions?: KeyPermissions;
}

export const DEFAULT_ACCOUNT = '';
/** The default account's name until the user renames it. */
function defaultAccountName(): string {
  return l10n.t({ message: 'Default', comment: ['The name of the default account'] });
}
/** Account names show in the view and the palette; long ones would be cut there anyway. */
export const MAX_ACCOUNT_NAME = 40;

/** The stored list, whatever an older or newer version wrote: the default account always first. */
export function parseAccounts(stored: unknown): AccountInfo[] {
  const list = Array.isArray(stored) ? stored.filter(isAccount) : [];
  const byId = new Map(list.map((a) => [a.id, a]));
  const first = byId.get(DEFAULT_ACCOUNT);
  const theDefault: AccountInfo = {
    id: DEFAULT_ACCOUNT,
    name: first?.name ?? defaultAccountName(),
    keyKind: first?.keyKind ?? 'master',
    permissions: first?.permissions,
  };
  return [theDefault, ...[...byId.values()].filter((a) => a.id !== DEFAULT_ACCOUNT)];
}

function isAccount(value: unknown): value is AccountInfo {
  const a = value as AccountInfo;
  return (
    typeof a === 'object' &&
    a !== null &&
    typeof a.id === 'string' &&
    (a.id === DEFAULT_ACCOUNT || ACCOUNT_ID.test(a.id)) &&
    typeof a.name === 'string' &&
    (a.keyKind === 'master' || a.keyKind === 'access') &&
    (a.id === DEFAULT_ACCOUNT || typeof a.apiUrl === 'string')
  );
}

/** A URI authority: lowercase, so that it survives VS Code's URI handling unchanged. */
const ACCOUNT_ID = /^a[0-9a-f]{8}$/;

export function newAccountId(taken: Iterable<string>, random: () => number = Math.random): string {
  const used = new Set(taken);
  for (;;) {
    const id = `a${Math.floor(random() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, '0')}`;
    if (!used.has(id)) {
      return id;
    }
  }
}

/** Why a name cannot be given to an account, or undefined when it can. */
export function checkAccountName(name: string, accounts: readonly AccountInfo[], renaming?: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') {
    return l10n.t('The account needs a name');
  }
  if (trimmed.length > MAX_ACCOUNT_NAME) {
    return l10n.t('An account name has at most {0} characters', MAX_ACCOUNT_NAME);
  }
  const same = accounts.find((a) => a.id !== renaming && a.name.toLowerCase() === trimmed.toLowerCase());
  return same ? l10n.t('Another account is named {0}', same.name) : undefined;
}

/** An account by its id or its name (as a script or a test names it). */
export function findAccount(accounts: readonly AccountInfo[], idOrName: string): AccountInfo | undefined {
  return accounts.find((a) => a.id === idOrName) ?? accounts.find((a) => a.name.toLowerCase() === idOrName.trim().toLowerCase());
}

/** The bins permission an operation needs of an access key (the others need the master key, and the client refuses them). */
const NEEDS: Partial<Record<Operation, BinPermission>> = {
  readBin: 'read',
  versionCount: 'read',
  createBin: 'create',
  updateBin: 'update',
  renameBin: 'update',
  setPrivacy: 'update',
  deleteBin: 'delete',
  deleteVersions: 'delete',
};

/** Whether the account's key may do this to bins: unless it is an access key whose permissions are known to leave it out. */
export function allows(account: AccountInfo, permission: BinPermission): boolean {
  return account.keyKind !== 'access' || account.permissions?.bins[permission] !== false;
}

/** Why an account's key may not do this, when its permissions are known to leave it out; undefined otherwise. */
export function refusal(account: AccountInfo, operation: Operation): string | undefined {
  const needed = NEEDS[operation];
  if (!needed || allows(account, needed)) {
    return undefined;
  }
  switch (needed) {
    case 'read':
      return l10n.t('The access key of {0} may not read bins (it was created without that permission): nothing was sent', account.name);
    case 'create':
      return l10n.t('The access key of {0} may not create bins (it was created without that permission): nothing was sent', account.name);
    case 'update':
      return l10n.t('The access key of {0} may not update bins (it was created without that permission): nothing was sent', account.name);
    case 'delete':
      return l10n.t('The access key of {0} may not delete bins (it was created without that permission): nothing was sent', account.name);
  }
}
