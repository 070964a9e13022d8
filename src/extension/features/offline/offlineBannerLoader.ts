/** Tabs showing an offline copy get their banner; its code loads with the first one, not at activation. */
import type * as vscode from 'vscode';
import type { BinStore } from '../../../core/store/binStore';
import { plainText } from '../../../core/store/plainText';
import { notice } from '../../ui/feedback';
import { Command } from '../../commands/idsAndContextKeys';
import { SCHEME } from '../../fs/uris';
import type { OfflineBanner } from './offlineBanner';
import type { AccountOfflineCopies } from './offlineCopies';

export function offlineBanner(copies: AccountOfflineCopies, store: BinStore): vscode.Disposable {
  let banner: Promise<OfflineBanner> | undefined;
  const served = copies.onDidServe((e) => {
    banner ??= import('./offlineBanner.js').then(
      (m) =>
        new m.OfflineBanner({
          isShown: (doc) => copies.isShown(doc),
          onDidChange: (listener) => store.onDidChange(listener),
          scheme: SCHEME,
          retry: Command.retryOfflineBins,
          plainText,
          notice,
        }),
    );
    void banner.then((b) => b.served(e));
  });
  return {
    dispose: () => {
      served.dispose();
      void banner?.then((b) => b.dispose());
    },
  };
}
