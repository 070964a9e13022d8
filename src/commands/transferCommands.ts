/** Commands between bins and files: Upload as Bin. */
import { homedir } from 'node:os';
import * as vscode from 'vscode';
import { cancelIfUndefined, Cancelled } from './args';
import { pickCollection } from './prompts';
import { Command } from './ids';
import type { Parts } from './parts';
import { register, type Handler } from './register';
import { showUploaded, uploadFiles, type UploadOptions } from './uploadBins';

export function transferCommands(p: Parts): Handler[] {
  const ui = p.prompts;

  const askCollection = async (): Promise<UploadOptions> => ({ collectionId: (await pickCollection(ui, await p.schemaDocs.listCollections(), true))?.id ?? null });
  const askFiles = async (): Promise<vscode.Uri[]> => {
    const uris = cancelIfUndefined(
      await ui.openDialog({ canSelectMany: true, canSelectFiles: true, canSelectFolders: false, filters: { JSON: ['json'] }, openLabel: 'Upload as Bins', title: 'JSON files to upload as bins', defaultUri: defaultFolder() }),
    );
    if (uris.length === 0) {
      throw new Cancelled();
    }
    return uris;
  };
  const askUpload = async (uris: vscode.Uri[]): Promise<[vscode.Uri[], UploadOptions]> => [uris, await askCollection()];

  return [
    ...register(
      Command.uploadAsBin,
      {
        run: (uris: vscode.Uri[], options: UploadOptions = {}) => {
          if (!Array.isArray(uris) || uris.length === 0 || !uris.every((u) => u instanceof vscode.Uri)) {
            throw new Error(`${Command.uploadAsBin} needs uris: the files to upload, an array of Uri`);
          }
          return uploadFiles(p, uris, options);
        },
        ask: async () => askUpload(await askFiles()),
        show: (uploaded, [, options]) => showUploaded(p, uploaded, options ?? {}),
      },
      // From a keybinding the Explorer passes nothing: the files are asked for.
      { explorer: [Command.explorerUploadAsBin, async (uri, selected) => askUpload(selected?.length ? selected : uri ? [uri] : await askFiles())] },
    ),
  ];
}

/** Where dialogs start: the first workspace folder, else the home folder. */
function defaultFolder(): vscode.Uri {
  return vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file(homedir());
}
