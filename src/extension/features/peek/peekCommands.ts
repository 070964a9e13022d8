/**
 * Commands that open a part of a bin's latest record in a read-only tab, with one request: the
 * record alone (`X-Bin-Meta: false`), or what a JSONPath selects in it (`X-JSON-Path`).
 */
import * as vscode from 'vscode';
import { nameProblem } from '../../../core/api';
import { MAX_JSON_PATH } from '../../../core/api/partialReads';
import { resourceKey, type Resource } from '../../../core/store/resource';
import { binUri, parseUri } from '../../fs/uris';
import type { BinNode } from '../tree/nodes';
import { cancelIfUndefined } from '../../commands/args';
import { activeOrAskedBin, labelOf, rowBin, tabBin, type BinTarget } from '../binTarget';
import { Command } from '../../commands/idsAndContextKeys';
import type { Parts } from '../parts';
import { needs, register, required, type Handler } from '../commandForms';

export function peekCommands(p: Pick<Parts, 'account' | 'bins' | 'prompts'>): Handler[] {
  let lastPath = '$';
  const askPath = async (target: BinTarget): Promise<[string, string, string?]> => {
    const path = cancelIfUndefined(
      await p.prompts.input({
        prompt: vscode.l10n.t('JSONPath to select in {0}, such as $.users[0].name or $..name', labelOf(target)),
        value: lastPath,
        ignoreFocusOut: true,
        validateInput: (text) => nameProblem(text, MAX_JSON_PATH, vscode.l10n.t('The path')),
      }),
    ).trim();
    lastPath = path;
    return [target.id, path, target.name];
  };
  const withName = async (target: BinTarget): Promise<[string, string?]> => [target.id, target.name];

  return [
    ...register(
      Command.openJsonPath,
      {
        run: (id: string, path: string, name?: string) => {
          required(id, 'a bin id and a JSONPath', Command.openJsonPath);
          if (typeof path !== 'string') {
            throw new Error(needs(Command.openJsonPath, 'a JSONPath (a string, such as $.users[0].name)'));
          }
          return open(p, { kind: 'peek', id, jsonPath: path }, name);
        },
        ask: async () => askPath(await activeOrAskedBin(p.prompts, p.account.id)),
      },
      {
        row: [Command.rowOpenJsonPath, (node: BinNode) => askPath(rowBin(node))],
        tab: [Command.tabOpenJsonPath, (uri: vscode.Uri) => askPath(tabTarget(uri))],
      },
    ),

    ...register(
      Command.openRecordOnly,
      {
        run: (id: string, name?: string) => open(p, { kind: 'peek', id: required(id, 'a bin id', Command.openRecordOnly) }, name),
        ask: async () => withName(await activeOrAskedBin(p.prompts, p.account.id)),
      },
      {
        row: [Command.rowOpenRecordOnly, (node: BinNode) => withName(rowBin(node))],
        tab: [Command.tabOpenRecordOnly, (uri: vscode.Uri) => withName(tabTarget(uri))],
      },
    ),
  ];
}

/**
 * A tab of the same part is shown again as it is; otherwise one read titles the tab and serves its
 * opening, so that a path the service refuses fails here, before any tab.
 */
async function open(p: Pick<Parts, 'account' | 'bins'>, part: Resource & { kind: 'peek' }, name?: string): Promise<vscode.Uri> {
  const key = resourceKey(part);
  let uri = vscode.window.tabGroups.all
    .flatMap((g) => g.tabs)
    .map((t) => (t.input instanceof vscode.TabInputText ? t.input.uri : undefined))
    .find((u) => {
      const shown = u && parseUri(u, p.account.id);
      return shown !== undefined && resourceKey(shown) === key;
    });
  if (!uri) {
    const entry = await p.bins.fetch(part);
    const label = name ?? entry.name ?? part.id;
    const title = part.jsonPath === undefined ? vscode.l10n.t('{0} (record only)', label) : vscode.l10n.t('{0} at {1}', label, part.jsonPath);
    uri = binUri(part.id, title, { jsonPath: part.jsonPath }, p.account.id);
  }
  await vscode.window.showTextDocument(uri, { preview: true });
  return uri;
}

/** A bin's tab: its id, and its title, which is the bin's name when it has one. */
function tabTarget(uri: vscode.Uri): BinTarget {
  const title = uri.path.slice(uri.path.lastIndexOf('/') + 1).replace(/\.json$/, '');
  const { id } = tabBin(uri);
  return { id, name: title === id ? undefined : title };
}
