/** The account key (checked with one cheap call before it is stored), and refreshing the view. */
import * as vscode from 'vscode';
import { withProgress } from '../ui/feedback';
import { cancelIfUndefined } from './args';
import { command, type Parts } from './parts';

export function registerAccountCommands(p: Parts): vscode.Disposable[] {
  return [
    command('jsonbin.setApiKey', async (key?: string) => {
      const value =
        key ??
        cancelIfUndefined(
          await vscode.window.showInputBox({
            prompt: `X-Master-Key for ${p.connection.baseUrl}`,
            password: true,
            ignoreFocusOut: true,
            validateInput: (t) => (t.trim() === '' ? 'The key cannot be blank' : undefined),
          }),
        );
      const trimmed = value.trim();
      const probe = p.connection.withKey(trimmed);
      try {
        // Listing collections is the cheapest call that needs a valid key.
        await withProgress('Checking the key…', () => probe.listCollections());
      } finally {
        void probe.close();
      }
      await p.connection.keys.set(trimmed);
      p.tree.refresh();
      if (key === undefined) {
        void vscode.window.showInformationMessage('JSONBin: the key is stored in VS Code’s secret storage.');
      }
    }),

    command('jsonbin.clearApiKey', async () => {
      await p.connection.keys.clear();
      p.tree.refresh();
    }),

    command('jsonbin.refresh', async () => p.tree.refresh()),
  ];
}
