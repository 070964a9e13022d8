/** Commands that change a bin without changing its record: name, privacy, versioning, versions. */
import * as vscode from 'vscode';
import { BinServiceError } from '../../../core/api';
import { inform, withProgress } from '../../ui/feedback';
import { activeOrAskedBin, labelOf, openDocumentsOf, rowBin, type BinTarget } from '../binTarget';
import { Command } from '../../commands/idsAndContextKeys';
import { retitleTabs } from './openTabs';
import type { Parts } from '../parts';
import { askRequiredName, confirm, pickBoolean } from '../../ui/prompts';
import { register, required, type Handler } from '../commandForms';
import type { BinNode } from '../tree/nodes';

export function binStateCommands(p: Pick<Parts, 'account' | 'bins' | 'connection' | 'prompts' | 'writes'>): Handler[] {
  const ui = p.prompts;
  const askRename = async (target: BinTarget): Promise<[string, string]> => [
    target.id,
    await askRequiredName(ui, vscode.l10n.t('New name of the bin'), undefined, target.name),
  ];
  const askPrivacy = async (target: BinTarget): Promise<[string, boolean]> => [
    target.id,
    await pickBoolean(
      ui,
      vscode.l10n.t('Privacy of {0}', labelOf(target)),
      vscode.l10n.t('Private: only the key reads it'),
      vscode.l10n.t('Public: anyone with the id reads it'),
    ),
  ];
  const askVersioning = async (target: BinTarget): Promise<[string, boolean]> => [
    target.id,
    await pickBoolean(ui, vscode.l10n.t('Versioning of {0}', labelOf(target)), vscode.l10n.t('Turn versioning on'), vscode.l10n.t('Turn versioning off')),
  ];
  const askDeleteVersions = async (target: BinTarget): Promise<[string, { preserveLatest: boolean }]> => {
    const preserveLatest = await pickBoolean(
      ui,
      vscode.l10n.t('Keep the latest record?'),
      vscode.l10n.t('Keep the latest record as the bin’s record'),
      vscode.l10n.t('Go back to the record the bin was created with'),
    );
    await confirm(
      ui,
      vscode.l10n.t('Delete all versions of {0}?', labelOf(target)),
      preserveLatest ? vscode.l10n.t('The latest record is kept.') : vscode.l10n.t('The bin goes back to its base record.'),
      vscode.l10n.t('Delete Versions'),
    );
    return [target.id, { preserveLatest }];
  };

  return [
    ...register(
      Command.renameBin,
      {
        run: async (id: string, name: string) => {
          required(id, 'a bin id', Command.renameBin);
          required(name, 'a name', Command.renameBin);
          await p.writes.renameBin(id, name);
          await retitleTabs(p, { kind: 'bin', id }, name);
        },
        ask: async () => askRename(await activeOrAskedBin(ui, p.account.id)),
      },
      { row: [Command.rowRenameBin, (node: BinNode) => askRename(rowBin(node))] },
    ),

    ...register(
      Command.setPrivacy,
      {
        run: async (id: string, isPrivate: boolean) => {
          required(id, 'a bin id', Command.setPrivacy);
          required(isPrivate, 'private: true or false', Command.setPrivacy);
          await p.writes.setPrivacy(id, isPrivate);
        },
        ask: async () => askPrivacy(await activeOrAskedBin(ui, p.account.id)),
        show: (_, [id, isPrivate]) => inform(isPrivate ? vscode.l10n.t('Bin {0} is now private.', id) : vscode.l10n.t('Bin {0} is now public.', id)),
      },
      {
        row: [Command.rowSetPrivacy, (node: BinNode) => askPrivacy(rowBin(node))],
        rows: [
          [Command.rowMakePublic, async (node: BinNode) => [rowBin(node).id, false]],
          [Command.rowMakePrivate, async (node: BinNode) => [rowBin(node).id, true]],
        ],
      },
    ),

    ...register(
      Command.setVersioning,
      {
        run: async (id: string, enabled: boolean) => {
          required(id, 'a bin id', Command.setVersioning);
          required(enabled, 'enabled: true or false', Command.setVersioning);
          await p.writes.setVersioning(id, enabled);
        },
        ask: async () => askVersioning(await activeOrAskedBin(ui, p.account.id)),
        show: (_, [id, enabled]) => inform(enabled ? vscode.l10n.t('Versioning of bin {0} is on.', id) : vscode.l10n.t('Versioning of bin {0} is off.', id)),
      },
      {
        rows: [
          [Command.rowTurnVersioningOn, async (node: BinNode) => [rowBin(node).id, true]],
          [Command.rowTurnVersioningOff, async (node: BinNode) => [rowBin(node).id, false]],
        ],
      },
    ),

    ...register(
      Command.deleteVersions,
      {
        run: async (id: string, options: { preserveLatest?: boolean } = {}) => {
          required(id, 'a bin id', Command.deleteVersions);
          const preserveLatest = options.preserveLatest ?? false;
          // The record may have changed (back to the base record), also when the answer could not be read: open tabs reload it.
          const reloadTabs = () => {
            for (const document of openDocumentsOf(p.account.id, id)) {
              p.bins.invalidate({ kind: 'bin', id }, document.uri.toString());
            }
          };
          try {
            const result = await withProgress(vscode.l10n.t('Deleting versions…'), () => p.connection.client.deleteVersions(id, { preserveLatest }));
            reloadTabs();
            return { versionsDeleted: result.versionsDeleted };
          } catch (error) {
            if (error instanceof BinServiceError && error.kind === 'unknownOutcome') {
              reloadTabs();
            }
            throw error;
          }
        },
        ask: async () => askDeleteVersions(await activeOrAskedBin(ui, p.account.id)),
        show: (result, [id]) =>
          inform(
            result.versionsDeleted === 1
              ? vscode.l10n.t('Deleted 1 version of bin {0}.', id)
              : vscode.l10n.t('Deleted {0} versions of bin {1}.', result.versionsDeleted, id),
          ),
      },
      { row: [Command.rowDeleteVersions, (node: BinNode) => askDeleteVersions(rowBin(node))] },
    ),
  ];
}
