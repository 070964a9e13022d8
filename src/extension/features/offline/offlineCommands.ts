/** The copies kept of bins for reading them offline: retrying the service, and clearing them. */
import * as vscode from 'vscode';
import { formatSize } from '../../../core/api';
import { inform } from '../../ui/feedback';
import { Command } from '../../commands/idsAndContextKeys';
import type { AccountPartsBase, Accounts } from '../../accounts/accounts';
import type { Connection } from '../../accounts/connection';
import type { AccountOfflineCopies } from './offlineCopies';
import { register, type Handler } from '../commandForms';

const MB = 1024 * 1024;

/** Every account's offline copies: Retry asks each account's service again. */
export interface OfflineParts {
  offline: AccountOfflineCopies;
  accounts: Accounts<AccountPartsBase & { connection: Connection; offline: AccountOfflineCopies }>;
}

export function offlineCommands(p: OfflineParts): Handler[] {
  return [
    // Tabs showing a kept copy read the service's record again, whatever their account; after
    // "Requests exhausted" this sends again too.
    ...register(Command.retryOfflineBins, {
      run: async () => {
        let tabs = 0;
        for (const account of p.accounts.allMade()) {
          account.connection.requests.retry();
          tabs += account.offline.readAgain();
        }
        return tabs;
      },
      ask: async () => [],
    }),

    ...register(Command.clearOfflineCopies, {
      run: async () => (await p.offline.copies()).clear(),
      ask: async () => [],
      show: (freed) =>
        inform(
          freed.copies === 1
            ? vscode.l10n.t('removed 1 offline copy, {0} freed.', size(freed.bytes))
            : vscode.l10n.t('removed {0} offline copies, {1} freed.', freed.copies, size(freed.bytes)),
        ),
    }),
  ];
}

function size(bytes: number): string {
  return bytes < MB ? formatSize(bytes) : vscode.l10n.t('{0} MB', (bytes / MB).toFixed(1));
}
