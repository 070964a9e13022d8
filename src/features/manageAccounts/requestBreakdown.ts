/**
 * Show Requests Sent (the status bar's count, clicked): the active account's requests by action,
 * in this window and today, with the ways out that apply: Retry Requests while requests are held
 * back, Switch Account… when there are several.
 */
import * as vscode from 'vscode';
import { breakdown, type ActionCount } from '../../api';
import { Command, type CommandId } from '../../commands/ids';
import { register, type Handler } from '../../commands/register';
import type { Parts } from '../parts';

/** What the command returns: the counts it shows. */
export interface RequestBreakdown {
  window: number;
  today: number;
  byAction: ActionCount[];
}

type Item = vscode.QuickPickItem & { then?: CommandId };

export function requestBreakdownCommands(p: Pick<Parts, 'account' | 'accounts' | 'connection' | 'prompts'>): Handler[] {
  return register(Command.showRequests, {
    run: async (): Promise<RequestBreakdown> => {
      const { window, day } = p.connection.requests;
      return { window: window.total, today: day.total, byAction: breakdown(window, day) };
    },
    ask: async () => [],
    show: async (counts) => {
      const requests = p.connection.requests;
      const counted = (window: number, today: number) => `${window} in this window, ${today} today`;
      const items: Item[] = [
        ...(requests.exhausted !== undefined
          ? [{ label: '$(debug-restart) Retry Requests', detail: `The service said: ${requests.exhausted}`, then: Command.retryRequests }]
          : []),
        ...(p.accounts.all().length > 1 ? [{ label: '$(arrow-swap) Switch Account…', then: Command.switchAccount }] : []),
        ...counts.byAction.map((r) => ({ label: r.name, description: counted(r.window, r.today) })),
        { label: 'All', description: counted(counts.window, counts.today) },
      ];
      const account = p.accounts.all().length > 1 ? ` (${p.account.name})` : '';
      const chosen = await p.prompts.pick(items, { placeHolder: `JSONBin requests to ${requests.serviceUrl}${account}, by action` });
      if (chosen?.then) {
        await vscode.commands.executeCommand(chosen.then);
      }
    },
  });
}
