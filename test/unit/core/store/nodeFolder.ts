import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Folder } from '../../../../src/core/store/offlineCopyFiles';

/** The folder through Node's file system, as VS Code's would be. */
export function nodeFolder(path: string): Folder {
  const at = (name: string) => join(path, name);
  return {
    async list() {
      const names = await readdir(path).catch(() => [] as string[]);
      const sized = await Promise.all(
        names.map(async (name) =>
          stat(at(name)).then(
            (s) => ({ name, size: s.size }),
            () => undefined,
          ),
        ),
      );
      return sized.filter((f) => f !== undefined);
    },
    read: (name) => readFile(at(name)),
    write: (name, bytes) => writeFile(at(name), bytes),
    rename: (from, to) => rename(at(from), at(to)),
    delete: (name) => rm(at(name), { force: true }),
    createFolder: async () => void (await mkdir(path, { recursive: true })),
  };
}
