/**
 * Create Access Key: a key with some of the bins permissions, made with the master key and added
 * as an account of its own, so that its permissions are known and what it may not do is greyed.
 */
import * as vscode from 'vscode';
import { MAX_SHORT_NAME, type BinPermission, type KeyPermissions } from '../../../core/api';
import { BIN_PERMISSIONS } from '../../../core/api/accessKeys';
import { checkAccountName } from '../../accounts/accountList';
import { inform } from '../../ui/feedback';
import { cancelIfUndefined } from '../../commands/args';
import { Command } from '../../commands/idsAndContextKeys';
import type { Parts } from '../parts';
import { askRequiredName } from '../../ui/prompts';
import { register, required, type Handler } from '../commandForms';

export interface NewAccessKey {
  /** The key's name on the service, at most 32 characters. */
  name: string;
  /** What the key may do with bins; what is left out is refused. */
  permissions: Partial<Record<BinPermission, boolean>>;
  /** The name of the account the key is added as (default: the key's name). */
  accountName?: string;
}

/** Common grants, most restricted first. */
const grants = (): { label: string; grant: BinPermission[] }[] => [
  { label: vscode.l10n.t('Read bins'), grant: ['read'] },
  { label: vscode.l10n.t('Read and update bins'), grant: ['read', 'update'] },
  { label: vscode.l10n.t('Read, create and update bins'), grant: ['read', 'create', 'update'] },
  { label: vscode.l10n.t('Read, create, update and delete bins'), grant: ['read', 'create', 'update', 'delete'] },
];

export function accessKeyCommands(p: Pick<Parts, 'accounts' | 'connection' | 'prompts'>): Handler[] {
  const ui = p.prompts;
  return register(Command.createAccessKey, {
    // One request: the service answers with the key, which goes straight to the secret storage.
    run: async (input: NewAccessKey) => {
      const name = required(input?.name, 'a name', Command.createAccessKey);
      const given = required(input.permissions, 'permissions', Command.createAccessKey);
      const accountName = (input.accountName ?? name).trim();
      const problem = checkAccountName(accountName, p.accounts.all());
      if (problem) {
        throw new Error(problem);
      }
      const permissions = { bins: Object.fromEntries(BIN_PERMISSIONS.map((action) => [action, given[action] === true])) } as KeyPermissions;
      const key = await p.connection.client.createAccessKey(name, permissions);
      const account = await p.accounts.add({ name: accountName, apiUrl: p.connection.baseUrl, keyKind: 'access', permissions: key.permissions }, key.key);
      return { accountId: account.id, accessKeyId: key.id };
    },
    ask: async () => {
      const name = await askRequiredName(ui, vscode.l10n.t('Name of the access key on the service (1 to 32 characters)'), MAX_SHORT_NAME);
      const { grant } = cancelIfUndefined(await ui.pick(grants(), { placeHolder: vscode.l10n.t('What may {0} do?', name), ignoreFocusOut: true }));
      const accountName = cancelIfUndefined(
        await ui.input({
          prompt: vscode.l10n.t('Name of the account that holds the key'),
          value: name,
          ignoreFocusOut: true,
          validateInput: (t) => checkAccountName(t, p.accounts.all()),
        }),
      );
      return [{ name, permissions: Object.fromEntries(grant.map((g) => [g, true])), accountName }];
    },
    show: (_, [{ accountName, name }]) =>
      inform(vscode.l10n.t('access key {0} created and added as the account {1}; its key is kept in VS Code’s secret storage.', name, accountName ?? name)),
  });
}
