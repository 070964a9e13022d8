/**
 * The words around a key: which account it is for (as the user named it; the service alone when
 * the default account is the only one), where the service shows keys, and what was checked.
 * No `vscode` import: tested in plain Node (its words through `@vscode/l10n`).
 */
import * as l10n from '@vscode/l10n';
import { isHostedService } from '../../../core/api/share';
import { DEFAULT_ACCOUNT, type AccountInfo } from '../../accounts/accountList';

export interface KeyQuestion {
  title: string;
  prompt: string;
  placeHolder?: string;
}

/** What the key was found to do: the master key listed the account's collections; an access key was accepted. */
export interface KeyChecked {
  collections?: number;
}

/** The service as people call it: jsonbin.io, or the host of another service's URL. */
export function serviceLabel(baseUrl: string): string {
  if (isHostedService(baseUrl)) {
    return 'jsonbin.io';
  }
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** Whether the prompt names the account, not the service alone; `several`: more than one account is set up. */
function namesAccount(account: AccountInfo, several: boolean): boolean {
  return several || account.id !== DEFAULT_ACCOUNT;
}

export function keyQuestion(account: AccountInfo, baseUrl: string, several: boolean): KeyQuestion {
  const hosted = isHostedService(baseUrl);
  const service = serviceLabel(baseUrl);
  return {
    title: namesAccount(account, several) ? l10n.t('API Key for account "{0}" on {1}', account.name, service) : l10n.t('API Key for {0}', service),
    prompt: keyPrompt(account.keyKind === 'access', hosted),
    // The hosted service's keys are bcrypt-like strings: a sample of their form, not words.
    // eslint-disable-next-line l10n/no-unlocalized-literal
    ...(hosted ? { placeHolder: '$2a$10$…' } : {}),
  };
}

function keyPrompt(access: boolean, hosted: boolean): string {
  if (access) {
    return hosted
      ? l10n.t(
          "Paste the Access Key (X-Access-Key) from the API Keys page of your jsonbin.io dashboard. One request checks it; then it is kept in VS Code's secret storage, never in settings.",
        )
      : l10n.t(
          "Paste the Access Key (X-Access-Key) as this service gives it. One request checks it; then it is kept in VS Code's secret storage, never in settings.",
        );
  }
  return hosted
    ? l10n.t(
        "Paste the Master Key (X-Master-Key) from the API Keys page of your jsonbin.io dashboard. One request checks it; then it is kept in VS Code's secret storage, never in settings.",
      )
    : l10n.t(
        "Paste the Master Key (X-Master-Key) as this service gives it. One request checks it; then it is kept in VS Code's secret storage, never in settings.",
      );
}

/**
 * What Set API Key says once the key is stored: short enough for one line of a notification (the
 * prompt said where the key is kept; a key the check refused is never stored). The collections a
 * master key listed say what it sees.
 */
export function keyStored(account: AccountInfo, baseUrl: string, several: boolean, checked: KeyChecked): string {
  const { collections } = checked;
  if (namesAccount(account, several)) {
    const name = account.name;
    if (collections === undefined) {
      return l10n.t('Key saved for "{0}"', name);
    }
    return collections === 1 ? l10n.t('Key saved for "{0}": 1 collection', name) : l10n.t('Key saved for "{0}": {1} collections', name, collections);
  }
  const service = serviceLabel(baseUrl);
  if (collections === undefined) {
    return l10n.t('Key saved for {0}', service);
  }
  return collections === 1 ? l10n.t('Key saved: 1 collection on {0}', service) : l10n.t('Key saved: {0} collections on {1}', collections, service);
}
