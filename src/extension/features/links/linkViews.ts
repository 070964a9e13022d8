/**
 * What shows a linked file's state without a request: a decoration in the Explorer and on its tab,
 * a status bar item for the active editor's file, and the opt-in push on save. The state is what
 * is known (a push, a pull, Check Links), said with when the service's side was last seen.
 */
import * as vscode from 'vscode';
import { activity } from '../../../core/api/activity';
import { Command } from '../../commands/idsAndContextKeys';
import { settings } from '../../config';
import type { LinkState } from '../../../core/store/links/linkState';
import { relativeTime } from '../../ui/relativeTime';
import type { LinkedFile, Links } from './linkRegistry';
import { LinkScm } from './linkScm';

interface Look {
  badge: string;
  color?: string;
  /** The status bar's words. */
  short: string;
  /** What the state means, of the link to bin `bin` (its name, quoted, or its id). */
  says: (bin: string) => string;
  /** What the status bar item runs: the interactive form, which shows a failure. */
  command: string;
}

function lookOf(state: LinkState): Look {
  switch (state) {
    case 'same':
      return {
        badge: '=',
        short: vscode.l10n.t('Same as bin'),
        says: (bin) => vscode.l10n.t('Linked to bin {0}: the same as the bin.', bin),
        command: Command.explorerCompareWithBin,
      };
    case 'changedHere':
      return {
        badge: '↑',
        color: 'gitDecoration.modifiedResourceForeground',
        short: vscode.l10n.t('To push'),
        says: (bin) => vscode.l10n.t('Linked to bin {0}: changed here since the last push or pull.', bin),
        command: Command.explorerPushFile,
      };
    case 'changedThere':
      return {
        badge: '↓',
        color: 'gitDecoration.addedResourceForeground',
        short: vscode.l10n.t('To pull'),
        says: (bin) => vscode.l10n.t('Linked to bin {0}: changed on the service since the last push or pull.', bin),
        command: Command.explorerPullFile,
      };
    case 'changedBoth':
      return {
        badge: '↕',
        color: 'gitDecoration.conflictingResourceForeground',
        short: vscode.l10n.t('Changed on both sides'),
        says: (bin) => vscode.l10n.t('Linked to bin {0}: changed here and on the service.', bin),
        command: Command.explorerCompareWithBin,
      };
    case 'gone':
      return {
        badge: '!',
        color: 'list.errorForeground',
        short: vscode.l10n.t('Bin gone'),
        says: (bin) => vscode.l10n.t('Linked to bin {0}, which is gone or cannot be read.', bin),
        command: Command.checkLinks,
      };
    default:
      return {
        badge: '?',
        short: vscode.l10n.t('Not checked'),
        says: (bin) => vscode.l10n.t('Linked to bin {0}, not checked yet.', bin),
        command: Command.checkLinks,
      };
  }
}

/** What the state means, then when the service's side was last seen (a sentence of its own). */
function describe(links: Links, linked: LinkedFile, look: Look): string {
  const seenAt = links.memo(linked).seenAt;
  const says = look.says(links.binOf(linked));
  return seenAt === undefined ? says : `${says}\n${vscode.l10n.t('The bin was last read {0}.', relativeTime(new Date(seenAt), new Date()))}`;
}

export class LinkDecorations implements vscode.FileDecorationProvider {
  private readonly changes = new vscode.EventEmitter<vscode.Uri[]>();
  readonly onDidChangeFileDecorations = this.changes.event;

  constructor(private readonly links: Links) {}

  /** The files to decorate again; none named: all of them. */
  changed(uris: vscode.Uri[]): void {
    this.changes.fire(uris);
  }

  async provideFileDecoration(uri: vscode.Uri): Promise<vscode.FileDecoration | undefined> {
    if (uri.scheme === 'jsonbin' || !uri.path.toLowerCase().endsWith('.json')) {
      return undefined;
    }
    const linked = await this.links.find(uri);
    if (!linked) {
      return undefined;
    }
    const look = lookOf(await this.links.stateOf(linked));
    return new vscode.FileDecoration(look.badge, describe(this.links, linked, look), look.color ? new vscode.ThemeColor(look.color) : undefined);
  }

  dispose(): void {
    this.changes.dispose();
  }
}

export class LinkStatusItem implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('jsonbin.link', vscode.StatusBarAlignment.Left, 99);
  private shownFor: string | undefined;

  constructor(private readonly links: Links) {
    this.item.name = vscode.l10n.t('JSONBin Linked File');
  }

  /** Shows the active editor's file's link, hidden when it has none. */
  async update(): Promise<void> {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const linked = uri && (await this.links.find(uri));
    if (!linked) {
      this.shownFor = undefined;
      this.item.hide();
      return;
    }
    const look = lookOf(await this.links.stateOf(linked));
    this.item.text = `$(link) ${look.short}`;
    this.item.tooltip = describe(this.links, linked, look);
    this.item.command = { command: look.command, title: look.short, arguments: look.command === Command.checkLinks ? [] : [linked.uri] };
    this.shownFor = linked.uri.toString();
    this.item.show();
  }

  /** What the status bar shows, for tests. */
  get shown(): { visible: boolean; text: string; file?: string } {
    return { visible: this.shownFor !== undefined, text: this.item.text, file: this.shownFor };
  }

  dispose(): void {
    this.item.dispose();
  }
}

/**
 * Decorations, the status bar and the Source Control view follow the links' changes and the linked files' edits; a save of
 * a file whose link asks for it pushes it, as Push to Bin does (a refusal is shown, nothing sent).
 */
export interface LinkViews {
  disposables: vscode.Disposable[];
  status: LinkStatusItem;
  decorations: LinkDecorations;
  scm: LinkScm;
}

export function showLinks(links: Links): LinkViews {
  const decorations = new LinkDecorations(links);
  const status = new LinkStatusItem(links);
  const scm = new LinkScm(links);
  const refresh = (uris: vscode.Uri[]) => {
    decorations.changed(uris);
    void status.update();
    void scm.refresh();
  };
  const disposables = [
    decorations,
    status,
    scm,
    vscode.window.registerFileDecorationProvider(decorations),
    links.onDidChange((uris) => refresh(uris)),
    vscode.window.onDidChangeActiveTextEditor((editor) => {
      void status.update();
      void activity.track(checkOnFocus(links, editor?.document.uri));
    }),
    vscode.workspace.onDidChangeTextDocument(async (e) => {
      if (e.contentChanges.length > 0 && (await links.find(e.document.uri))) {
        refresh([e.document.uri]);
      }
    }),
    vscode.workspace.onDidSaveTextDocument(async (doc) => {
      const linked = await links.find(doc.uri);
      if (linked?.link.pushOnSave) {
        // The Explorer's form: it asks about a bin changed since and shows a refusal, as a push does.
        await vscode.commands.executeCommand(Command.explorerPushFile, doc.uri);
      }
    }),
  ];
  void status.update();
  void scm.refresh();
  return { disposables, status, decorations, scm };
}

/**
 * The opt-in check on focus (`jsonbin.checkForChanges.onFocusAfterMinutes`), as bin tabs have it:
 * a linked file made active that long after its bin was last seen reads the bin once.
 */
async function checkOnFocus(links: Links, uri: vscode.Uri | undefined): Promise<void> {
  const afterMs = settings.checkForChangesAfterMs();
  const linked = uri && afterMs > 0 ? await links.find(uri) : undefined;
  if (linked && Date.now() - (links.memo(linked).seenAt ?? 0) >= afterMs) {
    // A bin that cannot be read is remembered as such by the check; nothing else is worth a message here.
    await vscode.commands.executeCommand(Command.checkLinks, { files: [linked.uri] }).then(undefined, () => undefined);
  }
}
