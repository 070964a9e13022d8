/** The account key (checked with one cheap call before it is stored), and refreshing the view. */
import * as vscode from 'vscode';
import { BinServiceError, type BinClient } from '../../../core/api';
import type { KeyKind } from '../../accounts/accountList';
import { inform, withProgress } from '../../ui/feedback';
import { cancelIfUndefined } from '../../commands/args';
import { Command } from '../../commands/idsAndContextKeys';
import type { Parts } from '../parts';
import type { ViewParts } from '../tree/binsView';
import { register, required, type Handler } from '../commandForms';
import { keyQuestion, keyStored, type KeyChecked } from './keyPrompt';

/** What a header can carry of a key: visible ASCII (a pasted zero-width space is not). */
export const KEY_CHARACTERS = /^[\x21-\x7e]+$/;

/** A bin id no bin has: reading it tells a valid access key (not found) from a refused one. */
const NO_BIN = '000000000000000000000000';

/**
 * Checks a key with the cheapest request that needs a valid one: listing collections for a master
 * key; an access key may list nothing, so it reads a bin that does not exist ("not found" means
 * the key was accepted).
 */
export async function checkKey(client: BinClient, kind: KeyKind): Promise<KeyChecked> {
  return withProgress(vscode.l10n.t('Checking the key…'), async () => {
    if (kind === 'master') {
      return { collections: (await client.listCollections()).length };
    }
    try {
      await client.readBin(NO_BIN);
    } catch (error) {
      if (!(error instanceof BinServiceError) || !['notFound', 'notPermitted'].includes(error.kind)) {
        throw error;
      }
    }
    return {};
  });
}

export function accountCommands(p: Pick<Parts, 'account' | 'accounts' | 'connection' | 'prompts' | 'schemaDocs'> & Pick<ViewParts, 'tree'>): Handler[] {
  const several = () => p.accounts.all().length > 1;
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
            throw new Error(vscode.l10n.t('The key can hold only visible ASCII characters: check what was pasted'));
          }
          const probe = p.connection.withKey(trimmed);
          let checked: KeyChecked;
          try {
            checked = await checkKey(probe, p.account.keyKind);
          } finally {
            void probe.close();
          }
          await p.connection.keys.set(trimmed);
          return checked;
        },
        ask: async () => [
          cancelIfUndefined(
            await p.prompts.input({
              ...keyQuestion(p.account, p.connection.baseUrl, several()),
              password: true,
              ignoreFocusOut: true,
              validateInput: (t) =>
                t.trim() === ''
                  ? vscode.l10n.t('The key cannot be blank')
                  : KEY_CHARACTERS.test(t.trim())
                    ? undefined
                    : vscode.l10n.t('The key can hold only visible ASCII characters'),
            }),
          ),
        ],
        show: (checked) => inform(keyStored(p.account, p.connection.baseUrl, several(), checked)),
      },
      { view: Command.viewSetApiKey },
    ),

    ...register(Command.clearApiKey, { run: () => p.connection.keys.clear(), ask: async () => [] }, { view: Command.viewClearApiKey }),

    ...register(Command.refresh, { run: refresh, ask: async () => [] }, { view: Command.viewRefresh }),

    // After "Requests exhausted" nothing is sent until the user says to try again.
    ...register(Command.retryRequests, { run: async () => p.connection.requests.retry(), ask: async () => [] }),
  ];
}
