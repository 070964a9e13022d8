/**
 * HTTP in the browser's web worker host, through `fetch`: web APIs only, so that it bundles for a
 * worker. It keeps the Node stack's guarantees: no redirect followed, the time limit over the whole
 * answer, the cap enforced while the answer streams in.
 */
import { afterStatus, errorCode, NOT_SENT_CODES, readCapped } from '../httpCommon';
import { HttpFailure, type Http, type HttpAnswer, type HttpOptions, type HttpRequest } from '../platform';

export class FetchHttp implements Http {
  /** The browser sends through its own proxy settings: the options hold nothing for it. */
  constructor(_options: HttpOptions) {}

  async send(request: HttpRequest): Promise<HttpAnswer> {
    let headers: Headers;
    try {
      headers = new Headers(request.headers);
    } catch {
      // A character HTTP forbids (a line break, one past U+00FF): refused before anything is sent.
      throw new HttpFailure('invalidHeader', true);
    }
    // The limit covers reading the body too.
    const signal = AbortSignal.timeout(request.timeoutMs);
    // Node's types leave `cache` out of RequestInit (its fetch has no cache), browsers honour it.
    const init: RequestInit & { cache: 'no-store' } = {
      method: request.method,
      headers,
      body: request.body,
      // A redirect would take the key elsewhere; the browser's cookies and cache have no part in the service's answers.
      redirect: 'manual',
      credentials: 'omit',
      cache: 'no-store',
      mode: 'cors',
      signal,
    };
    let response: Response;
    try {
      response = await fetch(request.url, init);
    } catch (error) {
      // A browser words a CORS refusal and a failed connection alike, without a code.
      throw failureOf(error, signal, 'blocked');
    }
    if (response.type === 'opaqueredirect') {
      throw new HttpFailure('redirect', false);
    }
    // A 3xx with its status (Node's fetch shows it) is an answer, as undici gives it: the client refuses it alike.
    if (!response.body) {
      return { status: response.status, bytes: new Uint8Array(0) };
    }
    const reader = response.body.getReader();
    try {
      const bytes = await readCapped(chunksOf(reader), request.maxAnswerBytes, () => void reader.cancel().catch(() => undefined));
      return { status: response.status, bytes };
    } catch (error) {
      // The answer passed CORS already: what fails now is the connection.
      throw afterStatus(error instanceof HttpFailure ? error : failureOf(error, signal, 'network'), response.status);
    }
  }

  /** The browser keeps the connections. */
  async close(): Promise<void> {}
}

async function* chunksOf(reader: ReadableStreamDefaultReader<Uint8Array>): AsyncGenerator<Uint8Array> {
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    yield next.value;
  }
}

/** Node's fetch gives the socket's code as the cause; a browser gives none. */
function failureOf(error: unknown, signal: AbortSignal, uncoded: 'blocked' | 'network'): HttpFailure {
  if (signal.aborted) {
    return new HttpFailure('timeout', false);
  }
  const code = errorCode(error);
  return code ? new HttpFailure('network', NOT_SENT_CODES.has(code), code) : new HttpFailure(uncoded, false);
}
