/**
 * Why the store or the write path did not do what was asked, in the user's words and with the
 * kind of failure the file system reports (VS Code keeps a refused save's document dirty).
 */
import * as l10n from '@vscode/l10n';
import { BinServiceError } from '../api/errors';
import { plainText } from './plainText';

export type RefusalKind = 'notFound' | 'noPermission' | 'unavailable';

export class Refused extends Error {
  constructor(
    /** What was not done, e.g. "Not saved": the message begins with it (empty: the reason says it all). */
    readonly doing: string,
    /** Why, the same whichever write it refused. */
    readonly reason: string,
    readonly kind: RefusalKind,
    /** The service's error, when it is what refused. */
    readonly serviceError?: BinServiceError,
    /** The reason is in the text itself (syntax or schema problems): the tab's diagnostics show where. */
    readonly inText = false,
  ) {
    super(plainText(doing ? l10n.t('{0}: {1}', doing, reason) : reason));
  }
}

/** A service error as a refusal of what was being done; a write that may have been done is not said to be undone. */
export function refusedBy(error: BinServiceError, doing: string): Refused {
  return new Refused(error.kind === 'unknownOutcome' ? '' : doing, error.message, kindOf(error), error);
}

/** Rethrows a service error as a refusal of `doing`; anything else as it is. */
export function rethrow(error: unknown, doing: string): never {
  throw error instanceof BinServiceError ? refusedBy(error, doing) : error;
}

function kindOf(error: BinServiceError): RefusalKind {
  switch (error.kind) {
    case 'notFound':
      return 'notFound';
    case 'missingKey':
    case 'invalidKey':
    case 'invalidInput':
    case 'schemaMismatch':
    case 'tooLarge':
    case 'versioningNotOnPlan':
      return 'noPermission';
    default:
      return 'unavailable';
  }
}
