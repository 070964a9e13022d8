/** The copies kept of bins for reading them offline: retrying the service, and clearing them. */
import { formatSize } from '../api';
import { inform } from '../ui/feedback';
import { Command } from './ids';
import type { Parts } from './parts';
import { register, type Handler } from './register';

const MB = 1024 * 1024;

export function offlineCommands(p: Parts): Handler[] {
  return [
    // Tabs showing a kept copy read the service's record again, whatever their account; after
    // "Requests exhausted" this sends again too.
    ...register(Command.retryOfflineBins, {
      run: async () => {
        let tabs = 0;
        for (const account of p.accounts.allMade()) {
          account.connection.requests.retry();
          tabs += account.files.kept.readAgain();
        }
        return tabs;
      },
      ask: async () => [] as [],
    }),

    ...register(Command.clearOfflineCopies, {
      run: async () => (await p.files.kept.copies()).clear(),
      ask: async () => [] as [],
      show: (freed) => inform(`removed ${freed.copies} offline ${freed.copies === 1 ? 'copy' : 'copies'}, ${size(freed.bytes)} freed.`),
    }),
  ];
}

function size(bytes: number): string {
  return bytes < MB ? formatSize(bytes) : `${(bytes / MB).toFixed(1)} MB`;
}
