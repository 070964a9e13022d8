/**
 * Sharing a bin outside the editor: its public URL, its dashboard page, and snippets that read it.
 * They cost no request when the bin's privacy is known (listed, remembered, opened), one read
 * otherwise; only making a private bin public sends anything more. The key is never in what they copy.
 */
import * as vscode from 'vscode';
import { curlSnippet, dashboardUrl, fetchSnippet, isHostedService, publicUrl } from '../../../core/api/share';
import type { BinNode } from '../tree/nodes';
import { inform, notice } from '../../ui/feedback';
import { activeOrAskedBin, labelOf, rowBin, tabBin, type BinTarget } from '../binTarget';
import { Command } from '../../commands/idsAndContextKeys';
import type { Parts } from '../parts';
import type { ViewParts } from '../tree/binsView';
import { confirm } from '../../ui/prompts';
import { register, required, type Handler, type PaletteId, type RowId, type TabId } from '../commandForms';

/** Where a bin's privacy may be known already. */
type PrivacyParts = Pick<Parts, 'bins' | 'remembered'> & Pick<ViewParts, 'tree'>;

export interface CopyPublicUrlOptions {
  /** Make a private bin public first; without it a private bin is refused. */
  makePublic?: boolean;
}

export function shareCommands(p: PrivacyParts & Pick<Parts, 'account' | 'connection' | 'openExternal' | 'prompts' | 'writes'>): Handler[] {
  const ui = p.prompts;
  const bin = async (target: BinTarget): Promise<[string]> => [target.id];
  const fromRow = async (node: BinNode): Promise<[string]> => [node.id];
  const fromTab = async (uri: vscode.Uri): Promise<[string]> => [tabBin(uri).id];

  /** The interactive forms offer to make a private bin public: never silently. */
  const askPublic = async (target: BinTarget): Promise<[string, CopyPublicUrlOptions]> => {
    if (await isPrivate(p, target.id)) {
      await confirm(
        ui,
        vscode.l10n.t('{0} is private: make it public?', labelOf(target)),
        vscode.l10n.t('Its public URL reads it without a key only once it is public: anyone with the URL can then read it.'),
        vscode.l10n.t('Make Public and Copy URL'),
      );
      return [target.id, { makePublic: true }];
    }
    return [target.id, {}];
  };

  const snippet = (command: PaletteId, row: RowId, tab: TabId, build: typeof fetchSnippet, what: string) =>
    register(
      command,
      {
        run: async (binId: string) => {
          required(binId, 'a bin id', command);
          // A private bin's snippet reads the key from the environment; a public one sends none.
          const text = build(p.connection.baseUrl, binId, (await isPrivate(p, binId)) ? p.account.keyKind : undefined);
          await vscode.env.clipboard.writeText(text);
          return text;
        },
        ask: async () => bin(await activeOrAskedBin(ui, p.account.id)),
        show: () =>
          vscode.window.setStatusBarMessage(notice(vscode.l10n.t({ message: 'copied the {0} snippet', args: [what], comment: ['{0}: fetch or curl'] })), 3000),
      },
      { row: [row, fromRow], tab: [tab, fromTab] },
    );

  return [
    ...register(
      Command.copyPublicUrl,
      {
        run: async (id: string, options: CopyPublicUrlOptions = {}) => {
          required(id, 'a bin id', Command.copyPublicUrl);
          if (await isPrivate(p, id)) {
            if (options?.makePublic !== true) {
              throw new Error(vscode.l10n.t('Bin {0} is private: its public URL would not read it. Pass { makePublic: true } to make it public first', id));
            }
            await p.writes.setPrivacy(id, false);
          }
          const url = publicUrl(p.connection.baseUrl, id);
          await vscode.env.clipboard.writeText(url);
          return url;
        },
        ask: async () => askPublic(await activeOrAskedBin(ui, p.account.id)),
        show: (url, [, options]) =>
          options?.makePublic
            ? inform(vscode.l10n.t('the bin is now public; copied {0}', url))
            : vscode.window.setStatusBarMessage(notice(vscode.l10n.t('copied {0}', url)), 3000),
      },
      {
        row: [Command.rowCopyPublicUrl, (node: BinNode) => askPublic(rowBin(node))],
        tab: [Command.tabCopyPublicUrl, (uri: vscode.Uri) => askPublic(tabBin(uri))],
      },
    ),

    ...register(
      Command.openInDashboard,
      {
        run: async (id: string) => {
          required(id, 'a bin id', Command.openInDashboard);
          if (!isHostedService(p.connection.baseUrl)) {
            throw new Error(
              vscode.l10n.t('The jsonbin.io dashboard shows only the bins of the hosted service (https://api.jsonbin.io/v3), not of {0}', p.connection.baseUrl),
            );
          }
          await p.openExternal(vscode.Uri.parse(dashboardUrl(id)));
        },
        ask: async () => bin(await activeOrAskedBin(ui, p.account.id)),
      },
      { row: [Command.rowOpenInDashboard, fromRow], tab: [Command.tabOpenInDashboard, fromTab] },
    ),

    ...snippet(Command.copyFetchSnippet, Command.rowCopyFetchSnippet, Command.tabCopyFetchSnippet, fetchSnippet, 'fetch'),
    ...snippet(Command.copyCurlSnippet, Command.rowCopyCurlSnippet, Command.tabCopyCurlSnippet, curlSnippet, 'curl'),
  ];
}

/**
 * Whether a bin is private, from what a listing, the remembered bins or a read already said; one
 * read when nothing did (an open of the bin from the view right after is served from it).
 */
async function isPrivate(p: PrivacyParts, id: string): Promise<boolean> {
  const known = p.bins.known({ kind: 'bin', id })?.private ?? p.tree.listed(id)?.private ?? p.remembered.get(id)?.private;
  return known ?? (await p.bins.fetch({ kind: 'bin', id })).private !== false;
}
