/** Answers that do not fit: wrong shapes, endless bodies, missing routes; and what minimal answers still teach. */
import * as assert from 'node:assert/strict';
import { startFixture, type Fixture, rejection } from '../../support/fixture';

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

  it('names a delete answer without its counts; treats a collection date or a schema doc id that is not text as unknown', async () => {
    const client = f.client(f.free);
    const id = (await client.createBin({ record: { a: 1 } })).metadata.id;
    f.service.fault({ method: 'DELETE', path: `/b/${id}`, body: { metadata: { id, versionsDeleted: 0 }, message: ['not', 'text'] }, times: 1 });
    assert.match((await rejection(client.deleteBin(id))).message, /answered 200 without the deleted bin/);
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
