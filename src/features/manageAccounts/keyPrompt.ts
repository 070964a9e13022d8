/**
 * The words around a key: which account it is for (as the user named it; the service alone when
 * the default account is the only one), where the service shows keys, and what was checked.
 * No `vscode` import: tested in plain Node.
 */
import { isHostedService } from '../../api/share';
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

/** The account as the prompt names it; `several`: more than one account is set up. */
export function accountLabel(account: AccountInfo, baseUrl: string, several: boolean): string {
  const service = serviceLabel(baseUrl);
  return several || account.id !== DEFAULT_ACCOUNT ? `account "${account.name}" on ${service}` : service;
}

export function keyQuestion(account: AccountInfo, baseUrl: string, several: boolean): KeyQuestion {
  const hosted = isHostedService(baseUrl);
  const kind = account.keyKind === 'access' ? 'Access Key (X-Access-Key)' : 'Master Key (X-Master-Key)';
  const where = hosted ? 'from the API Keys page of your jsonbin.io dashboard' : 'as this service gives it';
  return {
    title: `API Key for ${accountLabel(account, baseUrl, several)}`,
    prompt: `Paste the ${kind} ${where}. One request checks it; then it is kept in VS Code's secret storage, never in settings.`,
    // The hosted service's keys are bcrypt-like strings.
    ...(hosted ? { placeHolder: '$2a$10$…' } : {}),
  };
}

/** What Set API Key says once the key is stored. */
export function keyStored(account: AccountInfo, baseUrl: string, several: boolean, checked: KeyChecked): string {
  const what =
    checked.collections === undefined ? 'the service accepted it' : `it listed ${checked.collections} collection${checked.collections === 1 ? '' : 's'}`;
  return `The key works (${what}): ${accountLabel(account, baseUrl, several)} is connected. It is kept in VS Code's secret storage.`;
}
