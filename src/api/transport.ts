/**
 * HTTP through undici: one keep-alive pool, a time limit and a size cap per answer, retries only
 * where they cannot store anything twice. The client loads this module, and undici with it, at
 * its first request.
 */
import { activity } from './activity';
import { Agent, ProxyAgent, type Dispatcher } from 'undici';
import { BinServiceError, classify, type ErrorKind, type Operation, type RequestFacts } from './errors';
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
  /** Called once per answered or failed request, with nothing secret in it. */
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
  /** True when the request reached the service, or may have (a timeout, a cut-off answer). */
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
}

const RETRYABLE_STATUS = new Set([502, 503, 504]);
/** Connection errors raised before any byte of the request could have reached the service. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export class Transport {
  private dispatcher?: Dispatcher;
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

  private pool(): Dispatcher {
    if (!this.dispatcher) {
      const settings = { keepAliveTimeout: 30_000, keepAliveMaxTimeout: 60_000, connections: 16 };
      this.dispatcher = this.options.proxyUrl ? new ProxyAgent({ uri: this.options.proxyUrl, ...settings }) : new Agent(settings);
    }
    return this.dispatcher;
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
          (idempotent ? error.kind === 'network' || RETRYABLE_STATUS.has(error.status ?? 0) : error.kind === 'network' && notSent(error));
        if (!retry) {
          throw error;
        }
        await delay(this.backoffMs * 2 ** attempt);
      }
    }
  }

  async close(): Promise<void> {
    await this.dispatcher?.close();
  }

  private async once<T>(request: Request): Promise<T> {
    const started = Date.now();
    const path = this.basePath + request.path;
    const operation = request.facts.operation;
    const log = (fields: Omit<RequestLogEntry, 'method' | 'path' | 'operation' | 'ms'>) =>
      this.options.onRequest?.({ method: request.method, path, operation, ms: Date.now() - started, ...fields });
    let status: number;
    let bytes: Uint8Array;
    try {
      const dispatcher = this.pool();
      const response = await dispatcher.request({
        origin: this.origin,
        path,
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.statusCode;
      bytes = await readCapped(response.body, this.maxAnswerBytes, request);
    } catch (error) {
      const failure = error instanceof BinServiceError ? error : transportError(error, this.timeoutMs, request);
      // Refused by undici, or a connection never made: the service saw nothing.
      const reached = failure.kind === 'network' ? !notSent(failure) : failure.kind !== 'invalidInput';
      log({ error: failure.message, reached, kind: failure.kind });
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
      throw new BinServiceError('server', `The service answered ${status} with a body that is not JSON`, status, operation);
    }
    return body as T;
  }
  const given = body && typeof body === 'object' ? (body as { message?: unknown }).message : undefined;
  if (typeof given !== 'string' && (status === 404 || status === 405)) {
    // Not the service's own answer (it always gives a message): the route itself is missing.
    const route = `${request.method} ${request.path.replace(/^\/([bcs])\/[^/]+/, '/$1/…')}`;
    throw new BinServiceError('unsupported', `This bin service does not offer ${route} (it answered ${status})`, status, operation);
  }
  const cleaned = typeof given === 'string' ? shown(given, request) : '';
  const message = cleaned || `The service answered ${status} without a message`;
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

/**
 * Reads the body as it streams in, and stops at the cap instead of holding an endless answer. The
 * bytes come in an array of their own, so that they can be handed to a worker without a copy.
 */
async function readCapped(body: Dispatcher.ResponseData['body'], cap: number, request: Request): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of body) {
    bytes += (chunk as Buffer).byteLength;
    if (bytes > cap) {
      body.destroy();
      throw new BinServiceError(
        'answerTooLarge',
        `The service's answer was over ${formatSize(cap)} (the jsonbin.maxAnswerMegabytes setting): it was not read`,
        undefined,
        request.facts.operation,
      );
    }
    chunks.push(chunk as Buffer);
  }
  const whole = new Uint8Array(bytes);
  let at = 0;
  for (const chunk of chunks) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return whole;
}

const decoder = new TextDecoder();

function transportError(error: unknown, timeoutMs: number, request: Request): BinServiceError {
  const operation = request.facts.operation;
  if (errorCode(error) === 'UND_ERR_INVALID_ARG') {
    // Refused by undici before sending (e.g. a header holding a character HTTP forbids): nothing left.
    return new BinServiceError(
      'invalidInput',
      'The request could not be sent: a header holds a character HTTP does not allow (check the key)',
      undefined,
      operation,
    );
  }
  const name = (error as { name?: string })?.name;
  const timedOut = name === 'TimeoutError' || name === 'HeadersTimeoutError' || name === 'BodyTimeoutError';
  const code = errorCode(error);
  const why = timedOut
    ? `The service did not answer within ${timeoutMs / 1000} s`
    : `Could not reach the bin service${code ? ` (${code})` : ''}: the connection failed or was dropped`;
  // A write that left this machine may have been stored even though no answer came.
  const maybeStored = request.method !== 'GET' && (timedOut || !NOT_SENT_CODES.has(code ?? ''));
  const failure = maybeStored
    ? new BinServiceError('unknownOutcome', `${why}. It may or may not have been stored: refresh to see before trying again`, undefined, operation)
    : new BinServiceError(timedOut ? 'timeout' : 'network', why, undefined, operation);
  (failure as { code?: string }).code = code;
  return failure;
}

function errorCode(error: unknown): string | undefined {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string') {
      return e.code;
    }
  }
  return undefined;
}

function notSent(error: BinServiceError): boolean {
  return NOT_SENT_CODES.has((error as { code?: string }).code ?? '');
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
