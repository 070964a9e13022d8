/**
 * Show Requests Sent (the status bar's count, clicked): the active account's requests by action,
 * in this window and today, with the ways out that apply: Retry Requests while requests are held
 * back, Switch Account… when there are several. A count picked shows the log, where each request
 * it counts is listed.
 */
import * as vscode from 'vscode';
import { breakdown, type ActionCount } from '../../../core/api';
import { Command, type CommandId } from '../../commands/idsAndContextKeys';
import { register, type Handler } from '../commandForms';
import type { Parts } from '../parts';
import { countedBoth, serviceSaid } from './requestStatus';

/** What the command returns: the counts it shows. */
export interface RequestBreakdown {
  window: number;
  today: number;
  byAction: ActionCount[];
}

/** What a row does: a command (the ways out), or the log, where each request counted is listed. */
type Item = vscode.QuickPickItem & { then: CommandId | 'log' };

export function requestBreakdownCommands(p: Pick<Parts, 'account' | 'accounts' | 'connection' | 'log' | 'prompts'>): Handler[] {
  return register(Command.showRequests, {
    run: async (): Promise<RequestBreakdown> => {
      const { window, day } = p.connection.requests;
      return { window: window.total, today: day.total, byAction: breakdown(window, day) };
    },
    ask: async () => [],
    show: async (counts) => {
      const requests = p.connection.requests;
      const items: Item[] = [
        ...(requests.exhausted !== undefined
          ? [{ label: vscode.l10n.t('$(debug-restart) Retry Requests'), detail: serviceSaid(requests.exhausted), then: Command.retryRequests }]
          : []),
        ...(p.accounts.all().length > 1 ? [{ label: vscode.l10n.t('$(arrow-swap) Switch Account…'), then: Command.switchAccount }] : []),
        ...counts.byAction.map((r): Item => ({ label: r.name, description: countedBoth(r.window, r.today), then: 'log' })),
        { label: vscode.l10n.t('All'), description: countedBoth(counts.window, counts.today), then: 'log' },
      ];
      const placeHolder =
        p.accounts.all().length > 1
          ? vscode.l10n.t('JSONBin requests to {0} ({1}), by action: pick one to see each request in the log', requests.serviceUrl, p.account.name)
          : vscode.l10n.t('JSONBin requests to {0}, by action: pick one to see each request in the log', requests.serviceUrl);
      const chosen = await p.prompts.pick(items, { placeHolder });
      if (chosen?.then === 'log') {
        p.log.show();
      } else if (chosen) {
        await vscode.commands.executeCommand(chosen.then);
      }
    },
  });
}
