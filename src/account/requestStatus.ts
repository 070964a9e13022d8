/**
 * The requests sent in the status bar: this window's count, today's in the tooltip with the
 * breakdown by action, and a warning with the way out once the service said the allowance is
 * exhausted.
 */
import * as vscode from 'vscode';
import { describeActions } from '../api';
import { Command } from '../commands/ids';
import type { Accounts, AccountPartsBase } from './accounts';
import type { Connection } from './connection';

export class RequestStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('jsonbin.requests', vscode.StatusBarAlignment.Left, 99);
  private readonly subscriptions: vscode.Disposable[];

  /** What the item shows. */
  text = '';
  tooltip = '';
  /** True while requests are held back after "Requests exhausted". */
  exhausted = false;

  /** Follows the active account: its requests are the ones shown. */
  constructor(private readonly accounts: Accounts<AccountPartsBase & { connection: Connection }>) {
    this.item.name = 'JSONBin Requests';
    const follow = ({ connection }: { connection: Connection }) => connection.onDidCount(() => this.update());
    this.subscriptions = [
      this.item,
      accounts.onDidChange(() => this.update()),
      accounts.onDidMakeParts((parts) => {
        this.subscriptions.push(follow(parts));
        this.update();
      }),
      ...accounts.allMade().map(follow),
    ];
    this.update();
  }

  /** What clicking the item runs. */
  get command(): vscode.Command | undefined {
    return this.item.command as vscode.Command | undefined;
  }

  private update(): void {
    const connection = this.accounts.madeFor(this.accounts.active.id)?.connection;
    if (!connection) {
      // Its parts load after activation; they come with today's count.
      void this.accounts.activeParts();
      return;
    }
    const requests = connection.requests;
    const held = requests.exhausted;
    this.exhausted = held !== undefined;
    this.text = `$(${held ? 'warning' : 'cloud'}) ${requests.window.total}`;
    const lines = [
      `JSONBin requests: ${requests.window.total} in this window, ${requests.day.total} today (${requests.serviceUrl})`,
      ...(this.accounts.all().length > 1 ? [`Account: ${connection.account.name}`] : []),
      ...describeActions(requests.window),
    ];
    if (held) {
      lines.unshift(`The service said: ${held}`, 'Requests are not sent until you retry (click here).', '');
    }
    this.tooltip = lines.join('\n');
    this.item.text = this.text;
    this.item.tooltip = this.tooltip;
    this.item.backgroundColor = held ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.command = held ? { title: 'Retry Requests', command: Command.retryRequests } : undefined;
    this.item.show();
  }

  dispose(): void {
    for (const s of this.subscriptions) {
      s.dispose();
    }
  }
}
