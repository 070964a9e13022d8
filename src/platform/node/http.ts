/** HTTP on the Node host, through undici: one keep-alive pool, through the proxy when one is set. */
import { Agent, ProxyAgent, type Dispatcher } from 'undici';
import { afterStatus, errorCode, NOT_SENT_CODES, readCapped } from '../httpCommon';
import { HttpFailure, type Http, type HttpAnswer, type HttpOptions, type HttpRequest } from '../platform';

/** undici's own time limits, besides the request's signal. */
const TIMEOUTS = new Set(['TimeoutError', 'HeadersTimeoutError', 'BodyTimeoutError']);

export class UndiciHttp implements Http {
  private pool?: Dispatcher;

  constructor(private readonly options: HttpOptions) {}

  async send(request: HttpRequest): Promise<HttpAnswer> {
    let status: number | undefined;
    try {
      const { origin } = new URL(request.url);
      const response = await this.dispatcher().request({
        origin,
        path: request.url.slice(origin.length),
        method: request.method,
        headers: request.headers,
        body: request.body,
        // The limit covers reading the body too.
        signal: AbortSignal.timeout(request.timeoutMs),
      });
      status = response.statusCode;
      const body = response.body;
      return { status, bytes: await readCapped(body, request.maxAnswerBytes, () => body.destroy()) };
    } catch (error) {
      throw afterStatus(error instanceof HttpFailure ? error : failureOf(error), status);
    }
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }

  /** Made with the first request, so that a proxy URL undici refuses fails that request as a connection would. */
  private dispatcher(): Dispatcher {
    if (!this.pool) {
      const settings = { keepAliveTimeout: 30_000, keepAliveMaxTimeout: 60_000, connections: 16 };
      this.pool = this.options.proxyUrl ? new ProxyAgent({ uri: this.options.proxyUrl, ...settings }) : new Agent(settings);
    }
    return this.pool;
  }
}

function failureOf(error: unknown): HttpFailure {
  const code = errorCode(error);
  if (code === 'UND_ERR_INVALID_ARG') {
    // Refused by undici before sending (e.g. a header holding a character HTTP forbids).
    return new HttpFailure('invalidHeader', true);
  }
  if (TIMEOUTS.has((error as { name?: string } | undefined)?.name ?? '')) {
    return new HttpFailure('timeout', false, code);
  }
  return new HttpFailure('network', NOT_SENT_CODES.has(code ?? ''), code);
}
