/** What both HTTP stacks share: an answer read under its cap, and a failed connection's code. */
import { HttpFailure } from './platform';

/** Connection errors raised before any byte of the request could have reached the service. */
export const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * Reads the body as it streams in, and stops it at the cap instead of holding an endless answer.
 * The bytes come in an array of their own, so that they can be handed to a worker without a copy.
 */
export async function readCapped(chunks: AsyncIterable<Uint8Array>, cap: number, stop: () => void): Promise<Uint8Array> {
  const read: Uint8Array[] = [];
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += chunk.byteLength;
    if (bytes > cap) {
      stop();
      throw new HttpFailure('answerTooLarge', false);
    }
    read.push(chunk);
  }
  const whole = new Uint8Array(bytes);
  let at = 0;
  for (const chunk of read) {
    whole.set(chunk, at);
    at += chunk.byteLength;
  }
  return whole;
}

/** The first code along the error's causes (a fetch error's cause holds the socket's). */
export function errorCode(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string') {
      return e.code;
    }
  }
  return undefined;
}

/** `failure` of an answer whose status had arrived: its body is what failed. */
export function afterStatus(failure: HttpFailure, status: number | undefined): HttpFailure {
  return status === undefined ? failure : new HttpFailure(failure.reason, false, failure.code, status);
}
