/** Tabs showing a kept copy get their banner; its code loads with the first one, not at activation. */
import type * as vscode from 'vscode';
import type { BinFileSystem } from '../fs/binFileSystem';
import type { KeptCopyBanner } from './keptCopyBanner';

export function keptCopyBanner(files: BinFileSystem): vscode.Disposable {
  let banner: Promise<KeptCopyBanner> | undefined;
  const served = files.kept.onDidServe((e) => {
    banner ??= import('./keptCopyBanner.js').then((m) => new m.KeptCopyBanner(files));
    void banner.then((b) => b.served(e));
  });
  return {
    dispose: () => {
      served.dispose();
      void banner?.then((b) => b.dispose());
    },
  };
}
