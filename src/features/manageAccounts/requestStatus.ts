/**
 * The requests sent in the status bar: this window's count, the breakdown by action for this
 * window and today in the tooltip and on a click (Show Requests Sent), and a warning with the way
 * out once the service said the allowance is exhausted.
 */
import * as vscode from 'vscode';
import { breakdown, timeOf } from '../../api/allowance';
import { Command } from '../../commands/ids';
import type { Accounts, AccountPartsBase } from '../../accounts/accounts';
import type { Connection } from '../../accounts/connection';
import { plural } from '../../ui/plural';

export class RequestStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('jsonbin.requests', vscode.StatusBarAlignment.Left, 99);
  private readonly subscriptions: vscode.Disposable[];

  /** What the item shows. */
  text = '';
  /** The tooltip as plain text (the item shows it as a table). */
  tooltip = '';
  /** True while requests are held back after "Requests exhausted". */
  exhausted = false;

  /** Follows the active account: its requests are the ones shown. */
  constructor(private readonly accounts: Accounts<AccountPartsBase & { connection: Connection }>) {
    this.item.name = 'JSONBin Requests';
    this.subscriptions = [this.item, accounts.onDidChange(() => this.update())];
    // An account's parts come with its count: shown as soon as the active one's are made.
    accounts.followParts(({ connection }) => {
      const counting = connection.onDidCount(() => this.update());
      this.update();
      return [counting];
    });
    this.update();
  }

  /** What clicking the item runs. */
  get command(): vscode.Command | undefined {
    return this.item.command as vscode.Command | undefined;
  }

  private update(): void {
    const connection = this.accounts.madeFor(this.accounts.active.id)?.connection;
    if (!connection) {
      // The item follows the active account: its parts come with today's count.
      void this.accounts.activeParts();
      return;
    }
    const requests = connection.requests;
    const held = requests.exhausted;
    const { window, day } = requests;
    const since = requests.exhaustedAt && timeOf(requests.exhaustedAt, new Date());
    this.exhausted = held !== undefined;
    // With several accounts the item names the active one (its breakdown, on a click, offers to switch).
    const account = this.accounts.all().length > 1 ? connection.account.name : undefined;
    const count = `${account ? `${account}: ` : ''}${plural(window.total, 'request')}`;
    this.text = held ? `$(warning) ${count} (exhausted at ${since})` : `$(cloud) ${count}`;
    const rows = breakdown(window, day);
    const heading = `JSONBin requests: ${window.total} in this window, ${day.total} today (${requests.serviceUrl})${account ? `\nAccount: ${account}` : ''}`;
    const warning = held && [
      `The service said: ${held}`,
      `Said at ${since}; the service gives no time at which the allowance renews.`,
      'Requests are not sent until you retry (click here, then Retry Requests).',
    ];
    this.tooltip = [...(warning ? [...warning, ''] : []), heading, ...rows.map((r) => `${r.name}: ${r.window} in this window, ${r.today} today`)].join('\n');

    const markdown = new vscode.MarkdownString('', true);
    if (warning) {
      markdown.appendMarkdown('$(warning) ').appendText(warning.join('\n')).appendMarkdown('\n\n---\n\n');
    }
    markdown
      .appendMarkdown('**JSONBin requests** to ')
      .appendText(account ? `${requests.serviceUrl} (${account})` : requests.serviceUrl)
      .appendMarkdown('\n\n| Action | This window | Today |\n|:--|--:|--:|\n');
    for (const r of rows) {
      markdown.appendMarkdown(`| ${r.name} | ${r.window} | ${r.today} |\n`);
    }
    markdown.appendMarkdown(`| **All** | **${window.total}** | **${day.total}** |\n`);
    this.item.text = this.text;
    this.item.tooltip = markdown;
    this.item.backgroundColor = held ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    // The breakdown offers the way out: Retry Requests while held back, Switch Account… with several accounts.
    this.item.command = { title: 'Show Requests Sent', command: Command.showRequests };
    this.item.show();
  }

  dispose(): void {
    for (const s of this.subscriptions) {
      s.dispose();
    }
  }
}
