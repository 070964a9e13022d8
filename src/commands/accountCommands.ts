/** The account key (checked with one cheap call before it is stored), and refreshing the view. */
import { inform, withProgress } from '../ui/feedback';
import { cancelIfUndefined } from './args';
import { Command } from './ids';
import type { Parts } from './parts';
import { register, required, type Handler } from './register';

/** What a header can carry of a key: visible ASCII (a pasted zero-width space is not). */
const KEY_CHARACTERS = /^[\x21-\x7e]+$/;

export function accountCommands(p: Parts): Handler[] {
  const refresh = async () => {
    p.schemaDocs.clear();
    p.tree.refresh();
  };
  return [
    ...register(
      Command.setApiKey,
      {
        run: async (key: string) => {
          const trimmed = required(key, 'the key (a string)', Command.setApiKey).trim();
          if (!KEY_CHARACTERS.test(trimmed)) {
            throw new Error('The key can hold only visible ASCII characters: check what was pasted');
          }
          const probe = p.connection.withKey(trimmed);
          try {
            // Listing collections is the cheapest call that needs a valid key.
            await withProgress('Checking the key…', () => probe.listCollections());
          } finally {
            void probe.close();
          }
          await p.connection.keys.set(trimmed);
        },
        ask: async () => [
          cancelIfUndefined(
            await p.prompts.input({
              prompt: `X-Master-Key for ${p.connection.baseUrl}`,
              password: true,
              ignoreFocusOut: true,
              validateInput: (t) => (t.trim() === '' ? 'The key cannot be blank' : KEY_CHARACTERS.test(t.trim()) ? undefined : 'The key can hold only visible ASCII characters'),
            }),
          ),
        ] as [string],
        show: () => inform('the key is stored in VS Code’s secret storage.'),
      },
      { view: Command.viewSetApiKey },
    ),

    ...register(Command.clearApiKey, { run: () => p.connection.keys.clear(), ask: async () => [] as [] }, { view: Command.viewClearApiKey }),

    ...register(Command.refresh, { run: refresh, ask: async () => [] as [] }, { view: Command.viewRefresh }),

    // After "Requests exhausted" nothing is sent until the user says to try again.
    ...register(Command.retryRequests, { run: async () => p.connection.requests.retry(), ask: async () => [] as [] }),
  ];
}
