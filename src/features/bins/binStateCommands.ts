/** Commands that change a bin without changing its record: name, privacy, versioning, versions. */
import { BinServiceError } from '../../api';
import { inform, withProgress } from '../../ui/feedback';
import { activeOrAskedBin, labelOf, openDocumentsOf, rowBin, type BinTarget } from '../binTarget';
import { Command } from '../../commands/ids';
import { retitleTabs } from './openTabs';
import type { Parts } from '../parts';
import { askRequiredName, confirm, pickBoolean } from '../../commands/prompts';
import { register, required, type Handler } from '../../commands/register';
import type { BinNode } from '../tree/nodes';

export function binStateCommands(p: Pick<Parts, 'account' | 'bins' | 'connection' | 'prompts' | 'writes'>): Handler[] {
  const ui = p.prompts;
  const askRename = async (target: BinTarget): Promise<[string, string]> => [
    target.id,
    await askRequiredName(ui, 'New name of the bin', undefined, target.name),
  ];
  const askPrivacy = async (target: BinTarget): Promise<[string, boolean]> => [
    target.id,
    await pickBoolean(ui, `Privacy of ${labelOf(target)}`, 'Private: only the key reads it', 'Public: anyone with the id reads it'),
  ];
  const askVersioning = async (target: BinTarget): Promise<[string, boolean]> => [
    target.id,
    await pickBoolean(ui, `Versioning of ${labelOf(target)}`, 'Turn versioning on', 'Turn versioning off'),
  ];
  const askDeleteVersions = async (target: BinTarget): Promise<[string, { preserveLatest: boolean }]> => {
    const preserveLatest = await pickBoolean(
      ui,
      'Keep the latest record?',
      'Keep the latest record as the bin’s record',
      'Go back to the record the bin was created with',
    );
    await confirm(
      ui,
      `Delete all versions of ${labelOf(target)}?`,
      preserveLatest ? 'The latest record is kept.' : 'The bin goes back to its base record.',
      'Delete Versions',
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
        show: (_, [id, isPrivate]) => inform(`Bin ${id} is now ${isPrivate ? 'private' : 'public'}.`),
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
        show: (_, [id, enabled]) => inform(`Versioning of bin ${id} is ${enabled ? 'on' : 'off'}.`),
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
            const result = await withProgress('Deleting versions…', () => p.connection.client.deleteVersions(id, { preserveLatest }));
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
        show: (result, [id]) => inform(`Deleted ${result.versionsDeleted} version(s) of bin ${id}.`),
      },
      { row: [Command.rowDeleteVersions, (node: BinNode) => askDeleteVersions(rowBin(node))] },
    ),
  ];
}
