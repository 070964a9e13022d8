/**
 * Each host's HTTP stack (undici on Node, fetch in the browser; Node has a fetch too) under the
 * same cases, against the local service over loopback: the same guarantees, and the same words
 * where the fetch tells what undici tells (Node's fetch gives a socket's code and a redirect's
 * status; a browser gives neither, and the cases that stand a browser's fetch in say what then).
 */
import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { BinClient, RecordText, type ClientOptions, type RequestLogEntry } from '../../../src/core/api';
import { host, type Host } from '../../../src/platform';
import { UndiciHttp } from '../../../src/platform/node/http';
import { FetchHttp } from '../../../src/platform/web/http';
import { startFixture, type Fixture, rejection } from '../../support/fixture';

const STACKS: [string, Host['http']][] = [
  ['undici (the Node host)', async (options) => new UndiciHttp(options)],
  ['fetch (the web worker host)', async (options) => new FetchHttp(options)],
];

const UNKNOWN_OUTCOME = '. It may or may not have been stored: refresh to see before trying again';

/** The host's stack swapped for one under test while a suite runs. */
function usingStack(http: Host['http']): void {
  const original = host.http.bind(host);
  before(() => (host.http = http));
  after(() => (host.http = original));
}

/** A client of a port nothing listens on. */
async function closedPortClient(options: Partial<ClientOptions>): Promise<BinClient> {
  const port = await new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
  return new BinClient({ baseUrl: `http://127.0.0.1:${port}/v3`, key: () => 'k', backoffMs: 1, ...options });
}

for (const [name, http] of STACKS) {
  describe(`HTTP through ${name}`, () => {
    usingStack(http);
    let f: Fixture;
    beforeEach(async () => (f = await startFixture()));
    afterEach(() => f.close());

    it('reads a bin, its bytes in an array of their own', async () => {
      const owner = f.client(f.free);
      const id = (await owner.createBin({ record: { a: 1, b: 'ü' } })).metadata.id;
      assert.deepEqual((await owner.readBin(id)).record, { a: 1, b: 'ü' });
      const served = await owner.readServed(id);
      assert.equal(served.byteOffset, 0);
      assert.equal(served.buffer.byteLength, served.byteLength, 'transferable without taking a shared pool along');
      assert.deepEqual((JSON.parse(new TextDecoder().decode(served)) as { record: unknown }).record, { a: 1, b: 'ü' });
    });

    it('sends a written record byte for byte: its spacing, non-ASCII text and numbers as written', async () => {
      const owner = f.client(f.free);
      const created = '{\n  "price": 1.50,\n  "big": 1e300,\n  "id": 9007199254740992,\n  "name": "Zoë € 😀 \\u00e9"\n}';
      const updated = '{"price":   2.50e0, "name": "ünïcödé ✓"}\n';
      const mark = f.service.log.length;
      const id = (await owner.createBin({ record: await RecordText.parse(created) })).metadata.id;
      await owner.updateBin(id, await RecordText.parse(updated));
      assert.deepEqual(
        f.service.requestsSince(mark).map((e) => e.body),
        [created, updated],
      );
    });

    it('times out on a body that never ends, and hangs up', async () => {
      const client = f.client(f.free, { timeoutMs: 200 });
      f.service.fault({ method: 'GET', path: '/c', stalled: true });
      const mark = f.service.log.length;
      const error = await rejection(client.listCollections());
      assert.deepEqual([error.kind, error.message], ['timeout', 'The service did not answer within 0.2 s']);
      assert.equal(f.service.requestsSince(mark).length, 1, 'a timed-out read is not repeated');
      await Promise.all(f.service.hangUps);
    });

    it('stops an endless body at the cap, and hangs up', async () => {
      const client = f.client(f.free, { maxAnswerBytes: 256 * 1024 });
      f.service.fault({ method: 'GET', path: '/c', endless: true });
      const mark = f.service.log.length;
      const error = await rejection(client.listCollections());
      assert.deepEqual(
        [error.kind, error.message],
        ['answerTooLarge', "The service's answer was over 256.0 KB (the jsonbin.maxAnswerMegabytes setting): it was not read"],
      );
      assert.equal(f.service.requestsSince(mark).length, 1, 'a capped read is not repeated');
      await Promise.all(f.service.hangUps);
    });

    it('retries a read on a dropped connection, and says a dropped write may have been stored', async () => {
      const owner = f.client(f.free);
      f.service.fault({ method: 'GET', path: '/c', drop: true, times: 1 });
      const mark = f.service.log.length;
      assert.deepEqual(await owner.listCollections(), []);
      assert.deepEqual(
        f.service.requestsSince(mark).map((e) => e.status),
        ['dropped', 200],
      );
      f.service.fault({ method: 'GET', path: '/c', drop: true });
      const dropped = 'Could not reach the bin service (UND_ERR_SOCKET): the connection failed or was dropped';
      const read = await rejection(f.client(f.free, { retries: 0 }).listCollections());
      assert.deepEqual([read.kind, read.message], ['network', dropped]);
      f.service.fault({ method: 'POST', path: '/b', drop: true });
      const write = await rejection(owner.createBin({ record: { a: 1 } }));
      assert.deepEqual([write.kind, write.message], ['unknownOutcome', dropped + UNKNOWN_OUTCOME]);
      assert.equal(f.service.requestsSince(mark, 'POST').length, 1, 'a write that may have arrived is not repeated');
    });

    it('says a write answered 200 whose body was cut short may have been stored, in the same words', async () => {
      const log: RequestLogEntry[] = [];
      const owner = f.client(f.free, { onRequest: (e) => log.push(e) });
      f.service.fault({ method: 'POST', path: '/b', unreadable: 'cutShort' });
      const mark = f.service.log.length;
      const write = await rejection(owner.createBin({ record: { a: 1 } }));
      assert.deepEqual(
        [write.kind, write.status, write.message.replace(/ \(UND_ERR_[A-Z_]+\)/, '')],
        [
          'unknownOutcome',
          200,
          'The service answered 200, but its answer could not be read (the connection was dropped before it ended). The change may have been stored: refresh to see before trying again',
        ],
      );
      assert.deepEqual(
        log.map((e) => `${e.method} ${e.status} ${e.reached}`),
        ['POST 200 true'],
      );
      assert.equal(f.service.requestsSince(mark).length, 1);
    });

    it('marks a refused connection not sent, and retries it, read or write', async () => {
      const log: RequestLogEntry[] = [];
      const client = await closedPortClient({ retries: 2, onRequest: (e) => log.push(e) });
      try {
        const refused = 'Could not reach the bin service (ECONNREFUSED): the connection failed or was dropped';
        const read = await rejection(client.listCollections());
        assert.deepEqual([read.kind, read.message], ['network', refused]);
        const write = await rejection(client.createBin({ record: { a: 1 } }));
        assert.deepEqual([write.kind, write.message], ['network', refused], 'a write never sent is not of unknown outcome');
        assert.deepEqual(
          log.map((e) => `${e.method} ${e.reached}`),
          ['GET false', 'GET false', 'GET false', 'POST false', 'POST false', 'POST false'],
        );
      } finally {
        await client.close();
      }
    });

    it('never follows a redirect, read or write', async () => {
      const owner = f.client(f.free);
      const id = (await owner.createBin({ record: { a: 1 } })).metadata.id;
      f.service.fault({ path: /^\/(c|b\/[^/]+)$/, redirect: '/v3/followed' });
      const mark = f.service.log.length;
      const read = await rejection(owner.listCollections());
      assert.deepEqual([read.kind, read.message, read.status], ['server', 'The service answered 302 without a message', 302]);
      const write = await rejection(owner.updateBin(id, { a: 2 }));
      assert.deepEqual([write.kind, write.message], ['server', 'The service answered 302 without a message']);
      assert.deepEqual(
        f.service.requestsSince(mark).map((e) => `${e.method} ${e.path} ${e.status}`),
        ['GET /v3/c 302', `PUT /v3/b/${id} 302`],
      );
    });

    it('refuses a key holding a character HTTP forbids, before sending', async () => {
      const mark = f.service.log.length;
      for (const key of ['line\nbreak', 'euro€']) {
        const log: RequestLogEntry[] = [];
        const error = await rejection(f.client(undefined, { key: () => key, onRequest: (e) => log.push(e) }).listCollections());
        assert.deepEqual(
          [error.kind, error.message],
          ['invalidInput', 'The request could not be sent: a header holds a character HTTP does not allow (check the key)'],
        );
        assert.deepEqual(
          log.map((e) => e.reached),
          [false],
        );
      }
      assert.equal(f.service.requestsSince(mark).length, 0);
    });
  });
}

describe('HTTP through fetch, as a browser answers', () => {
  usingStack(async (options) => new FetchHttp(options));
  const realFetch = globalThis.fetch;
  afterEach(() => (globalThis.fetch = realFetch));

  /** A fetch that answers every request with `answer`, keeping what it was asked. */
  function stubFetch(answer: () => Promise<Response>): { url: string; init: RequestInit & { cache?: string } }[] {
    const asked: { url: string; init: RequestInit }[] = [];
    globalThis.fetch = (url, init) => {
      asked.push({ url: url as string, init: init ?? {} });
      return answer();
    };
    return asked;
  }

  const client = () => new BinClient({ baseUrl: 'http://127.0.0.1:9/v3', key: () => 'k', backoffMs: 1, retries: 2 });

  it('sends the body as given, with no redirect followed, no credentials and no cache', async () => {
    const asked = stubFetch(async () => new Response('{"record": {}, "metadata": {"id": "0123456789abcdef01234567", "private": true}}', { status: 200 }));
    const text = '{"n": 1.50, "s": "ü"}';
    await client().createBin({ record: await RecordText.parse(text) });
    const [{ url, init }] = asked;
    assert.equal(url, 'http://127.0.0.1:9/v3/b');
    assert.deepEqual([init.method, init.body, init.redirect, init.credentials, init.cache, init.mode], ['POST', text, 'manual', 'omit', 'no-store', 'cors']);
  });

  it('says a refusal without a cause (CORS or no connection) may be CORS; a read is asked again, a write is of unknown outcome', async () => {
    const asked = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const blocked = 'Could not reach the bin service: the connection failed, or the service does not allow requests from a browser (CORS)';
    const read = await rejection(client().listCollections());
    assert.deepEqual([read.kind, read.message], ['network', blocked]);
    assert.equal(asked.length, 3);
    const write = await rejection(client().createBin({ record: { a: 1 } }));
    assert.deepEqual([write.kind, write.message], ['unknownOutcome', blocked + UNKNOWN_OUTCOME]);
    assert.equal(asked.length, 4, 'a write that may have arrived is not repeated');
  });

  it('refuses a redirect the browser hides (opaqueredirect) without asking again', async () => {
    const asked = stubFetch(async () => ({ type: 'opaqueredirect', status: 0, body: null }) as Response);
    const error = await rejection(client().listCollections());
    assert.deepEqual(
      [error.kind, error.message, error.local],
      ['server', 'The service answered with a redirect, which is not followed (the key would go along): check the service URL', false],
    );
    assert.equal(asked.length, 1);
  });
});
