/**
 * Every command id is registered at activation, so that menus, keys and other extensions find
 * them; the commands' code loads with the first command run. A command acts on the account of the
 * row or tab it is pressed on, otherwise on the active account. The ids are read from the manifest
 * VS Code already parsed (written from the command table, as `Command` is): activation does not
 * load the table of every id.
 */
import * as vscode from 'vscode';
import { SCHEME } from '../fs/uris';
import { Node } from './tree/nodes/node';
import type { CommandId } from '../commands/idsAndContextKeys';
import type { AccountInfo } from '../accounts/accountList';
import type { AccountPartsBase, Accounts } from '../accounts/accounts';
import type { Handler } from './commandForms';
import type { Drafts } from './drafts';
import type { CommandParts } from './handlers';

/**
 * The account a row (its node), a tab (its `jsonbin:` Uri) or a draft's untitled tab belongs
 * to; undefined for anything else. A view title's button gets the focused row, which says nothing
 * about what to act on: it acts on the active account, as its `when` clauses do.
 */
function accountOf(id: CommandId, args: unknown[], drafts: Pick<Drafts, 'of'>): string | undefined {
  const [first] = args;
  if (id.startsWith('jsonbin.view.')) {
    return undefined;
  }
  if (first instanceof Node) {
    return first.account;
  }
  if (!(first instanceof vscode.Uri)) {
    return undefined;
  }
  return first.scheme === SCHEME ? first.authority : drafts.of(first)?.account;
}

/** The commands the manifest contributes: every id of `Command` (test/integration/wiring.test.ts). */
export function contributedCommands(extension: vscode.Extension<unknown>): CommandId[] {
  const manifest = extension.packageJSON as { contributes: { commands: { command: CommandId }[] } };
  return manifest.contributes.commands.map((c) => c.command);
}

export function registerCommands(
  ids: readonly CommandId[],
  partsFor: (account: string | undefined) => Promise<CommandParts | undefined>,
  accounts: Pick<Accounts<AccountPartsBase & { readonly account: AccountInfo }>, 'followParts'>,
  drafts: Pick<Drafts, 'of'>,
): vscode.Disposable[] {
  const handlers = new Map<string, Promise<Map<CommandId, Handler[1]>>>();
  // A removed account's handlers go with its parts: an account added later under its id gets its own.
  accounts.followParts((parts) => [{ dispose: () => handlers.delete(parts.account.id) }]);
  const handler = async (id: CommandId, args: unknown[]) => {
    const account = accountOf(id, args, drafts);
    const p = await partsFor(account);
    if (!p) {
      throw new Error(vscode.l10n.t('The JSONBin account {0} was removed: add it again to work with its bins', account ?? ''));
    }
    const key = p.account.id;
    let map = handlers.get(key);
    if (!map) {
      map = import('./handlers.js').then((m) => m.commandHandlers(p));
      handlers.set(key, map);
    }
    const found = (await map).get(id);
    if (!found) {
      throw new Error(vscode.l10n.t('The command {0} has no handler', id));
    }
    return found;
  };
  return ids.map((id) => vscode.commands.registerCommand(id, async (...args: never[]) => (await handler(id, args))(...args)));
}
