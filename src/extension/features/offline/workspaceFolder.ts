/** The offline copies' folder through `vscode.workspace.fs`: the same on disk and in the browser's worker host. */
import * as vscode from 'vscode';
import type { Folder } from '../../../core/store/offlineCopyFiles';

export function workspaceFolder(folder: vscode.Uri): Folder {
  const { fs } = vscode.workspace;
  const uri = (name: string) => vscode.Uri.joinPath(folder, name);
  return {
    async list() {
      let entries: [string, vscode.FileType][];
      try {
        entries = await fs.readDirectory(folder);
      } catch {
        return [];
      }
      const files = entries.filter(([, type]) => type === vscode.FileType.File).map(([name]) => name);
      // A file removed meanwhile (by another window) is not listed.
      const sized = await Promise.all(
        files.map(async (name) =>
          fs.stat(uri(name)).then(
            (s) => ({ name, size: s.size }),
            () => undefined,
          ),
        ),
      );
      return sized.filter((f) => f !== undefined);
    },
    read: async (name) => fs.readFile(uri(name)),
    write: async (name, bytes) => fs.writeFile(uri(name), bytes),
    rename: async (from, to) => fs.rename(uri(from), uri(to), { overwrite: true }),
    async delete(name) {
      try {
        await fs.delete(uri(name));
      } catch (error) {
        if ((error as vscode.FileSystemError).code !== 'FileNotFound') {
          throw error;
        }
      }
    },
    createFolder: async () => fs.createDirectory(folder),
  };
}
