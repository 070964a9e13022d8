/** Asking before an action that would send more requests than the `jsonbin.warnAboveRequests` setting allows. */
import * as vscode from 'vscode';
import { warnsAbout } from '../../core/api';
import type { Parts } from './parts';
import { confirm } from '../ui/prompts';

/**
 * Resolves at once when `estimate` requests are within `limit` (the setting, which the interactive
 * forms pass; programmatic calls pass none and are never asked), else after a modal yes. Throws
 * `Cancelled` on a no, before any of those requests is sent. `question` says what the action sends,
 * asked only above the setting, which is at least 1: always of 2 requests or more. `how`: the
 * sentences that say how they are counted.
 */
export async function confirmRequests(
  p: Pick<Parts, 'prompts'>,
  limit: number | undefined,
  estimate: number,
  question: () => string,
  how: string,
): Promise<void> {
  if (limit !== undefined && warnsAbout(estimate, limit)) {
    await confirm(
      p.prompts,
      question(),
      vscode.l10n.t({
        message:
          "{0} Each request counts against the account's allowance. The jsonbin.warnAboveRequests setting ({1}) asks before an action that sends more; 0 never asks.",
        args: [how, limit],
        comment: ['{0}: a sentence that says how the requests are counted; {1}: the setting, a number'],
      }),
      vscode.l10n.t('Send Requests'),
    );
  }
}

/** How reading a listed collection's bins is counted: one request per bin, after the pages of its listing (0: a listing known already). */
export function readsAfterListing(pages: number): string {
  if (pages === 0) {
    return vscode.l10n.t('One request reads each bin (their listing is known: none is sent for it).');
  }
  return pages === 1
    ? vscode.l10n.t('One request reads each bin (the 1 request listing them is sent).')
    : vscode.l10n.t('One request reads each bin (the {0} requests listing them are sent).', pages);
}
