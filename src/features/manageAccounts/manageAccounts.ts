/** Several accounts: add one (its key checked with one request), switch, rename and remove. */
import * as vscode from 'vscode';
import { formatSize, normalizeBaseUrl, parseBaseUrl } from '../../api';
import { checkAccountName, DEFAULT_ACCOUNT, findAccount, type AccountInfo, type KeyKind } from '../../accounts/accountList';
import { apiUrlOf, scopeOf } from '../../accounts/accounts';
import { settings } from '../../config';
import { SCHEME } from '../../fs/uris';
import type { AccountNode } from '../tree/nodes';
import { inform } from '../../ui/feedback';
import { checkKey, KEY_CHARACTERS } from './accountCommands';
import { cancelIfUndefined } from '../../commands/args';
import { Command } from '../../commands/ids';
import type { Parts } from '../parts';
import type { AccountOfflineCopies } from '../offline/offlineCopies';
import { confirm } from '../../commands/prompts';
import { register, required, type Handler } from '../../commands/register';

export interface NewAccount {
  name: string;
  apiUrl: string;
  key: string;
  /** Defaults to the master key. */
  keyKind?: KeyKind;
}

export function manageAccounts(p: Pick<Parts, 'accounts' | 'prompts'> & { offline: AccountOfflineCopies }): Handler[] {
  const ui = p.prompts;
  const named = (idOrName: string, command: string): AccountInfo => {
    const found = findAccount(p.accounts.all(), required(idOrName, 'an account id or name', command as never));
    if (!found) {
      throw new Error(`No JSONBin account is named ${idOrName}`);
    }
    return found;
  };
  const pickAccount = async (placeHolder: string, only: (a: AccountInfo) => boolean = () => true): Promise<string> => {
    const active = p.accounts.active.id;
    const items = p.accounts
      .all()
      .filter(only)
      .map((a) => ({ label: a.name, description: `${apiUrlOf(a)}${a.id === active ? ' · active' : ''}`, id: a.id }));
    if (items.length === 0) {
      throw new Error('There is no account to choose: add one first (JSONBin: Add Account)');
    }
    return cancelIfUndefined(await ui.pick(items, { placeHolder, ignoreFocusOut: true })).id;
  };
  const askName = async (prompt: string, renaming?: string, value?: string) =>
    cancelIfUndefined(await ui.input({ prompt, value, ignoreFocusOut: true, validateInput: (t) => checkAccountName(t, p.accounts.all(), renaming) })).trim();
  const askNewAccount = async (): Promise<[NewAccount]> => {
    const name = await askName('Name of the account (e.g. a project, a client, staging)');
    const apiUrl = cancelIfUndefined(
      await ui.input({ prompt: 'Service URL of the account', value: settings.apiUrl(), ignoreFocusOut: true, validateInput: urlProblem }),
    );
    const keyKind = cancelIfUndefined(
      await ui.pick(
        [
          { label: 'Master key', description: 'X-Master-Key: everything the account can do', keyKind: 'master' as const },
          { label: 'Access key', description: 'X-Access-Key: only what the key was granted (bins)', keyKind: 'access' as const },
        ],
        { placeHolder: `Which key does ${name} use?`, ignoreFocusOut: true },
      ),
    ).keyKind;
    const key = cancelIfUndefined(
      await ui.input({
        prompt: `${keyKind === 'access' ? 'X-Access-Key' : 'X-Master-Key'} of ${name}`,
        password: true,
        ignoreFocusOut: true,
        validateInput: (t) => (KEY_CHARACTERS.test(t.trim()) ? undefined : 'The key can hold only visible ASCII characters, and cannot be blank'),
      }),
    );
    return [{ name, apiUrl, key, keyKind }];
  };

  return [
    ...register(
      Command.addAccount,
      {
        // Added, checked with one request, and made active; a key the service refuses is not kept.
        run: async (account: NewAccount) => {
          const name = required(account?.name, 'a name', Command.addAccount).trim();
          const problem = checkAccountName(name, p.accounts.all());
          if (problem) {
            throw new Error(problem);
          }
          parseBaseUrl(required(account.apiUrl, 'a service URL', Command.addAccount));
          const key = required(account.key, 'a key', Command.addAccount).trim();
          const keyKind = account.keyKind ?? 'master';
          const added = await p.accounts.add({ name, apiUrl: normalizeBaseUrl(account.apiUrl), keyKind }, key);
          // Checked as a key not yet known good: a refused one costs its one request.
          const probe = (await p.accounts.parts(added.id))!.connection.withKey(key);
          try {
            await checkKey(probe, keyKind);
          } catch (error) {
            await p.accounts.remove(added.id);
            throw error;
          } finally {
            void probe.close();
          }
          await p.accounts.activate(added.id);
          return { id: added.id, name };
        },
        ask: askNewAccount,
        show: ({ name }) => inform(`account ${name} added; palette commands now act on it.`),
      },
      { view: Command.viewAddAccount },
    ),

    ...register(
      Command.switchAccount,
      {
        run: async (idOrName: string) => {
          const account = named(idOrName, Command.switchAccount);
          await p.accounts.activate(account.id);
          return account.name;
        },
        ask: async () => [await pickAccount('Account that palette commands act on')],
      },
      { row: [Command.rowSwitchAccount, async (node: AccountNode) => [node.account]] },
    ),

    ...register(
      Command.renameAccount,
      {
        run: async (idOrName: string, name: string) => {
          const account = named(idOrName, Command.renameAccount);
          const problem = checkAccountName(required(name, 'a name', Command.renameAccount), p.accounts.all(), account.id);
          if (problem) {
            throw new Error(problem);
          }
          await p.accounts.rename(account.id, name.trim());
        },
        ask: async () => {
          const id = await pickAccount('Account to rename');
          return [id, await askName('New name of the account', id, p.accounts.info(id)?.name)];
        },
      },
      {
        row: [Command.rowRenameAccount, async (node: AccountNode) => [node.account, await askName('New name of the account', node.account, node.name)]],
      },
    ),

    ...register(
      Command.removeAccount,
      {
        // Its key leaves the secret storage, and what was remembered of its bins goes too; its offline copies if asked.
        run: async (idOrName: string, options: { deleteOfflineCopies?: boolean } = {}) => {
          const account = named(idOrName, Command.removeAccount);
          const unsaved = vscode.workspace.textDocuments.filter((d) => d.isDirty && d.uri.scheme === SCHEME && d.uri.authority === account.id).length;
          if (unsaved > 0) {
            // Its tabs could no longer be saved: the edits would be stranded.
            throw new Error(
              `${account.name} has ${unsaved} tab${unsaved === 1 ? '' : 's'} with unsaved edits: save or revert ${unsaved === 1 ? 'it' : 'them'} before removing the account`,
            );
          }
          const scope = scopeOf(account);
          // Before the removal: from the account's own row, `p` is the account's parts, disposed with it.
          const copies = options.deleteOfflineCopies ? await p.offline.copies() : undefined;
          await p.accounts.remove(account.id);
          await copies?.forgetScope(scope);
          return account.name;
        },
        ask: async () => {
          const id = await pickAccount('Account to remove', (a) => a.id !== DEFAULT_ACCOUNT);
          return confirmRemove(id);
        },
        show: (name) => inform(`account ${name} removed, and its key deleted.`),
      },
      { row: [Command.rowRemoveAccount, async (node: AccountNode) => confirmRemove(node.account)] },
    ),
  ];

  async function confirmRemove(id: string): Promise<[string, { deleteOfflineCopies: boolean }]> {
    const account = p.accounts.info(id);
    const name = account?.name ?? id;
    await confirm(
      ui,
      `Remove the account ${name}?`,
      'Its key is deleted from VS Code’s secret storage and its remembered bins are forgotten. Nothing on the service changes.',
      'Remove Account',
    );
    const kept = account ? await (await p.offline.copies()).usageOf(scopeOf(account)) : undefined;
    const deleteOfflineCopies = Boolean(
      kept?.copies &&
      (await ui.confirm(
        `Also delete the ${kept.copies === 1 ? 'offline copy' : `${kept.copies} offline copies`} of ${name}'s bins?`,
        `Kept on this machine (${formatSize(kept.bytes)}) to read its bins when its service cannot be reached. Without the account, nothing opens them.`,
        'Delete Offline Copies',
      )),
    );
    return [id, { deleteOfflineCopies }];
  }
}

function urlProblem(text: string): string | undefined {
  try {
    parseBaseUrl(text);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
