/**
 * Malformed service answers, generated from a well-formed one: mutated, truncated, not JSON,
 * null, huge, endless, slow, cut off, redirected, with odd statuses and headers, or with the key
 * echoed back in the message.
 */
import fc from 'fast-check';
import { ECHOED_KEY, ECHOED_URL_KEY, withKey } from './hostileService';

export type Delivery = 'whole' | 'slow' | 'silent' | 'stall' | 'resetBeforeAnswer' | 'resetMidBody' | 'closeMidBody' | 'flood';
/** How the body's end is told: a true Content-Length, one too short or too long, chunks, or the connection's close. */
export type Length = 'exact' | 'short' | 'long' | 'chunked' | 'close';

export interface Answer {
  status: number;
  reason: string;
  headers: [string, string][];
  body: string;
  length: Length;
  delivery: Delivery;
}

/** Where a redirect points: a client that followed one would ask for it. */
export const REDIRECT_TARGET = '/followed';

const statuses = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(200, 201, 204, 301, 302, 303, 307, 308, 400, 401, 403, 404, 405, 413, 422, 429, 500, 502, 503, 504) },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 599 }) },
);

const oddHeaders = fc.array(
  fc.constantFrom<[string, string]>(
    ['Content-Type', 'application/json; charset=utf-8'],
    ['Content-Type', 'text/html'],
    ['Content-Type', 'application/json; charset=latin1'],
    ['Content-Encoding', 'gzip'],
    ['Location', REDIRECT_TARGET],
    ['Location', 'http://127.0.0.2:9/v3/b'],
    ['Retry-After', '3600'],
    ['X-Bin-Private', 'maybe'],
    ['Set-Cookie', 'a=b'],
    ['X-Long', 'x'.repeat(8000)],
  ),
  { maxLength: 4 },
);

/** Replaces or drops one value somewhere inside `value`. */
function mutate(value: unknown, path: number[], replacement: unknown, drop: boolean): unknown {
  if (value === null || typeof value !== 'object' || path.length === 0) {
    return replacement;
  }
  const entries: [string, unknown][] = Object.entries(value);
  if (entries.length === 0) {
    return replacement;
  }
  const at = path[0] % entries.length;
  if (drop && path.length === 1) {
    entries.splice(at, 1);
  } else {
    entries[at] = [entries[at][0], mutate(entries[at][1], path.slice(1), replacement, drop)];
  }
  return Array.isArray(value) ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

/** Stands for a number literal in a mutated answer, written in its place as text. */
const LITERAL = '\u0000literal\u0000';

/** Number literals JavaScript holds as written, and some it cannot hold (beyond a double, more digits than it keeps). */
const literals = fc.constantFrom('1e400', '-1e400', '1e-400', '12345678901234567890', '9007199254740993', '0.1000000000000000000001', '1.50', '1E+2', '-0');

/** Bodies, from the operation's well-formed answer. */
function bodies(sample: unknown, bigBytes: number): fc.Arbitrary<string> {
  const good = JSON.stringify(sample);
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(good) },
    {
      weight: 6,
      arbitrary: fc
        .tuple(
          fc.array(fc.nat(20), { minLength: 1, maxLength: 4 }),
          fc.oneof(fc.constantFrom(null, '', 0, -1, 1e308, true, [], {}, 'x'), fc.jsonValue({ maxDepth: 2 })),
          fc.boolean(),
        )
        .map(([path, replacement, drop]) => JSON.stringify(mutate(sample, path, replacement, drop))),
    },
    { weight: 2, arbitrary: fc.nat(good.length).map((n) => good.slice(0, n)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        'null',
        '"just a string"',
        '<html><body>502 Bad Gateway</body></html>',
        '{"message": 42}',
        '{"message": null}',
        '{"message": ""}',
      ),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        `{"message": "Invalid key ${ECHOED_KEY}"}`,
        `{"message": "X-Master-Key: ${ECHOED_KEY} is not allowed"}`,
        `{"message": "Cannot GET /v3/b?key=${ECHOED_URL_KEY}"}`,
        `<pre>X-Access-Key: ${ECHOED_KEY}</pre>`,
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('{"message": "\\u0000"}', '{"message": "\\u202e\\u200b"}', '{"message": "bad\\u0007\\nthing"}', '{"message": "\\ud83d"}'),
    },
    { weight: 1, arbitrary: fc.constantFrom('['.repeat(20_000), `{"message": "${'m'.repeat(5000)}"}`, `{"message": "${'😀'.repeat(400)}"}`) },
    { weight: 1, arbitrary: fc.constant(`{"record": "${'x'.repeat(bigBytes)}"}`) },
  );
}

const reasons = fc.constantFrom('OK', '', 'Whatever', 'Bad Gateway');

/** Every way this harness answers, around `sample`, the well-formed answer of the operation. */
export function answers(sample: unknown, bigBytes: number): fc.Arbitrary<Answer> {
  const malformed = fc.record({
    status: statuses,
    reason: reasons,
    headers: oddHeaders,
    body: bodies(sample, bigBytes),
    length: fc.constantFrom<Length>('exact', 'exact', 'exact', 'short', 'long', 'chunked', 'close'),
    delivery: fc.oneof(
      { weight: 12, arbitrary: fc.constant<Delivery>('whole') },
      { weight: 1, arbitrary: fc.constantFrom<Delivery>('slow', 'silent', 'stall', 'resetBeforeAnswer', 'resetMidBody', 'closeMidBody', 'flood') },
    ),
  });
  // A well-formed 200 with a number literal somewhere, as a service keeping texts may write one: JavaScript may not hold it as written.
  const literal = fc.tuple(fc.array(fc.nat(20), { minLength: 1, maxLength: 4 }), literals).map(([path, written]): Answer => ({
    status: 200,
    reason: 'OK',
    headers: [],
    body: JSON.stringify(mutate(sample, path, LITERAL, false)).replace(JSON.stringify(LITERAL), written),
    length: 'exact',
    delivery: 'whole',
  }));
  return fc.oneof({ weight: 8, arbitrary: malformed }, { weight: 2, arbitrary: literal });
}

/** Whether the client was told, completely, that the service stored the record: a 2xx whose whole (declared) body is JSON. */
export function storedBy(answer: Answer, key: string): boolean {
  if (answer.status < 200 || answer.status > 299 || answer.status === 204 || !['whole', 'slow'].includes(answer.delivery) || answer.length === 'long') {
    return false;
  }
  try {
    JSON.parse(declaredBody(answer, key));
    return true;
  } catch {
    return false;
  }
}

/** The body as far as its declared length goes: what a client that read it to its end was given. */
export function declaredBody(answer: Answer, key: string): string {
  const body = Buffer.from(withKey(answer.body, key));
  return (answer.length === 'short' ? body.subarray(0, Math.floor(body.length / 2)) : body).toString('utf8');
}
