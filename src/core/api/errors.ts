/** The one error type of the service client, and how answers are classified into it. */

export type ErrorKind =
  | 'missingKey'
  | 'invalidKey'
  /** An access key not granted the action, or used where only the master key will do. */
  | 'notPermitted'
  | 'notFound'
  | 'invalidInput'
  | 'schemaMismatch'
  | 'tooLarge'
  | 'versioningNotOnPlan'
  | 'allowanceExhausted'
  | 'network'
  | 'timeout'
  /** A write was sent but no answer came: it may or may not have been stored. */
  | 'unknownOutcome'
  /** The service lacks the route an action needs (a compatible service may offer only the contract). */
  | 'unsupported'
  /** The answer was bigger than the cap; it was not read to the end. */
  | 'answerTooLarge'
  /** A record read holds a number JavaScript cannot hold as the service sent it (`UnheldNumber`). */
  | 'unheldNumber'
  | 'server';

export class BinServiceError extends Error {
  override readonly name = 'BinServiceError';

  constructor(
    readonly kind: ErrorKind,
    /** The service's message verbatim, or the client's own words when no request was answered. */
    message: string,
    /** HTTP status; undefined when no answer arrived or the request was never sent. */
    readonly status?: number,
    readonly operation?: Operation,
  ) {
    super(message);
  }

  /** True when the request never left the client (a check that costs no request refused it). */
  get local(): boolean {
    // A browser hides a redirect's status: that answer is a server error without one.
    return this.status === undefined && !['network', 'timeout', 'unknownOutcome', 'answerTooLarge', 'server'].includes(this.kind);
  }
}

export type Operation =
  | 'createBin'
  | 'readBin'
  | 'versionCount'
  | 'updateBin'
  | 'deleteBin'
  | 'deleteVersions'
  | 'renameBin'
  | 'setPrivacy'
  | 'listCollections'
  | 'createCollection'
  | 'renameCollection'
  | 'listBins'
  | 'readSchemaDoc'
  | 'createSchemaDoc'
  | 'updateSchemaDoc'
  | 'attachSchemaDoc'
  | 'detachSchemaDoc'
  | 'createAccessKey';

/** What the request carried, which decides what an ambiguous status means. */
export interface RequestFacts {
  operation: Operation;
  sentKey: boolean;
  /** The key sent was an access key (`X-Access-Key`). */
  sentAccessKey?: boolean;
  sentBody: boolean;
  askedForVersioning: boolean;
}

/**
 * Classifies by status and by what was sent, and only then by a loose keyword where a status
 * has several meanings: the live service words messages differently from the contract.
 */
import * as l10n from '@vscode/l10n';
export function classify(status: number, message: string, facts: RequestFacts): ErrorKind {
  if (status >= 500) {
    return 'server';
  }
  if (status === 405) {
    return 'unsupported';
  }
  switch (status) {
    case 401:
      if (!facts.sentKey) {
        return 'missingKey';
      }
      if (facts.sentAccessKey && NOT_PERMITTED.test(message)) {
        return 'notPermitted';
      }
      return /not found/i.test(message) && !/invalid/i.test(message) ? 'notFound' : 'invalidKey';
    case 403:
      return classify403(message, facts);
    case 404:
      return 'notFound';
    case 400:
      if (/schema/i.test(message) && (facts.operation === 'createBin' || facts.operation === 'updateBin')) {
        return 'schemaMismatch';
      }
      return /not found/i.test(message) ? 'notFound' : 'invalidInput';
    case 413:
      return 'tooLarge';
    case 429:
      return 'allowanceExhausted';
    default:
      return status >= 400 ? 'invalidInput' : 'server';
  }
}

/** How a refusal of an access key for what it was not granted is worded (the hosted service's words vary). */
const NOT_PERMITTED = /permission|not (allowed|permitted)|need to pass X-Master-Key/i;

function classify403(message: string, facts: RequestFacts): ErrorKind {
  if (/exhaust/i.test(message)) {
    return 'allowanceExhausted';
  }
  if (facts.sentAccessKey && NOT_PERMITTED.test(message)) {
    return 'notPermitted';
  }
  if (facts.askedForVersioning && /version/i.test(message)) {
    return 'versioningNotOnPlan';
  }
  if (facts.sentBody && /\d\s*(kb|mb)|size|large/i.test(message)) {
    return 'tooLarge';
  }
  if (facts.askedForVersioning) {
    return 'versioningNotOnPlan';
  }
  return facts.sentBody && (facts.operation === 'createBin' || facts.operation === 'updateBin') ? 'tooLarge' : 'allowanceExhausted';
}

/** Operations that read: every other one changes something on the service. */
const READS: ReadonlySet<Operation> = new Set(['readBin', 'versionCount', 'listCollections', 'listBins', 'readSchemaDoc']);

/**
 * A write the service answered with success whose answer could not be read (`why`): it was done,
 * most likely, so it is never reported as a failure that a retry would mend.
 */
export function unreadAnswer(status: number | undefined, why: string, operation: Operation | undefined): BinServiceError {
  return new BinServiceError(
    'unknownOutcome',
    status === undefined
      ? l10n.t('The service answered success, but its answer could not be read ({0}). The change may have been stored: refresh to see before trying again', why)
      : l10n.t(
          'The service answered {0}, but its answer could not be read ({1}). The change may have been stored: refresh to see before trying again',
          status,
          why,
        ),
    status,
    operation,
  );
}

/**
 * A 200 of the wrong shape is named as such, instead of becoming an empty document or a TypeError
 * later; to a write, it is an answer that could not be read.
 */
export function shaped<T>(answer: T, check: (answer: T) => boolean, what: string, operation: Operation): T {
  let fits: boolean;
  try {
    fits = answer !== null && answer !== undefined && check(answer);
  } catch {
    fits = false;
  }
  if (!fits) {
    throw READS.has(operation)
      ? new BinServiceError('server', l10n.t("The service answered 200 without {0}: the answer does not fit the bin service's interface", what), 200, operation)
      : unreadAnswer(undefined, l10n.t("it came without {0}: the answer does not fit the bin service's interface", what), operation);
  }
  return answer;
}
