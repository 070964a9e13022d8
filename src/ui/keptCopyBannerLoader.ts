/** Tabs showing a kept copy get their banner; its code loads with the first one, not at activation. */
import type * as vscode from 'vscode';
import { Command } from '../commands/ids';
import type { BinFileSystem } from '../fs/binFileSystem';
import { SCHEME } from '../fs/uris';
import type { KeptCopyBanner } from './keptCopyBanner';
import { plainText } from './plainText';

export function keptCopyBanner(files: BinFileSystem): vscode.Disposable {
  let banner: Promise<KeptCopyBanner> | undefined;
  const served = files.kept.onDidServe((e) => {
    banner ??= import('./keptCopyBanner.js').then((m) => new m.KeptCopyBanner({ files, scheme: SCHEME, retry: Command.retryOfflineBins, plainText }));
    void banner.then((b) => b.served(e));
  });
  return {
    dispose: () => {
      served.dispose();
      void banner?.then((b) => b.dispose());
    },
  };
}
