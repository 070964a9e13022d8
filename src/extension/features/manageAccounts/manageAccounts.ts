/** Several accounts: add one (its key checked with one request), switch, rename and remove. */
import * as vscode from 'vscode';
import { formatSize, normalizeBaseUrl, parseBaseUrl } from '../../../core/api';
import { checkAccountName, DEFAULT_ACCOUNT, findAccount, type AccountInfo, type KeyKind } from '../../accounts/accountList';
import { apiUrlOf, scopeOf } from '../../accounts/accounts';
import { settings } from '../../config';
import { SCHEME } from '../../fs/uris';
import type { AccountNode } from '../tree/nodes';
import { activeOne } from '../tree/nodes/accountNode';
import { inform } from '../../ui/feedback';
import { checkKey, KEY_CHARACTERS } from './accountCommands';
import { cancelIfUndefined } from '../../commands/args';
import { Command } from '../../commands/idsAndContextKeys';
import type { Parts } from '../parts';
import type { AccountOfflineCopies } from '../offline/offlineCopies';
import { confirm } from '../../ui/prompts';
import { register, required, type Handler } from '../commandForms';

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
      throw new Error(vscode.l10n.t('No JSONBin account is named {0}', idOrName));
    }
    return found;
  };
  const pickAccount = async (placeHolder: string, only: (a: AccountInfo) => boolean = () => true): Promise<string> => {
    const active = p.accounts.active.id;
    const items = p.accounts
      .all()
      .filter(only)
      .map((a) => ({ label: a.name, description: a.id === active ? activeOne(apiUrlOf(a)) : apiUrlOf(a), id: a.id }));
    if (items.length === 0) {
      throw new Error(vscode.l10n.t('There is no account to choose: add one first (JSONBin: Add Account)'));
    }
    return cancelIfUndefined(await ui.pick(items, { placeHolder, ignoreFocusOut: true })).id;
  };
  const askName = async (prompt: string, renaming?: string, value?: string) =>
    cancelIfUndefined(await ui.input({ prompt, value, ignoreFocusOut: true, validateInput: (t) => checkAccountName(t, p.accounts.all(), renaming) })).trim();
  const askNewAccount = async (): Promise<[NewAccount]> => {
    const name = await askName(vscode.l10n.t('Name of the account (e.g. a project, a client, staging)'));
    const apiUrl = cancelIfUndefined(
      await ui.input({ prompt: vscode.l10n.t('Service URL of the account'), value: settings.apiUrl(), ignoreFocusOut: true, validateInput: urlProblem }),
    );
    const keyKind = cancelIfUndefined(
      await ui.pick(
        [
          { label: vscode.l10n.t('Master key'), description: vscode.l10n.t('X-Master-Key: everything the account can do'), keyKind: 'master' as const },
          { label: vscode.l10n.t('Access key'), description: vscode.l10n.t('X-Access-Key: only what the key was granted (bins)'), keyKind: 'access' as const },
        ],
        { placeHolder: vscode.l10n.t('Which key does {0} use?', name), ignoreFocusOut: true },
      ),
    ).keyKind;
    const key = cancelIfUndefined(
      await ui.input({
        prompt: keyKind === 'access' ? vscode.l10n.t('X-Access-Key of {0}', name) : vscode.l10n.t('X-Master-Key of {0}', name),
        password: true,
        ignoreFocusOut: true,
        validateInput: (t) =>
          KEY_CHARACTERS.test(t.trim()) ? undefined : vscode.l10n.t('The key can hold only visible ASCII characters, and cannot be blank'),
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
        show: ({ name }) => inform(vscode.l10n.t('account {0} added; palette commands now act on it.', name)),
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
        ask: async () => [await pickAccount(vscode.l10n.t('Account that palette commands act on'))],
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
          const id = await pickAccount(vscode.l10n.t('Account to rename'));
          return [id, await askName(newName(), id, p.accounts.info(id)?.name)];
        },
      },
      {
        row: [Command.rowRenameAccount, async (node: AccountNode) => [node.account, await askName(newName(), node.account, node.name)]],
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
              unsaved === 1
                ? vscode.l10n.t('{0} has 1 tab with unsaved edits: save or revert it before removing the account', account.name)
                : vscode.l10n.t('{0} has {1} tabs with unsaved edits: save or revert them before removing the account', account.name, unsaved),
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
          const id = await pickAccount(vscode.l10n.t('Account to remove'), (a) => a.id !== DEFAULT_ACCOUNT);
          return confirmRemove(id);
        },
        show: (name) => inform(vscode.l10n.t('account {0} removed, and its key deleted.', name)),
      },
      { row: [Command.rowRemoveAccount, async (node: AccountNode) => confirmRemove(node.account)] },
    ),
  ];

  async function confirmRemove(id: string): Promise<[string, { deleteOfflineCopies: boolean }]> {
    const account = p.accounts.info(id);
    const name = account?.name ?? id;
    await confirm(
      ui,
      vscode.l10n.t('Remove the account {0}?', name),
      vscode.l10n.t('Its key is deleted from VS Code’s secret storage and its remembered bins are forgotten. Nothing on the service changes.'),
      vscode.l10n.t('Remove Account'),
    );
    const kept = account ? await (await p.offline.copies()).usageOf(scopeOf(account)) : undefined;
    const deleteOfflineCopies = Boolean(
      kept?.copies &&
      (await ui.confirm(
        kept.copies === 1
          ? vscode.l10n.t("Also delete the offline copy of {0}'s bins?", name)
          : vscode.l10n.t("Also delete the {0} offline copies of {1}'s bins?", kept.copies, name),
        vscode.l10n.t(
          'Kept on this machine ({0}) to read its bins when its service cannot be reached. Without the account, nothing opens them.',
          formatSize(kept.bytes),
        ),
        vscode.l10n.t('Delete Offline Copies'),
      )),
    );
    return [id, { deleteOfflineCopies }];
  }
}

function newName(): string {
  return vscode.l10n.t('New name of the account');
}

function urlProblem(text: string): string | undefined {
  try {
    parseBaseUrl(text);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
