/** Commands between bins and files: Upload as Bin, Save Bin as File, Export Collection. */
import * as vscode from 'vscode';
import type { Collection } from '../../../core/api';
import { parseUri } from '../../fs/uris';
import type { BinNode, CollectionNode } from '../tree/nodes';
import { cancelIfUndefined, Cancelled } from '../../commands/args';
import { askBinReference, pickCollection } from '../../ui/prompts';
import { settings } from '../../config';
import { exportCollection, saveBinAsFile, saveBinsToFolder, type ExportOptions } from './exportBins';
import { binNameOfFile, safeFileStem } from './fileTransfer';
import { notice } from '../../ui/feedback';
import { binCalled } from '../../ui/sentences';
import { plainText } from '../../../core/store/plainText';
import type { LinksParts, TransferredFile } from '../links/linkRegistry';
import { linkOffers, offering } from './linkOffer';
import { notABin, selectedRows } from '../binTarget';
import { Command, type CommandId } from '../../commands/idsAndContextKeys';
import { host } from '../../../platform';
import type { Parts } from '../parts';
import type { ViewParts } from '../tree/binsView';
import { needs, register, required, type Handler, type Need } from '../commandForms';
import { fileNameOf, showUploaded, uploadFiles, type UploadOptions, type UploadParts } from './uploadBins';

/** Save Bin as File's options: `name`, the bin's, says which bin it was in its messages. */
interface SaveOptions {
  uri: vscode.Uri;
  version?: number;
  link?: boolean;
  name?: string;
}

/** A bin to save, as the place it is saved from knows it: a version when a version's tab says so. */
interface SaveTarget {
  id: string;
  version?: number;
  /** What the file is named after: the bin's name or the tab's title, else the id. */
  title: string;
}

export function transferCommands(p: UploadParts & ViewParts & Pick<Parts, 'connection'> & LinksParts): Handler[] {
  const ui = p.prompts;

  const { linking, linkOffer } = linkOffers(p);

  /** The files an interactive export wrote, with their bins, for its notification's offer. */
  const exported = new WeakMap<vscode.Uri[], TransferredFile[]>();

  const askCollection = async (): Promise<UploadOptions> => ({
    collectionId: (await pickCollection(ui, await p.schemaDocs.listCollections(), true))?.id ?? null,
  });
  const askFiles = async (): Promise<vscode.Uri[]> => {
    const uris = cancelIfUndefined(
      await ui.openDialog({
        canSelectMany: true,
        canSelectFiles: true,
        canSelectFolders: false,
        filters: { JSON: ['json'] },
        openLabel: vscode.l10n.t('Upload as Bins'),
        title: vscode.l10n.t('JSON files to upload as bins'),
        defaultUri: defaultFolder(),
      }),
    );
    if (uris.length === 0) {
      throw new Cancelled();
    }
    return uris;
  };
  const askUpload = async (uris: vscode.Uri[]): Promise<[vscode.Uri[], UploadOptions]> => [
    uris,
    { ...(await askCollection()), warnAboveRequests: settings.warnAboveRequests(), link: linking(uris) === 'always' },
  ];

  const askSave = async (target: SaveTarget): Promise<[string, SaveOptions]> => {
    const folder = defaultFolder();
    const fileName = `${safeFileStem(target.title, target.id)}.json`;
    const uri = cancelIfUndefined(
      await ui.saveDialog({
        defaultUri: folder ? vscode.Uri.joinPath(folder, fileName) : undefined,
        filters: { JSON: ['json'] },
        saveLabel: vscode.l10n.t('Save Bin'),
        title: vscode.l10n.t('Save bin {0} as a file', target.title),
      }),
    );
    // A version is what the bin held once: only the latest record is linked.
    const link = target.version === undefined && linking([uri]) === 'always';
    return [target.id, { version: target.version, uri, link, ...(target.title === target.id ? {} : { name: target.title }) }];
  };

  const askFolder = async (count: number): Promise<vscode.Uri> => {
    const [folder] = cancelIfUndefined(
      await ui.openDialog({
        canSelectFolders: true,
        canSelectFiles: false,
        canSelectMany: false,
        openLabel: vscode.l10n.t('Save Here'),
        title: vscode.l10n.t('Folder for the {0} selected bins', count),
        defaultUri: defaultFolder(),
      }),
    );
    return folder;
  };

  const askExport = async (collection: Collection): Promise<[string, vscode.Uri, ExportOptions]> => {
    const [folder] = cancelIfUndefined(
      await ui.openDialog({
        canSelectFolders: true,
        canSelectFiles: false,
        canSelectMany: false,
        openLabel: vscode.l10n.t('Export Here'),
        title: vscode.l10n.t('Folder for the bins of "{0}"', collection.name),
        defaultUri: defaultFolder(),
      }),
    );
    const chosen = cancelIfUndefined(folder);
    return [collection.id, chosen, { warnAboveRequests: settings.warnAboveRequests(), link: linking([vscode.Uri.joinPath(chosen, 'bin.json')]) === 'always' }];
  };

  return [
    ...register(
      Command.uploadAsBin,
      {
        run: async (uris: vscode.Uri[], options: UploadOptions = {}) => {
          if (!Array.isArray(uris) || uris.length === 0 || !uris.every((u) => u instanceof vscode.Uri)) {
            throw new Error(needs(Command.uploadAsBin, 'uris: the files to upload, an array of Uri'));
          }
          const uploaded = await uploadFiles(p, uris, options);
          if (options.link === true) {
            await p.links.linkTransferred(
              uploaded.created.map((c) => ({ uri: c.uri, binId: c.id })),
              p.account,
            );
          }
          return uploaded;
        },
        ask: async () => askUpload(await askFiles()),
        show: async (uploaded, [, options = {}]) =>
          showUploaded(
            p,
            uploaded,
            options,
            await linkOffer(
              uploaded.created.map((c) => ({ uri: c.uri, binId: c.id, name: binNameOfFile(fileNameOf(c.uri)) })),
              options.link,
            ),
          ),
      },
      // From a keybinding the Explorer passes nothing: the files are asked for.
      { explorer: [Command.explorerUploadAsBin, async (uri, selected) => askUpload(selected?.length ? selected : uri ? [uri] : await askFiles())] },
    ),

    ...register(
      Command.saveBinAsFile,
      {
        // Several bins (a selection of rows): each into the folder `uri`, named as an export names them.
        run: async (ids: string | { id: string; name?: string }[], options: SaveOptions): Promise<vscode.Uri | vscode.Uri[]> => {
          required(ids, 'a bin id', Command.saveBinAsFile);
          const uri = requiredUri(options?.uri, '{ uri, version? }: the Uri of the file to write', Command.saveBinAsFile);
          if (typeof ids !== 'string') {
            return saveBinsToFolder(p, ids, uri);
          }
          const version = options.version;
          if (version !== undefined && (!Number.isInteger(version) || version < 0)) {
            throw new Error(needs(Command.saveBinAsFile, 'a version that is an integer, 0 for the base record'));
          }
          const saved = await saveBinAsFile(p, ids, version, uri);
          if (options.link === true && version === undefined) {
            await p.links.linkTransferred([{ uri: saved, binId: ids, name: options.name }], p.account);
          }
          return saved;
        },
        ask: async () => askSave(await activeOrAskedSaveTarget(ui, p.account.id)),
        show: async (saved, [ids, options]) => {
          if (Array.isArray(saved) || typeof ids !== 'string') {
            void vscode.window.showInformationMessage(notice(vscode.l10n.t('Saved {0} bins to {1}.', ids.length, options.uri.fsPath)));
            return;
          }
          const [bin, file] = [binCalled(options.name, ids), fileNameOf(saved)];
          const offered = options.version === undefined ? await linkOffer([{ uri: saved, binId: ids, name: options.name }], options.link) : undefined;
          const done =
            options.link === true && options.version === undefined
              ? vscode.l10n.t('Saved bin {0} as {1}, linked to the bin.', bin, file)
              : vscode.l10n.t('Saved bin {0} as {1}.', bin, file);
          const openFile = vscode.l10n.t('Open File');
          void p.prompts.offer(notice(plainText(offering(done, offered))), [...(offered ? [offered.label] : []), openFile]).then(async (choice) => {
            if (choice === openFile) {
              await vscode.window.showTextDocument(saved);
            } else if (choice !== undefined && choice === offered?.label) {
              await offered.run();
            }
          });
        },
      },
      {
        row: [
          Command.rowSaveBinAsFile,
          async (node: BinNode, selected) => {
            const rows = selectedRows(node, selected);
            return rows.length === 1
              ? askSave({ id: node.id, title: node.label })
              : [rows.map((r) => ({ id: r.id, name: r.bin.name })), { uri: await askFolder(rows.length) }];
          },
        ],
        tab: [Command.tabSaveBinAsFile, (uri: vscode.Uri) => askSave(tabSaveTarget(uri))],
      },
    ),

    ...register(
      Command.exportCollection,
      {
        run: async (collectionId: string, folder: vscode.Uri, options?: ExportOptions) => {
          required(collectionId, 'a collection id', Command.exportCollection);
          const written = await exportCollection(p, collectionId, requiredUri(folder, 'the Uri of a folder to write into', Command.exportCollection), options);
          const files = written.map((w) => w.uri);
          exported.set(files, written);
          return files;
        },
        ask: async () => askExport((await pickCollection(ui, await p.schemaDocs.listCollections(), false))!),
        show: async (files, [, folder, options]) => {
          const offered = await linkOffer(exported.get(files) ?? [], options?.link);
          const done =
            files.length === 1
              ? vscode.l10n.t('Exported 1 bin to {0}.', folder.fsPath)
              : vscode.l10n.t('Exported {0} bins to {1}.', files.length, folder.fsPath);
          void p.prompts.offer(notice(offering(done, offered)), offered ? [offered.label] : []).then(async (choice) => {
            if (choice !== undefined && choice === offered?.label) {
              await offered.run();
            }
          });
        },
      },
      { row: [Command.rowExportCollection, (node: CollectionNode) => askExport(node.collection)] },
    ),
  ];
}

function requiredUri(value: unknown, what: Need, command: CommandId): vscode.Uri {
  if (!(value instanceof vscode.Uri)) {
    throw new Error(needs(command, what));
  }
  return value;
}

/** Where dialogs start: the first workspace folder, else the home folder (where the host has one). */
function defaultFolder(): vscode.Uri | undefined {
  const home = host.homeFolder();
  return vscode.workspace.workspaceFolders?.[0]?.uri ?? (home === undefined ? undefined : vscode.Uri.file(home));
}

/** A bin tab's Uri names the bin, the version it shows, and its title. */
function tabSaveTarget(uri: vscode.Uri): SaveTarget {
  const resource = parseUri(uri);
  if (resource?.kind !== 'bin') {
    throw notABin(uri);
  }
  return { id: resource.id, version: resource.version, title: binNameOfFile(fileNameOf(uri)) ?? resource.id };
}

/** Palette: the bin (or version) of the active tab, else a bin asked for, named by its id. */
async function activeOrAskedSaveTarget(ui: Parts['prompts'], account: string): Promise<SaveTarget> {
  const active = vscode.window.activeTextEditor?.document.uri;
  if (active && parseUri(active, account)?.kind === 'bin') {
    return tabSaveTarget(active);
  }
  const id = await askBinReference(ui);
  return { id, title: id };
}
