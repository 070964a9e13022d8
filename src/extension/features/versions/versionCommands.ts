/** Commands that open a version of a bin, alone or beside the current record, and restore one. */
import * as vscode from 'vscode';
import { BinServiceError } from '../../../core/api';
import { binUri, parseUri } from '../../fs/uris';
import type { BinNode } from '../tree/nodes';
import { inform } from '../../ui/feedback';
import { cancelIfUndefined } from '../../commands/args';
import { activeOrAskedBin, labelOf, rowBin, tabBin, uriFor, type BinTarget } from '../binTarget';
import { Command } from '../../commands/idsAndContextKeys';
import type { Parts } from '../parts';
import { needs, register, required, type Handler } from '../commandForms';
import { INTERACTIVE, restoreVersion, versionTitle } from './restoreVersion';

export function versionCommands(p: Pick<Parts, 'account' | 'bins' | 'connection' | 'prompts' | 'snapshots' | 'writes'>): Handler[] {
  const withVersion = async (target: BinTarget): Promise<[string, number, string?]> => [target.id, await pickVersion(p, target.id), target.name];
  /** Palette: the version of the active tab, else a version of the active or asked bin. */
  const askRestore = async (): Promise<[string, number, typeof INTERACTIVE]> => {
    const active = vscode.window.activeTextEditor && parseUri(vscode.window.activeTextEditor.document.uri, p.account.id);
    if (active?.kind === 'bin' && active.version !== undefined) {
      return [active.id, active.version, INTERACTIVE];
    }
    const target = await activeOrAskedBin(p.prompts, p.account.id);
    return [target.id, await pickVersion(p, target.id), INTERACTIVE];
  };
  const check = (command: typeof Command.openVersion | typeof Command.compareWithVersion | typeof Command.restoreVersion, id: string, version: number) => {
    required(id, 'a bin id', command);
    if (!Number.isInteger(version) || version < 0) {
      throw new Error(needs(command, 'a version: an integer, 0 for the base record'));
    }
  };
  return [
    ...register(
      Command.openVersion,
      {
        run: async (id: string, version: number, name?: string) => {
          check(Command.openVersion, id, version);
          const uri = binUri(id, versionTitle(name ?? id, version), version, p.account.id);
          await vscode.window.showTextDocument(uri, { preview: true });
          return uri;
        },
        ask: async () => withVersion(await activeOrAskedBin(p.prompts, p.account.id)),
      },
      {
        row: [Command.rowOpenVersion, (node: BinNode) => withVersion(rowBin(node))],
        tab: [Command.tabOpenVersion, (uri: vscode.Uri) => withVersion(tabBin(uri))],
      },
    ),

    ...register(
      Command.compareWithVersion,
      {
        run: async (id: string, version: number, name?: string) => {
          check(Command.compareWithVersion, id, version);
          const current = await uriFor(p, id, name);
          const old = binUri(id, versionTitle(name ?? id, version), version, p.account.id);
          await vscode.commands.executeCommand('vscode.diff', old, current, vscode.l10n.t('{0}: version {1} ↔ current', labelOf({ id, name }), version));
          return old;
        },
        ask: async () => withVersion(await activeOrAskedBin(p.prompts, p.account.id)),
      },
      {
        row: [Command.rowCompareWithVersion, (node: BinNode) => withVersion(rowBin(node))],
        tab: [Command.tabCompareWithVersion, (uri: vscode.Uri) => withVersion(tabBin(uri))],
      },
    ),

    ...register(
      Command.restoreVersion,
      {
        // The interactive forms pass INTERACTIVE: they show the diff, confirm, and ask about a conflict.
        run: async (id: string, version: number, how?: typeof INTERACTIVE) => {
          check(Command.restoreVersion, id, version);
          return restoreVersion(p, id, version, how === INTERACTIVE);
        },
        ask: askRestore,
        show: (result, [id, version]) =>
          inform(
            result.alreadyLatest
              ? vscode.l10n.t('version {0} of bin {1} is already its latest record: nothing was sent.', version, id)
              : vscode.l10n.t('version {0} of bin {1} is its latest record again.', version, id),
          ),
      },
      {
        tab: [
          Command.tabRestoreVersion,
          async (uri: vscode.Uri): Promise<[string, number, typeof INTERACTIVE]> => {
            const resource = parseUri(uri);
            if (resource?.kind !== 'bin' || resource.version === undefined) {
              throw new Error(vscode.l10n.t('Not a version of a bin: {0}', uri.toString()));
            }
            return [resource.id, resource.version, INTERACTIVE];
          },
        ],
      },
    ),
  ];
}

/** One request tells how many versions there are; the user picks one. */
async function pickVersion(p: Pick<Parts, 'connection' | 'prompts'>, id: string): Promise<number> {
  let versionCount: number;
  try {
    ({ versionCount } = await p.connection.client.versionCount(id));
  } catch (error) {
    if (error instanceof BinServiceError && error.kind === 'unsupported') {
      // A service with only the contract's routes cannot count versions: the user names one.
      return askVersionNumber(p);
    }
    throw error;
  }
  if (versionCount === 0) {
    throw new Error(vscode.l10n.t('This bin has no versions: turn versioning on and save to make one'));
  }
  const items = Array.from({ length: versionCount + 1 }, (_, i) => versionCount - i).map((n) => ({
    label: n === 0 ? vscode.l10n.t('Base record') : vscode.l10n.t('Version {0}', n),
    description: n === versionCount ? vscode.l10n.t('latest') : undefined,
    n,
  }));
  return cancelIfUndefined(await p.prompts.pick(items, { placeHolder: vscode.l10n.t('Version') })).n;
}

async function askVersionNumber(p: Pick<Parts, 'prompts'>): Promise<number> {
  const answer = await p.prompts.input({
    prompt: vscode.l10n.t('This service does not say how many versions a bin has: the version number to open (0 is the base record)'),
    ignoreFocusOut: true,
    validateInput: (text) => (/^\d+$/.test(text.trim()) ? undefined : vscode.l10n.t('A whole number, 0 for the base record')),
  });
  return Number(cancelIfUndefined(answer).trim());
}
