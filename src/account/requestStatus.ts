/**
 * The requests sent in the status bar: this window's count, today's in the tooltip with the
 * breakdown by action, and a warning with the way out once the service said the allowance is
 * exhausted.
 */
import * as vscode from 'vscode';
import { describeActions } from '../api';
import { Command } from '../commands/ids';
import type { Connection } from './connection';

export class RequestStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('jsonbin.requests', vscode.StatusBarAlignment.Left, 99);
  private readonly subscriptions: vscode.Disposable[];

  /** What the item shows. */
  text = '';
  tooltip = '';
  /** True while requests are held back after "Requests exhausted". */
  exhausted = false;

  constructor(private readonly connection: Connection) {
    this.item.name = 'JSONBin Requests';
    this.subscriptions = [this.item, connection.onDidCount(() => this.update())];
    this.update();
    this.item.show();
  }

  /** What clicking the item runs. */
  get command(): vscode.Command | undefined {
    return this.item.command as vscode.Command | undefined;
  }

  private update(): void {
    const requests = this.connection.requests;
    const held = requests.exhausted;
    this.exhausted = held !== undefined;
    this.text = `$(${held ? 'warning' : 'cloud'}) ${requests.window.total}`;
    const lines = [
      `JSONBin requests: ${requests.window.total} in this window, ${requests.day.total} today (${requests.serviceUrl})`,
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
  }

  dispose(): void {
    for (const s of this.subscriptions) {
      s.dispose();
    }
  }
}
