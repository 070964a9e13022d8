/** Which action an error's notification offers: the one that helps, never a blind retry of a write that may have been done. */
import { BinServiceError } from '../../core/api/errors';

/** Each the English of its button, which `feedback.ts` shows in the user's language. */
export type ErrorAction = 'Make Active and Set API Key' | 'Set API Key' | 'Open Pricing' | 'Refresh' | 'Retry';

/**
 * `canRetry`: the failed action can be run again as it was. `inactive`: the error is of an account
 * other than the active one. A write whose outcome is unknown offers Refresh, never Retry.
 */
export function errorActions(error: unknown, canRetry: boolean, inactive: boolean): ErrorAction[] {
  if (!(error instanceof BinServiceError)) {
    return [];
  }
  switch (error.kind) {
    case 'missingKey':
    case 'invalidKey':
      return [inactive ? 'Make Active and Set API Key' : 'Set API Key'];
    case 'allowanceExhausted':
    case 'tooLarge':
    case 'versioningNotOnPlan':
      return ['Open Pricing'];
    case 'unknownOutcome':
      return ['Refresh'];
    case 'network':
    case 'timeout':
    case 'server':
      return canRetry ? ['Retry'] : [];
    default:
      return [];
  }
}
