/** Asking before an action that would send more requests than the `jsonbin.warnAboveRequests` setting allows. */
import { warnsAbout } from '../api';
import { plural } from '../ui/plural';
import type { Parts } from './parts';
import { confirm } from '../commands/prompts';

/**
 * Resolves at once when `estimate` requests are within `limit` (the setting, which the interactive
 * forms pass; programmatic calls pass none and are never asked), else after a modal yes. Throws
 * `Cancelled` on a no, before any of those requests is sent. `upTo`: the estimate is a cap, not a count.
 */
export async function confirmRequests(
  p: Pick<Parts, 'prompts'>,
  limit: number | undefined,
  estimate: number,
  action: string,
  how: string,
  upTo = false,
): Promise<void> {
  if (limit !== undefined && warnsAbout(estimate, limit)) {
    await confirm(
      p.prompts,
      `${action} sends ${upTo ? 'up to ' : ''}${plural(estimate, 'request')}. Send them?`,
      `${how} Each request counts against the account's allowance. The jsonbin.warnAboveRequests setting (${limit}) asks before an action that sends more; 0 never asks.`,
      'Send Requests',
    );
  }
}
