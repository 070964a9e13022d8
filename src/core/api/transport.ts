/**
 * The service's requests on any host: retries only where they cannot store anything twice, the
 * request log, and every answer and failure worded for the user. The host's HTTP stack sends them
 * (`platform`); the client loads this module, and the stack with it, at its first request.
 */
import * as l10n from '@vscode/l10n';
import { activity } from './activity';
import { host, HttpFailure, type Http } from '../../platform';
import { BinServiceError, classify, unreadAnswer, type ErrorKind, type Operation, type RequestFacts } from './errors';
import type { RequestScope } from './requestScope';
import { DEFAULT_MAX_ANSWER_BYTES, formatSize } from './checks';

export interface TransportOptions {
  /** Whole-request time limit in milliseconds. */
  timeoutMs?: number;
  /** How many times a read is repeated after a network error or a 502/503/504. */
  retries?: number;
  /** First backoff delay; it doubles on every retry. */
  backoffMs?: number;
  /** An http(s) proxy to send the requests through (the caller leaves it out for hosts that go direct). */
  proxyUrl?: string;
  /** Answers longer than this are cut off and refused. */
  maxAnswerBytes?: number;
  /** Called once per answered or failed request (each attempt), with nothing secret in it. */
  onRequest?: (entry: RequestLogEntry) => void;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  /** The client's operation that sent it. */
  operation?: Operation;
  status?: number;
  ms: number;
  /** Why no answer came (the request failed on the way). */
  error?: string;
  /** True when the request reached the service, or may have (a timeout, a cut-off answer): it counts as sent (`counts`). */
  reached: boolean;
  /** How a refusal or failure was classified. */
  kind?: ErrorKind;
  /** The service's message with a refusal. */
  message?: string;
}

export interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: string;
  facts: RequestFacts;
  /** A success is answered as the bytes the service sent, not parsed (the caller parses them elsewhere). */
  served?: boolean;
  /** A success is answered as its value and its text (`Served`): a read checks the record's numbers against what was written. */
  keepText?: boolean;
  /** The action it is sent for: told of each attempt, as the account's counter is (`onRequest`). */
  scope?: RequestScope;
}

const RETRYABLE_STATUS = new Set([502, 503, 504]);
/** Failures of requests that never reached the service: only these writes may be sent again. */
const notSent = new WeakSet<BinServiceError>();

export class Transport {
  private http?: Promise<Http>;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;
  private readonly maxAnswerBytes: number;

  constructor(
    private readonly origin: string,
    private readonly basePath: string,
    private readonly options: TransportOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.retries = options.retries ?? 2;
    this.backoffMs = options.backoffMs ?? 250;
    this.maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  }

  send<T>(request: Request): Promise<T> {
    return activity.track(this.sendWithRetries<T>(request));
  }

  private async sendWithRetries<T>(request: Request): Promise<T> {
    // A read is repeated after a dropped connection or a busy gateway, a write only when it surely
    // never left this machine. A timeout already cost the whole wait, and a capped answer would
    // come back as big: both go to the user.
    const idempotent = request.method === 'GET';
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once<T>(request);
      } catch (error) {
        const retry =
          attempt < this.retries &&
          error instanceof BinServiceError &&
          (idempotent ? error.kind === 'network' || RETRYABLE_STATUS.has(error.status ?? 0) : error.kind === 'network' && notSent.has(error));
        if (!retry) {
          throw error;
        }
        await delay(this.backoffMs * 2 ** attempt);
      }
    }
  }

  async close(): Promise<void> {
    await (await this.http)?.close();
  }

  private async once<T>(request: Request): Promise<T> {
    const started = Date.now();
    const path = this.basePath + request.path;
    const operation = request.facts.operation;
    const log = (fields: Omit<RequestLogEntry, 'method' | 'path' | 'operation' | 'ms'>) => {
      const entry = { method: request.method, path, operation, ms: Date.now() - started, ...fields };
      this.options.onRequest?.(entry);
      request.scope?.record(entry);
    };
    let status: number;
    let bytes: Uint8Array;
    let http: Http | undefined;
    try {
      // A stack that failed to load is loaded again by the next request.
      this.http ??= host.http({ proxyUrl: this.options.proxyUrl }).catch((error: unknown) => {
        this.http = undefined;
        throw error;
      });
      http = await this.http;
      const { method, headers, body } = request;
      ({ status, bytes } = await http.send({ url: this.origin + path, method, headers, body, timeoutMs: this.timeoutMs, maxAnswerBytes: this.maxAnswerBytes }));
    } catch (error) {
      // Anything else is worded as a connection that failed: sent or not, as far as the stack had loaded.
      const cause = error instanceof HttpFailure ? error : new HttpFailure('network', http === undefined);
      const failure = failureOf(cause, request, this.timeoutMs, this.maxAnswerBytes);
      if (cause.notSent) {
        notSent.add(failure);
      }
      log({ status: cause.status, error: failure.message, reached: !cause.notSent, kind: failure.kind });
      throw failure;
    }
    try {
      const answer = request.served && status >= 200 && status < 300 ? (bytes as T) : parseAnswer<T>(status, decoder.decode(bytes), request);
      log({ status, reached: true });
      return answer;
    } catch (error) {
      const refused = error as BinServiceError;
      log({ status, reached: true, kind: refused.kind, message: refused.message });
      throw error;
    }
  }
}

function parseAnswer<T>(status: number, text: string, request: Request): T {
  let body: unknown;
  try {
    body = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const operation = request.facts.operation;
  if (status >= 200 && status < 300) {
    if (body === undefined) {
      const why = text.length > 0 ? l10n.t('it is not JSON') : l10n.t('it is empty');
      throw request.method === 'GET'
        ? new BinServiceError('server', l10n.t('The service answered {0} with a body that is not JSON', status), status, operation)
        : unreadAnswer(status, why, operation);
    }
    return (request.keepText ? { value: body, text } : body) as T;
  }
  const given = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  if (typeof given !== 'string' && (status === 404 || status === 405)) {
    // Not the service's own answer (it always gives a message): the route itself is missing.
    const route = `${request.method} ${request.path.replace(/^\/([bcs])\/[^/]+/, '/$1/…')}`;
    throw new BinServiceError('unsupported', l10n.t('This bin service does not offer {0} (it answered {1})', route, status), status, operation);
  }
  const cleaned = typeof given === 'string' ? shown(given, request) : '';
  const message = cleaned || l10n.t('The service answered {0} without a message', status);
  throw new BinServiceError(classify(status, cleaned ? (given as string) : message, request.facts), message, status, operation);
}

/** Longer service messages are cut here: a notification is no place for a page. */
const MAX_MESSAGE = 300;

/**
 * The service's message as it may be shown: never the key (a service may echo its header, as
 * sent or URL-encoded), no control or invisible formatting characters, at most 300 characters.
 */
function shown(message: string, request: Request): string {
  let text = message;
  for (const header of ['X-Master-Key', 'X-Access-Key']) {
    const key = request.headers[header];
    for (const form of key ? new Set([key, encodeURIComponent(key), encodeURI(key)]) : []) {
      text = text.split(form).join(`<${header}>`);
    }
  }
  // Lone surrogates go too: they are not text.
  const characters = Array.from(text.replace(/[\p{Cc}\p{Cf}\p{Cs}]+/gu, ' ').trim());
  return characters.length > MAX_MESSAGE ? `${characters.slice(0, MAX_MESSAGE).join('')}…` : characters.join('');
}

const decoder = new TextDecoder();

/** A request that got no answer to read, worded for the user: the same words on every host. */
function failureOf(cause: HttpFailure, request: Request, timeoutMs: number, maxAnswerBytes: number): BinServiceError {
  const operation = request.facts.operation;
  const status = cause.status;
  if (request.method !== 'GET' && status !== undefined && status >= 200 && status < 300) {
    return unreadAnswer(status, unreadBecause(cause, timeoutMs, maxAnswerBytes), operation);
  }
  if (status !== undefined && (status < 200 || status >= 300)) {
    // The status says the service did not do it: only its message was lost.
    const message = l10n.t('The service answered {0}, and its answer could not be read ({1})', status, unreadBecause(cause, timeoutMs, maxAnswerBytes));
    return new BinServiceError(classify(status, '', request.facts), message, status, operation);
  }
  switch (cause.reason) {
    case 'invalidHeader':
      return new BinServiceError(
        'invalidInput',
        l10n.t('The request could not be sent: a header holds a character HTTP does not allow (check the key)'),
        undefined,
        operation,
      );
    case 'answerTooLarge':
      return new BinServiceError(
        'answerTooLarge',
        l10n.t("The service's answer was over {0} (the {1} setting): it was not read", formatSize(maxAnswerBytes), 'jsonbin.maxAnswerMegabytes'),
        undefined,
        operation,
      );
    case 'redirect':
      // What a browser shows of a 3xx: the status and the place are hidden. Following it would send the key along.
      return new BinServiceError(
        'server',
        l10n.t('The service answered with a redirect, which is not followed (the key would go along): check the service URL'),
        undefined,
        operation,
      );
  }
  const timedOut = cause.reason === 'timeout';
  const why = timedOut
    ? l10n.t('The service did not answer within {0} s', timeoutMs / 1000)
    : cause.reason === 'blocked'
      ? l10n.t('Could not reach the bin service: the connection failed, or the service does not allow requests from a browser (CORS)')
      : cause.code
        ? l10n.t('Could not reach the bin service ({0}): the connection failed or was dropped', cause.code)
        : l10n.t('Could not reach the bin service: the connection failed or was dropped');
  // A write that left this machine may have been stored even though no answer came.
  return request.method !== 'GET' && !cause.notSent
    ? new BinServiceError('unknownOutcome', l10n.t('{0}. It may or may not have been stored: refresh to see before trying again', why), undefined, operation)
    : new BinServiceError(timedOut ? 'timeout' : 'network', why, undefined, operation);
}

/** Why the body of an answer whose status arrived could not be read. */
function unreadBecause(cause: HttpFailure, timeoutMs: number, maxAnswerBytes: number): string {
  switch (cause.reason) {
    case 'timeout':
      return l10n.t('it did not end within {0} s', timeoutMs / 1000);
    case 'answerTooLarge':
      return l10n.t('it was over {0}', formatSize(maxAnswerBytes));
    default:
      return cause.code ? l10n.t('the connection was dropped before it ended ({0})', cause.code) : l10n.t('the connection was dropped before it ended');
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
