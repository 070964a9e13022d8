import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { BinClient, classify } from '../../../../src/core/api';
import { startFixture, type Fixture, rejection } from '../../../support/fixture';

describe('service client', () => {
  let f: Fixture;
  beforeEach(async () => (f = await startFixture()));
  afterEach(() => f.close());

  it('sends exactly the headers the contract names on create', async () => {
    const owner = f.client(f.free);
    const collection = await owner.createCollection('c');
    const mark = f.service.log.length;
    const created = await owner.createBin({ record: { a: 1 }, name: 'My bin', private: false, collectionId: collection.id });
    const [entry] = f.service.requestsSince(mark);
    assert.equal(entry.method, 'POST');
    assert.equal(entry.path, '/v3/b');
    assert.ok(entry.hasKey);
    assert.equal(entry.headers['content-type'], 'application/json');
    assert.equal(entry.headers['x-bin-name'], 'My bin');
    assert.equal(entry.headers['x-bin-private'], 'false');
    assert.equal(entry.headers['x-collection-id'], collection.id);
    assert.equal(created.metadata.private, false);
    assert.match(created.metadata.id, /^[0-9a-f]{24}$/);
  });

  it('reads and updates a public bin with no key, and sends no Content-Type without a body', async () => {
    const id = (await f.client(f.free).createBin({ record: { a: 1 }, private: false })).metadata.id;
    const anonymous = f.client();
    const mark = f.service.log.length;
    assert.deepEqual((await anonymous.readBin(id)).record, { a: 1 });
    await anonymous.updateBin(id, { a: 2 });
    const [read, update] = f.service.requestsSince(mark);
    assert.equal(read.hasKey, false);
    assert.equal(read.headers['content-type'], undefined);
    assert.equal(update.hasKey, false);
    assert.equal(update.headers['content-type'], 'application/json');
    assert.equal(update.headers['x-bin-versioning'], undefined);
  });

  it("reads a bin's answer as served, bytes unparsed in an array of their own, and refuses as any read does", async () => {
    const owner = f.client(f.free);
    const id = (await owner.createBin({ record: { a: 1.5e3, b: 'ü' } })).metadata.id;
    const mark = f.service.log.length;
    const served = await owner.readServed(id);
    assert.deepEqual(
      f.service.requestsSince(mark).map((r) => `${r.method} ${r.path}`),
      [`GET /v3/b/${id}/latest`],
    );
    assert.equal(served.byteOffset, 0);
    assert.equal(served.buffer.byteLength, served.byteLength, 'transferable without taking a shared pool along');
    const answer = JSON.parse(new TextDecoder().decode(served)) as { record: unknown; metadata: { id: string } };
    assert.deepEqual(answer.record, { a: 1500, b: 'ü' });
    assert.equal(answer.metadata.id, id);
    assert.equal((await rejection(owner.readServed('ffffffffffffffffffffffff'))).kind, 'notFound');
  });

  it('keeps versions on a paid plan and deletes them with and without X-Preserve-Latest', async () => {
    const owner = f.client(f.paid);
    const id = (await owner.createBin({ record: { v: 0 } })).metadata.id;
    await owner.updateBin(id, { v: 1 }, { versioning: true });
    await owner.updateBin(id, { v: 2 });
    assert.equal((await owner.versionCount(id)).versionCount, 2);
    assert.deepEqual((await owner.readBin(id, 1)).record, { v: 1 });
    assert.deepEqual((await owner.readBin(id, 0)).record, { v: 0 });
    const mark = f.service.log.length;
    const kept = await owner.deleteVersions(id, { preserveLatest: true });
    assert.equal(f.service.requestsSince(mark)[0].headers['x-preserve-latest'], 'true');
    assert.equal(kept.versionsDeleted, 2);
    assert.deepEqual((await owner.readBin(id)).record, { v: 2 });
    await owner.updateBin(id, { v: 3 });
    const dropped = await owner.deleteVersions(id);
    assert.equal(dropped.versionsDeleted, 1);
    assert.deepEqual((await owner.readBin(id)).record, { v: 2 }, 'without preserve the base record is the latest again');
  });

  it('pages a collection 10 bins at a time with the last-id cursor', async () => {
    const owner = f.client(f.free);
    const collection = await owner.createCollection('many');
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      ids.push((await owner.createBin({ record: { i }, name: `bin ${i}`, collectionId: collection.id })).metadata.id);
    }
    const first = await owner.listBins(collection.id);
    const second = await owner.listBins(collection.id, first.at(-1)!.id);
    const third = await owner.listBins(collection.id, second.at(-1)!.id);
    assert.deepEqual([first.length, second.length, third.length], [10, 10, 3]);
    assert.deepEqual(
      [...first, ...second, ...third].map((b) => b.id),
      [...ids].reverse(),
    );
    assert.equal(first[0].name, 'bin 22');
    assert.deepEqual(await owner.listBins('uncategorized'), []);
  });

  it('attaches and detaches schema docs, and lists them on collections', async () => {
    const owner = f.client(f.free);
    const collection = await owner.createCollection('c');
    const doc = await owner.createSchemaDoc('s', { type: 'object' });
    await owner.attachSchemaDoc(collection.id, doc.metadata.id);
    assert.equal((await owner.listCollections())[0].schemaDocId, doc.metadata.id);
    await owner.detachSchemaDoc(collection.id);
    assert.equal((await owner.listCollections())[0].schemaDocId, undefined);
    const mark = f.service.log.length;
    await owner.updateSchemaDoc(doc.metadata.id, { type: 'array' }, 'renamed');
    assert.equal(f.service.requestsSince(mark)[0].headers['x-schema-doc-name'], 'renamed');
    assert.equal((await owner.readSchemaDoc(doc.metadata.id)).metadata.name, 'renamed');
  });

  it('renames a bin and changes its privacy', async () => {
    const owner = f.client(f.free);
    const id = (await owner.createBin({ record: { a: 1 } })).metadata.id;
    await owner.renameBin(id, 'new name');
    await owner.setPrivacy(id, false);
    const bin = await owner.readBin(id);
    assert.equal(bin.metadata.name, 'new name');
    assert.equal(bin.metadata.private, false);
  });

  it('never lets an id that is not a plain identifier reach the network', async () => {
    const owner = f.client(f.free);
    const mark = f.service.log.length;
    for (const id of ['../c', 'a/b?x', '', 'a b', '%2e%2e']) {
      const error = await rejection(owner.readBin(id));
      assert.equal(error.kind, 'invalidInput');
      assert.ok(error.local);
    }
    await rejection(owner.listBins('x/../y'));
    await rejection(owner.attachSchemaDoc('abc', '../s'));
    assert.equal(f.service.log.length, mark);
  });

  it('counts names in characters from 1 to 128', async () => {
    const owner = f.client(f.free);
    const mark = f.service.log.length;
    assert.equal((await rejection(owner.createBin({ record: { a: 1 }, name: '' }))).kind, 'invalidInput');
    assert.equal((await rejection(owner.createBin({ record: { a: 1 }, name: 'a\nb' }))).kind, 'invalidInput');
    assert.equal(f.service.log.length, mark);
    const created = await owner.createBin({ record: { a: 1 }, name: 'é'.repeat(128) });
    assert.ok(created.metadata.id);
  });

  it('counts a KB as 1,024 bytes of the JSON body: the free limit is 512,000 bytes', async () => {
    const owner = f.client(f.free);
    const bodyOf = (n: number) => ({ s: 'x'.repeat(n - '{"s":""}'.length) });
    await owner.createBin({ record: bodyOf(512_000) });
    const error = await rejection(owner.createBin({ record: bodyOf(512_001) }));
    assert.equal(error.kind, 'tooLarge');
    assert.ok(error.local);
    const paid = f.client(f.paid);
    await paid.createBin({ record: bodyOf(1024 * 1024) });
    assert.equal((await rejection(paid.createBin({ record: bodyOf(1024 * 1024 + 1) }))).kind, 'tooLarge');
  });

  it('retries a read after a 503 and a dropped connection, with backoff', async () => {
    const owner = f.client(f.free);
    const id = (await owner.createBin({ record: { a: 1 } })).metadata.id;
    f.service.fault({ method: 'GET', path: `/b/${id}/latest`, status: 503, message: 'busy', times: 1 });
    f.service.fault({ method: 'GET', path: `/b/${id}/latest`, drop: true, times: 1 });
    const mark = f.service.log.length;
    assert.deepEqual((await owner.readBin(id)).record, { a: 1 });
    assert.deepEqual(
      f.service.requestsSince(mark).map((e) => e.status),
      [503, 'dropped', 200],
    );
  });

  it('never repeats a create or an update that may have arrived', async () => {
    const owner = f.client(f.free);
    const id = (await owner.createBin({ record: { a: 1 } })).metadata.id;
    f.service.fault({ method: 'POST', path: '/b', drop: true });
    f.service.fault({ method: 'PUT', path: `/b/${id}`, status: 503, message: 'busy' });
    const mark = f.service.log.length;
    const create = await rejection(owner.createBin({ record: { b: 1 } }));
    assert.equal(create.kind, 'unknownOutcome');
    assert.match(create.message, /may or may not have been stored: refresh/);
    const update = await rejection(owner.updateBin(id, { a: 2 }));
    assert.equal(update.kind, 'server');
    assert.equal(update.message, 'busy');
    assert.deepEqual(
      f.service.requestsSince(mark).map((e) => e.method),
      ['POST', 'PUT'],
    );
  });

  it('times out a slow request with the timeout kind', async () => {
    const owner = f.client(f.free, { timeoutMs: 100, retries: 0 });
    f.service.fault({ method: 'GET', path: '/c', delayMs: 400 });
    assert.equal((await rejection(owner.listCollections())).kind, 'timeout');
  });

  it('reports a malformed answer as a server error', async () => {
    const owner = f.client(f.free, { retries: 0 });
    f.service.fault({ method: 'GET', path: '/c', malformed: true });
    const error = await rejection(owner.listCollections());
    assert.equal(error.kind, 'server');
    assert.match(error.message, /not JSON/);
  });

  it('reports a refused connection as a network error', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const client = new BinClient({ baseUrl: `http://127.0.0.1:${port}/v3`, key: () => 'k', retries: 1, backoffMs: 1 });
    assert.equal((await rejection(client.listCollections())).kind, 'network');
    await client.close();
  });

  it('never puts the key in an error, a log line or an exception', async () => {
    const secret = 'SECRET-KEY-VALUE-123';
    const lines: string[] = [];
    const client = f.client(undefined, { key: () => secret, onRequest: (e) => lines.push(JSON.stringify(e)), retries: 0 });
    const errors = [await rejection(client.listCollections()), await rejection(client.readBin('TestID'))];
    f.service.fault({ method: 'GET', path: '/c', drop: true });
    errors.push(await rejection(client.listCollections()));
    for (const text of [...lines, ...errors.map((e) => `${e.message} ${e.stack} ${JSON.stringify(e)}`)]) {
      assert.ok(!text.includes(secret), text);
    }
    assert.equal(lines.length, 3);
  });

  it('refuses to send the key over plain http to a host that is not loopback', async () => {
    const client = new BinClient({ baseUrl: 'http://example.invalid/v3', key: () => 'k' });
    const error = await rejection(client.listCollections());
    assert.match(error.message, /Refusing to send the key/);
    await client.close();
  });

  it('spends one request of the allowance per call, then answers 403 to everything', async () => {
    const account = f.service.addAccount('free', 3);
    const client = f.client(account);
    const id = (await client.createBin({ record: { a: 1 } })).metadata.id;
    await client.readBin(id);
    await client.updateBin(id, { a: 2 });
    for (const call of [client.listCollections(), client.readBin(id), client.deleteBin(id)]) {
      assert.equal((await rejection(call)).kind, 'allowanceExhausted');
    }
    assert.equal(account.used, 3);
  });
});

describe('classification of the live service wording', () => {
  const facts = (operation: Parameters<typeof classify>[2]['operation'], sentKey = true, sentBody = false, askedForVersioning = false) => ({
    operation,
    sentKey,
    sentBody,
    askedForVersioning,
  });
  const cases: [number, string, ReturnType<typeof facts>, string][] = [
    [401, 'You need to pass X-Master-Key or X-Access-Key in the header to read a private bin', facts('readBin', false), 'missingKey'],
    [401, "X-Master-Key is invalid or the bin doesn't belong to your account", facts('readBin'), 'invalidKey'],
    [400, 'Invalid Bin Id provided', facts('readBin'), 'invalidInput'],
    [404, "Bin not found or it doesn't belong to your account", facts('deleteBin'), 'notFound'],
    [401, 'You need to pass X-Master-Key or X-Access-Key in the header to create a bin', facts('createBin', false, true), 'missingKey'],
    [401, 'Invalid X-Master-Key provided', facts('createBin', true, true), 'invalidKey'],
    [400, 'Invalid JSON. Please try again', facts('createBin', true, true), 'invalidInput'],
    [401, 'You need to pass X-Master-Key or X-Access-Key in the header to update a private bin', facts('updateBin', false, true), 'missingKey'],
    [401, 'You need to pass X-Master-Key or X-Access-Key in the header to delete a bin', facts('deleteBin', false), 'missingKey'],
    [400, "Schema Doc Validation Mismatch:  should have required property 'username'", facts('updateBin', true, true), 'schemaMismatch'],
    [403, 'Requests exhausted. Buy additional requests at https://jsonbin.io/pricing', facts('updateBin', true, true, true), 'allowanceExhausted'],
    [403, 'Versioning is not available for the Free users.', facts('updateBin', true, true, true), 'versioningNotOnPlan'],
    [403, 'Free users cannot update a record over 500kb.', facts('updateBin', true, true), 'tooLarge'],
    [502, 'Bad gateway', facts('listCollections'), 'server'],
  ];
  for (const [status, message, f, kind] of cases) {
    it(`${status} "${message.slice(0, 50)}" is ${kind}`, () => assert.equal(classify(status, message, f), kind));
  }
});

describe('service client and public bins of other accounts', () => {
  let f: Fixture;
  beforeEach(async () => (f = await startFixture()));
  afterEach(() => f.close());

  it('reads and updates them without the key they refuse, asking twice only the first time', async () => {
    const id = (await f.client(f.free).createBin({ record: { shared: 1 }, private: false })).metadata.id;
    const stranger = f.client(f.other);
    // The stranger's key is known good once the service accepted it.
    await stranger.listCollections();
    let mark = f.service.log.length;
    assert.deepEqual((await stranger.readBin(id)).record, { shared: 1 });
    assert.deepEqual(
      f.service.requestsSince(mark).map((e) => `${e.status} ${e.hasKey}`),
      ['401 true', '200 false'],
    );
    mark = f.service.log.length;
    await stranger.updateBin(id, { shared: 2 });
    assert.deepEqual((await stranger.readBin(id)).record, { shared: 2 });
    assert.deepEqual(
      f.service.requestsSince(mark).map((e) => `${e.status} ${e.hasKey}`),
      ['200 false', '200 false'],
    );
  });

  it('asks again without a checked key from its very first request (a key stored after the service accepted it)', async () => {
    const id = (await f.client(f.free).createBin({ record: { shared: 1 }, private: false })).metadata.id;
    const stranger = f.client(f.other, { keyChecked: true });
    const mark = f.service.log.length;
    await stranger.updateBin(id, { shared: 2 });
    assert.deepEqual(
      f.service.requestsSince(mark).map((e) => `${e.method} ${e.status} ${e.hasKey}`),
      ['PUT 401 true', 'PUT 200 false'],
    );
    assert.deepEqual(f.service.store.latest(f.service.store.bins.get(id)!), { shared: 2 });
  });

  it('asks again without a checked key only until both ways are refused: a key revoked since costs one extra request once', async () => {
    const id = (await f.client(f.free).createBin({ record: { secret: 1 } })).metadata.id;
    const revoked = f.client(undefined, { key: () => 'revoked-key', keyChecked: true });
    let mark = f.service.log.length;
    await rejection(revoked.readBin(id));
    assert.deepEqual(
      f.service.requestsSince(mark).map((e) => `${e.status} ${e.hasKey}`),
      ['401 true', '401 false'],
    );
    mark = f.service.log.length;
    await rejection(revoked.readBin(id));
    assert.deepEqual(
      f.service.requestsSince(mark).map((e) => `${e.status} ${e.hasKey}`),
      ['401 true'],
    );
  });

  it('keeps the first refusal for a private bin', async () => {
    const id = (await f.client(f.free).createBin({ record: { secret: 1 } })).metadata.id;
    const stranger = f.client(f.other);
    await stranger.listCollections();
    const mark = f.service.log.length;
    const error = await rejection(stranger.readBin(id));
    assert.equal(error.kind, 'invalidKey');
    assert.equal(error.status, 401);
    assert.deepEqual(
      f.service.requestsSince(mark).map((e) => `${e.status} ${e.hasKey}`),
      ['401 true', '401 false'],
    );
  });

  it('spends one request when a key never accepted meets a private bin', async () => {
    const id = (await f.client(f.free).createBin({ record: { secret: 1 } })).metadata.id;
    const mark = f.service.log.length;
    const error = await rejection(f.client(undefined, { key: () => 'not-a-key' }).readBin(id));
    assert.equal(error.kind, 'invalidKey');
    assert.deepEqual(
      f.service.requestsSince(mark).map((e) => `${e.status} ${e.hasKey}`),
      ['401 true'],
    );
  });
});
