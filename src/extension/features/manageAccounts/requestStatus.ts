/**
 * The requests sent in the status bar: this window's count, the breakdown by action for this
 * window and today in the tooltip and on a click (Show Requests Sent), and a warning with the way
 * out once the service said the allowance is exhausted.
 */
import * as vscode from 'vscode';
import { breakdown, timeOf } from '../../../core/api/allowance';
import { Command } from '../../commands/idsAndContextKeys';
import type { Accounts, AccountPartsBase } from '../../accounts/accounts';
import type { Connection } from '../../accounts/connection';

/** A count of requests in this window and today, as the tooltip and the breakdown say it. */
export function countedBoth(window: number, today: number): string {
  return vscode.l10n.t('{0} in this window, {1} today', window, today);
}

/** Why requests are held back: the service's words. */
export function serviceSaid(said: string): string {
  return vscode.l10n.t('The service said: {0}', said);
}

/** The item's count: of the active account, named when there are several. */
function countOf(total: number, account: string | undefined): string {
  if (account === undefined) {
    return total === 1 ? vscode.l10n.t('1 request') : vscode.l10n.t('{0} requests', total);
  }
  return total === 1 ? vscode.l10n.t('{0}: 1 request', account) : vscode.l10n.t('{0}: {1} requests', account, total);
}

/** Text as Markdown shows it as written. */
function escaped(text: string): string {
  return new vscode.MarkdownString().appendText(text).value;
}

const DRAW_EVERY_MS = 100;

export class RequestStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('jsonbin.requests', vscode.StatusBarAlignment.Left, 99);
  private readonly subscriptions: vscode.Disposable[];

  private shown = { text: '', tooltip: '', exhausted: false };
  /** A count changed since the item was last drawn: it is drawn once per burst of requests, not per request. */
  private pending?: ReturnType<typeof setTimeout>;

  /** What the item shows. */
  get text(): string {
    return this.drawn().text;
  }

  /** The tooltip as plain text (the item shows it as a table). */
  get tooltip(): string {
    return this.drawn().tooltip;
  }

  /** True while requests are held back after "Requests exhausted". */
  get exhausted(): boolean {
    return this.drawn().exhausted;
  }

  /** Follows the active account: its requests are the ones shown. */
  constructor(private readonly accounts: Accounts<AccountPartsBase & { connection: Connection }>) {
    this.item.name = vscode.l10n.t('JSONBin Requests');
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
    this.drawn();
    return this.item.command as vscode.Command | undefined;
  }

  /**
   * Each request counted asks for the item again: a table's first rows are a dozen reads at once,
   * and drawing the breakdown per answer held their answers up. It is drawn at most every 100 ms.
   */
  private update(): void {
    this.pending ??= setTimeout(() => this.draw(), DRAW_EVERY_MS);
  }

  /** The item as it is now: drawn first when a count changed since. */
  private drawn(): typeof this.shown {
    if (this.pending !== undefined) {
      this.draw();
    }
    return this.shown;
  }

  private draw(): void {
    clearTimeout(this.pending);
    this.pending = undefined;
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
    const exhausted = held !== undefined;
    // With several accounts the item names the active one (its breakdown, on a click, offers to switch).
    const account = this.accounts.all().length > 1 ? connection.account.name : undefined;
    const count = countOf(window.total, account);
    const text = held ? vscode.l10n.t('$(warning) {0} (exhausted at {1})', count, since ?? '') : `$(cloud) ${count}`;
    const rows = breakdown(window, day);
    const heading = [
      vscode.l10n.t('JSONBin requests: {0} ({1})', countedBoth(window.total, day.total), requests.serviceUrl),
      ...(account ? [vscode.l10n.t('Account: {0}', account)] : []),
    ];
    const warning = held && [
      serviceSaid(held),
      vscode.l10n.t('Said at {0}; the service gives no time at which the allowance renews.', since ?? ''),
      vscode.l10n.t('Requests are not sent until you retry (click here, then Retry Requests).'),
    ];
    const tooltip = [
      ...(warning ? [...warning, ''] : []),
      ...heading,
      ...rows.map((r) => vscode.l10n.t('{0}: {1}', r.name, countedBoth(r.window, r.today))),
    ].join('\n');

    const markdown = new vscode.MarkdownString('', true);
    if (warning) {
      markdown.appendMarkdown('$(warning) ').appendText(warning.join('\n')).appendMarkdown('\n\n---\n\n');
    }
    const service = account ? vscode.l10n.t('{0} ({1})', requests.serviceUrl, account) : requests.serviceUrl;
    markdown
      .appendMarkdown(vscode.l10n.t({ message: '**JSONBin requests** to {0}', args: [escaped(service)], comment: ['Markdown'] }))
      .appendMarkdown(`\n\n| ${vscode.l10n.t('Action')} | ${vscode.l10n.t('This window')} | ${vscode.l10n.t('Today')} |\n|:--|--:|--:|\n`);
    for (const r of rows) {
      markdown.appendMarkdown(`| ${r.name} | ${r.window} | ${r.today} |\n`);
    }
    markdown.appendMarkdown(`| **${vscode.l10n.t('All')}** | **${window.total}** | **${day.total}** |\n`);
    this.shown = { text, tooltip, exhausted };
    this.item.text = text;
    this.item.tooltip = markdown;
    this.item.backgroundColor = held ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    // The breakdown offers the way out: Retry Requests while held back, Switch Account… with several accounts.
    this.item.command = { title: vscode.l10n.t('Show Requests Sent'), command: Command.showRequests };
    this.item.show();
  }

  dispose(): void {
    clearTimeout(this.pending);
    for (const s of this.subscriptions) {
      s.dispose();
    }
  }
}
