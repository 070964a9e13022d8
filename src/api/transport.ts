/** HTTP through undici: one keep-alive pool, a time limit per request, retries only where safe. */
import type { Dispatcher } from 'undici';
import { BinServiceError, classify, type RequestFacts } from './errors';

export interface TransportOptions {
  /** Whole-request time limit in milliseconds. */
  timeoutMs?: number;
  /** How many times a safe request is repeated after a network error, a timeout or a 502/503/504. */
  retries?: number;
  /** First backoff delay; it doubles on every retry. */
  backoffMs?: number;
  /** An http(s) proxy to send every request through. */
  proxyUrl?: string;
  /** Called once per answered or failed request, with nothing secret in it. */
  onRequest?: (entry: RequestLogEntry) => void;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  status?: number;
  ms: number;
  error?: string;
}

export interface Request {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: string;
  facts: RequestFacts;
}

const RETRYABLE_STATUS = new Set([502, 503, 504]);
/** Connection errors raised before any byte of the request could have reached the service. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export class Transport {
  private dispatcher?: Promise<Dispatcher>;
  /** The pool once loaded, so that later requests need not wait for the load. */
  private ready?: Dispatcher;
  private readonly timeoutMs: number;
  private readonly retries: number;
  private readonly backoffMs: number;

  constructor(
    private readonly origin: string,
    private readonly basePath: string,
    private readonly options: TransportOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.retries = options.retries ?? 2;
    this.backoffMs = options.backoffMs ?? 250;
  }

  /** undici is loaded with the first request, so that loading the extension does not pay for it. */
  private pool(): Promise<Dispatcher> {
    this.dispatcher ??= import('undici').then(({ Agent, ProxyAgent }) => {
      const settings = { keepAliveTimeout: 30_000, keepAliveMaxTimeout: 60_000, connections: 16 };
      this.ready = this.options.proxyUrl ? new ProxyAgent({ uri: this.options.proxyUrl, ...settings }) : new Agent(settings);
      return this.ready;
    });
    return this.dispatcher;
  }

  async send<T>(request: Request): Promise<T> {
    // Reads repeat harmlessly; a write is repeated only when it surely never left this machine.
    const idempotent = request.method === 'GET';
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once<T>(request);
      } catch (error) {
        const retry =
          attempt < this.retries &&
          error instanceof BinServiceError &&
          (idempotent
            ? error.kind === 'network' || error.kind === 'timeout' || RETRYABLE_STATUS.has(error.status ?? 0)
            : error.kind === 'network' && notSent(error));
        if (!retry) {
          throw error;
        }
        await delay(this.backoffMs * 2 ** attempt);
      }
    }
  }

  async close(): Promise<void> {
    await (await this.dispatcher)?.close();
  }

  private async once<T>(request: Request): Promise<T> {
    const started = Date.now();
    const path = this.basePath + request.path;
    const log = (status?: number, error?: string) =>
      this.options.onRequest?.({ method: request.method, path, status, ms: Date.now() - started, error });
    let status: number;
    let text: string;
    try {
      const dispatcher = this.ready ?? (await this.pool());
      const response = await dispatcher.request({
        origin: this.origin,
        path,
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      const failure = transportError(error, this.timeoutMs, request);
      log(undefined, failure.message);
      throw failure;
    }
    log(status);
    return parseAnswer<T>(status, text, request);
  }
}

function parseAnswer<T>(status: number, text: string, request: Request): T {
  let body: unknown;
  try {
    body = text.length > 0 ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (status >= 200 && status < 300) {
    if (body === undefined) {
      throw new BinServiceError('server', `The service answered ${status} with a body that is not JSON`, status, request.facts.operation);
    }
    return body as T;
  }
  const message =
    body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : `The service answered ${status} without a message`;
  throw new BinServiceError(classify(status, message, request.facts), message, status, request.facts.operation);
}

function transportError(error: unknown, timeoutMs: number, request: Request): BinServiceError {
  const operation = request.facts.operation;
  const name = (error as { name?: string })?.name;
  if (name === 'TimeoutError' || name === 'HeadersTimeoutError' || name === 'BodyTimeoutError') {
    return new BinServiceError('timeout', `The service did not answer within ${timeoutMs / 1000} s`, undefined, operation);
  }
  const code = errorCode(error);
  const failure = new BinServiceError(
    'network',
    `Could not reach the bin service${code ? ` (${code})` : ''}: the connection failed or was dropped`,
    undefined,
    operation,
  );
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
