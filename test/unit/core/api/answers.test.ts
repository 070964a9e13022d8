/** Answers that do not fit: wrong shapes, endless bodies, missing routes; and what minimal answers still teach. */
import * as assert from 'node:assert/strict';
import { startFixture, type Fixture, rejection } from '../../../support/fixture';

describe('answers that do not fit the interface', () => {
  let f: Fixture;
  before(async () => (f = await startFixture()));
  after(() => f.close());
  afterEach(() => f.service.clearFaults());

  it('names a 200 of the wrong shape instead of opening an empty document', async () => {
    const client = f.client(f.free);
    const id = (await client.createBin({ record: { a: 1 } })).metadata.id;
    for (const body of [{ metadata: { id, private: true } }, { record: { a: 1 }, metadata: null }, { record: { a: 1 }, metadata: [] }, [1, 2], 'text']) {
      f.service.fault({ method: 'GET', path: `/b/${id}/latest`, body, times: 1 });
      const error = await rejection(client.readBin(id));
      assert.equal(error.kind, 'server');
      assert.match(error.message, /answered 200 without a record and its metadata/, JSON.stringify(body));
    }
    f.service.fault({ method: 'GET', path: '/c', body: { not: 'a list' }, times: 1 });
    assert.match((await rejection(client.listCollections())).message, /without a list of collections/);
  });

  it('shows a service message without the key it echoes, without control characters, and cut to 300 characters', async () => {
    const client = f.client(f.free);
    f.service.fault({ method: 'GET', path: '/c', status: 500, message: `Bad key ${f.free.key}\u0000!`, times: 1 });
    assert.equal((await rejection(client.listCollections())).message, 'Bad key <X-Master-Key> !');
    f.service.fault({ method: 'GET', path: '/c', status: 500, message: 'm'.repeat(5000), times: 1 });
    assert.equal((await rejection(client.listCollections())).message, `${'m'.repeat(300)}…`);
    f.service.fault({ method: 'GET', path: '/c', status: 500, message: '😀'.repeat(400), times: 1 });
    assert.equal((await rejection(client.listCollections())).message, `${'😀'.repeat(300)}…`, 'cut between characters, not inside one');
    f.service.fault({ method: 'GET', path: '/c', status: 500, message: `see /v3/c?key=${encodeURIComponent(f.free.key)}\u202e`, times: 1 });
    assert.equal((await rejection(client.listCollections())).message, 'see /v3/c?key=<X-Master-Key>');
    for (const blank of ['  ', '\u0000', '\ud83d']) {
      f.service.fault({ method: 'GET', path: '/c', status: 500, message: blank, times: 1 });
      assert.equal((await rejection(client.listCollections())).message, 'The service answered 500 without a message', JSON.stringify(blank));
    }
  });

  it('says a delete answered without its count may have been done; treats a collection date or a schema doc id that is not text as unknown', async () => {
    const client = f.client(f.free);
    const id = (await client.createBin({ record: { a: 1 } })).metadata.id;
    f.service.fault({ method: 'DELETE', path: `/b/${id}`, body: { metadata: { id }, message: 'Bin deleted successfully' }, times: 1 });
    const unread = await rejection(client.deleteBin(id));
    assert.equal(unread.kind, 'unknownOutcome');
    assert.match(
      unread.message,
      /^The service answered success, but its answer could not be read \(it came without the count of versions deleted: .*\)\. The change may have been stored: refresh/,
    );
    f.service.fault({ method: 'POST', path: '/c', body: { record: id, metadata: { createdAt: 0, name: 7 } }, times: 1 });
    assert.deepEqual(await client.createCollection('dated'), { id, name: 'dated', createdAt: '' });
    f.service.fault({ method: 'GET', path: `/s/${id}`, body: { record: { type: 'object' }, metadata: { id: {}, name: 'S' } }, times: 1 });
    assert.equal((await client.readSchemaDoc(id)).metadata.id, id, 'an id that is not text is the one asked for');
  });

  it('stops reading an endless answer at the cap, and does not ask again', async () => {
    const client = f.client(f.free, { maxAnswerBytes: 1024 * 1024 });
    const id = (await client.createBin({ record: { a: 1 } })).metadata.id;
    f.service.fault({ method: 'GET', path: `/b/${id}/latest`, endless: true });
    const mark = f.service.log.length;
    const before = process.memoryUsage().rss;
    const error = await rejection(client.readBin(id));
    assert.equal(error.kind, 'answerTooLarge');
    assert.match(error.message, /over 1024\.0 KB \(the jsonbin\.maxAnswerMegabytes setting\)/);
    assert.equal(f.service.requestsSince(mark).length, 1, 'a capped read is not repeated');
    assert.ok(process.memoryUsage().rss - before < 64 * 1024 * 1024, 'memory stayed bounded');
  });

  it('does not repeat a read that timed out: the wait is the user’s to renew', async () => {
    const client = f.client(f.free, { timeoutMs: 100 });
    f.service.fault({ method: 'GET', path: '/c', delayMs: 300 });
    const mark = f.service.log.length;
    assert.equal((await rejection(client.listCollections())).kind, 'timeout');
    assert.equal(f.service.requestsSince(mark).length, 1);
  });

  it('tells an unknown outcome from a failure when a create timed out after it was sent', async () => {
    const client = f.client(f.free, { timeoutMs: 100 });
    f.service.fault({ method: 'POST', path: '/b', delayMs: 300 });
    const mark = f.service.log.length;
    const error = await rejection(client.createBin({ record: { a: 1 } }));
    assert.equal(error.kind, 'unknownOutcome');
    assert.match(error.message, /did not answer within 0\.1 s\. It may or may not have been stored: refresh to see before trying again/);
    assert.equal(f.service.requestsSince(mark).length, 1, 'a create is never repeated blindly');
  });
});

describe('writes the service answered with success but nobody could read', () => {
  let f: Fixture;
  before(async () => (f = await startFixture()));
  after(() => f.close());
  afterEach(() => f.service.clearFaults());

  const MAY_HAVE =
    /^The service answered 200, but its answer could not be read \((it is not JSON|it is empty|the connection was dropped before it ended.*)\)\. The change may have been stored: refresh to see before trying again$/;

  for (const how of ['notJson', 'empty', 'cutShort'] as const) {
    it(`says a create, an update, a rename and a delete answered 200 ${how} may have been stored, and sends each once`, async () => {
      const client = f.client(f.free);
      const id = (await client.createBin({ record: { a: 1 } })).metadata.id;
      const writes: [string, RegExp, () => Promise<unknown>][] = [
        ['POST', /^\/b$/, () => client.createBin({ record: { b: 1 } })],
        ['PUT', new RegExp(`^/b/${id}$`), () => client.updateBin(id, { a: 2 })],
        ['PUT', /\/meta\/name$/, () => client.renameBin(id, 'renamed')],
        ['DELETE', new RegExp(`^/b/${id}$`), () => client.deleteBin(id)],
      ];
      for (const [method, path, write] of writes) {
        f.service.fault({ method, path, unreadable: how, times: 1 });
        const mark = f.service.log.length;
        const error = await rejection(write());
        assert.deepEqual([error.kind, error.status], ['unknownOutcome', 200], `${method} ${String(path)}`);
        assert.match(error.message, MAY_HAVE);
        assert.equal(f.service.requestsSince(mark).length, 1, 'never sent again');
      }
      // Each was done: the service holds what the unreadable answers were about.
      assert.equal(f.service.store.bins.has(id), false);
    });
  }

  it('takes a write answered 4xx or 5xx with a body cut short as refused, by its status: only the message was lost', async () => {
    const client = f.client(f.free);
    const id = (await client.createBin({ record: { a: 1 } })).metadata.id;
    for (const status of [403, 500]) {
      f.service.fault({ method: 'PUT', path: `/b/${id}`, status, unreadable: 'cutShort', times: 1 });
      const error = await rejection(client.updateBin(id, { a: 2 }));
      assert.notEqual(error.kind, 'unknownOutcome');
      assert.equal(error.status, status);
      assert.match(
        error.message,
        new RegExp(`^The service answered ${status}, and its answer could not be read \\(the connection was dropped before it ended`),
      );
    }
    assert.deepEqual(f.service.store.latest(f.service.store.bins.get(id)!), { a: 1 }, 'nothing was stored');
  });

  it('says the same of a write answered 200 with a shape it cannot use, and a read of it is a plain failure', async () => {
    const client = f.client(f.free);
    const id = (await client.createBin({ record: { a: 1 } })).metadata.id;
    f.service.fault({ method: 'PUT', path: `/b/${id}`, body: { record: { a: 2 }, metadata: { parentId: id, private: 'yes' } }, times: 1 });
    const write = await rejection(client.updateBin(id, { a: 2 }));
    assert.equal(write.kind, 'unknownOutcome');
    assert.match(write.message, /without the stored record and its privacy: .*The change may have been stored/);
    f.service.fault({ method: 'GET', path: '/c', unreadable: 'notJson', times: 1 });
    assert.deepEqual(await rejection(client.listCollections()).then((e) => e.kind), 'server');
  });
});

describe('answers missing what their callers use', () => {
  let f: Fixture;
  before(async () => (f = await startFixture()));
  after(() => f.close());
  afterEach(() => f.service.clearFaults());

  it('takes the id asked for from the request, and the name sent with a schema doc update', async () => {
    const client = f.client(f.free);
    const id = (await client.createBin({ record: { a: 1 } })).metadata.id;
    f.service.fault({ method: 'GET', path: `/b/${id}/latest`, body: { record: { a: 1 }, metadata: { private: true } }, times: 1 });
    assert.deepEqual((await client.readBin(id)).metadata, { id, private: true });
    f.service.fault({ method: 'GET', path: `/b/${id}/latest`, body: { record: { a: 1 }, metadata: { id: 'another', private: false } }, times: 1 });
    assert.equal((await client.readBin(id)).metadata.id, id);
    const doc = await client.createSchemaDoc('Named', { type: 'object' });
    f.service.fault({ method: 'PUT', path: `/s/${doc.metadata.id}`, body: { record: { type: 'object' }, metadata: {} }, times: 1 });
    assert.deepEqual((await client.updateSchemaDoc(doc.metadata.id, { type: 'object' }, 'Renamed')).metadata, {
      id: doc.metadata.id,
      name: 'Renamed',
      createdAt: '',
    });
  });

  it('refuses a bin whose privacy is not true or false, a schema doc read without its name, a listing row without its privacy', async () => {
    const client = f.client(f.free);
    const id = (await client.createBin({ record: { a: 1 } })).metadata.id;
    const readWith = (metadata: object) => {
      f.service.fault({ method: 'GET', path: `/b/${id}/latest`, body: { record: { a: 1 }, metadata }, times: 1 });
      return client.readBin(id);
    };
    assert.deepEqual((await readWith({ id, private: false, name: null, collectionId: null })).metadata, { id, private: false }, 'null is absent');
    for (const metadata of [{ id, private: 'yes' }, { id }, { id, private: true, name: 7 }]) {
      f.service.fault({ method: 'GET', path: `/b/${id}/latest`, body: { record: { a: 1 }, metadata }, times: 1 });
      const error = await rejection(client.readBin(id));
      assert.deepEqual(
        [error.kind, error.message],
        [
          'server',
          "The service answered 200 without a record and its metadata (private as true or false): the answer does not fit the bin service's interface",
        ],
      );
    }
    const doc = await client.createSchemaDoc('Named', { type: 'object' });
    f.service.fault({ method: 'GET', path: `/s/${doc.metadata.id}`, body: { record: { type: 'object' }, metadata: { id: doc.metadata.id } }, times: 1 });
    assert.match((await rejection(client.readSchemaDoc(doc.metadata.id))).message, /answered 200 without a schema doc and its name/);
    f.service.fault({ method: 'GET', path: '/c/uncategorized/bins', body: [{ record: id, private: 'no', createdAt: '' }], times: 1 });
    assert.match((await rejection(client.listBins('uncategorized'))).message, /answered 200 without a list of bins \(each private as true or false\)/);
  });
});

describe('a service with only the contract’s routes and fields', () => {
  let f: Fixture;
  before(async () => (f = await startFixture({ minimal: true, bareRoutes: true })));
  after(() => f.close());

  it('reads through /b/<id> when /latest is missing, asking /latest only once', async () => {
    const client = f.client(f.free);
    const ids = [(await client.createBin({ record: { a: 1 } })).metadata.id, (await client.createBin({ record: { b: 2 } })).metadata.id];
    const mark = f.service.log.length;
    assert.deepEqual((await client.readBin(ids[0])).record, { a: 1 });
    assert.deepEqual((await client.readBin(ids[1])).record, { b: 2 });
    assert.deepEqual(
      f.service.requestsSince(mark).map((e) => `${e.status} ${e.path}`),
      [`404 /v3/b/${ids[0]}/latest`, `200 /v3/b/${ids[0]}`, `200 /v3/b/${ids[1]}`],
    );
  });

  it('says the service does not offer version counts, renames or privacy changes', async () => {
    const client = f.client(f.free);
    const id = (await client.createBin({ record: { a: 1 } })).metadata.id;
    for (const call of [client.versionCount(id), client.renameBin(id, 'x'), client.setPrivacy(id, false)]) {
      const error = await rejection(call);
      assert.equal(error.kind, 'unsupported');
      assert.match(error.message, /^This bin service does not offer (GET|PUT) \/b\/…\/(versions\/count|meta\/name|meta\/privacy) \(it answered 404\)$/);
    }
  });

  it('learns which collection a bin is in from creates and listings, though reads do not say', async () => {
    const learned = new Map<string, string | null>();
    const client = f.client(f.free, { onCollectionOf: (bin, collection) => learned.set(bin, collection) });
    const collection = await client.createCollection('Minimal');
    const inside = (await client.createBin({ record: { a: 1 }, collectionId: collection.id, name: 'inside' })).metadata.id;
    const outside = (await f.client(f.free).createBin({ record: { b: 1 } })).metadata.id;
    const read = await client.readBin(inside);
    assert.deepEqual(Object.keys(read.metadata).sort(), ['id', 'private']);
    assert.deepEqual([...learned], [[inside, collection.id]]);
    learned.clear();
    const [listed] = await client.listBins(collection.id);
    assert.equal(listed.name, undefined, 'minimal listings carry no names');
    await client.listBins('uncategorized');
    assert.equal(learned.get(inside), collection.id);
    assert.equal(learned.get(outside), null);
  });
});
