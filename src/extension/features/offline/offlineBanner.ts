/**
 * A tab showing an offline copy says so at its top (a CodeLens: when it was kept, and Retry), and a
 * warning says it once while the service cannot be asked. Loaded with the first offline copy shown;
 * what it shares with the activation bundle its loader gives it, so that bundle's chunks stay as they are.
 */
import * as vscode from 'vscode';
import type { OfflineCopyServed } from './offlineCopyStore';

export interface BannerParts {
  /** Whether a document shows an offline copy. */
  isShown(doc: string): boolean;
  /** Fires when documents read their record again. */
  onDidChange(listener: () => void): vscode.Disposable;
  /** The `jsonbin:` scheme. */
  scheme: string;
  /** The Retry Offline Bins command. */
  retry: string;
  plainText: (text: string) => string;
  /** A notification's text, as the extension words them. */
  notice: (text: string) => string;
}

export class OfflineBanner implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  /** The tabs showing a kept copy, and when it was kept, by Uri string. */
  private readonly keptAt = new Map<string, { uri: vscode.Uri; at: number }>();
  private warned = false;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly p: BannerParts) {
    this.subscriptions = [
      vscode.languages.registerCodeLensProvider({ scheme: p.scheme }, this),
      // A tab that read the service's record again loses its banner.
      p.onDidChange(() => this.update()),
      this.changed,
    ];
  }

  served(e: OfflineCopyServed): void {
    this.keptAt.set(e.uri.toString(), { uri: e.uri, at: e.keptAt });
    this.changed.fire();
    if (!this.warned) {
      this.warned = true;
      const title = e.uri.path.slice(e.uri.path.lastIndexOf('/') + 1);
      const message = vscode.l10n.t({
        message: '{0}. {1} shows the copy kept {2}, read-only until the service answers.',
        args: [e.reason, this.p.plainText(title), ago(e.keptAt)],
        comment: ['{0}: why the service\'s record could not be read; {1}: the tab\'s title; {2}: when, as "5 minutes ago" or "on 3/4/2026"'],
      });
      const retry = vscode.l10n.t('Retry');
      void vscode.window.showWarningMessage(this.p.notice(message), retry).then((choice) => {
        if (choice === retry) {
          void vscode.commands.executeCommand(this.p.retry);
        }
      });
    }
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const at = this.keptAt.get(document.uri.toString())?.at;
    if (at === undefined || !this.p.isShown(document.uri.toString())) {
      return [];
    }
    const top = new vscode.Range(0, 0, 0, 0);
    return [
      new vscode.CodeLens(top, {
        title: vscode.l10n.t({
          message: '$(cloud-offline) Offline copy kept {0}: read-only until the service answers',
          args: [ago(at)],
          comment: ['{0}: when, as "5 minutes ago" or "on 3/4/2026"'],
        }),
        command: '',
      }),
      new vscode.CodeLens(top, { title: vscode.l10n.t('Retry'), command: this.p.retry, tooltip: vscode.l10n.t('Read this bin from the service again') }),
    ];
  }

  private update(): void {
    for (const [key, { uri }] of this.keptAt) {
      if (!this.p.isShown(uri.toString())) {
        this.keptAt.delete(key);
      }
    }
    // Back online: the next spell offline warns again.
    this.warned &&= this.keptAt.size > 0;
    this.changed.fire();
  }

  dispose(): void {
    for (const s of this.subscriptions) {
      s.dispose();
    }
  }
}

/** "5 minutes ago", or the date for anything older than a week. */
function ago(at: number): string {
  const minutes = Math.round((Date.now() - at) / 60_000);
  if (minutes < 1) {
    return vscode.l10n.t('just now');
  }
  if (minutes < 60) {
    return minutes === 1 ? vscode.l10n.t('1 minute ago') : vscode.l10n.t('{0} minutes ago', minutes);
  }
  if (minutes < 48 * 60) {
    const hours = Math.round(minutes / 60);
    return hours === 1 ? vscode.l10n.t('1 hour ago') : vscode.l10n.t('{0} hours ago', hours);
  }
  // Two days at least, here.
  const days = Math.round(minutes / 1440);
  return days <= 7 ? vscode.l10n.t('{0} days ago', days) : vscode.l10n.t('on {0}', new Date(at).toLocaleDateString());
}
