import * as assert from 'node:assert/strict';
import type { Json } from '../../../src/core/api';
import { Refused } from '../../../src/core/store/refused';
import { openSession, type Session } from '../../../src/core/session';
import { InProcessValidation } from '../../../src/core/schema/inProcessValidation';
import { Validation } from '../../../src/core/schema/validation';
import { startFixture, type Fixture } from '../../support/fixture';
import { WORKER } from '../../support/workerScript';

const SCHEMA = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] };

describe('the core session (an account without VS Code)', () => {
  let f: Fixture;
  let session: Session;
  const paths = (mark: number) => f.service.requestsSince(mark).map((r) => `${r.method} ${r.path}`);
  /** A bin in a collection validated by SCHEMA, made with another client: the session knows nothing of it. */
  const binInCollection = async (record: Json) => {
    const other = f.client(f.free);
    const collection = await other.createCollection('modules');
    const doc = await other.createSchemaDoc('module', SCHEMA);
    await other.attachSchemaDoc(collection.id, doc.metadata.id);
    return (await other.createBin({ record, collectionId: collection.id })).metadata.id;
  };

  beforeEach(async () => {
    f = await startFixture();
    session = openSession({ apiUrl: f.service.baseUrl, key: f.free.key, keyKind: 'master' });
  });
  afterEach(async () => {
    await session.dispose();
    await f.close();
  });

  it('counts at the transport exactly what the service logged', async () => {
    const id = (await f.client(f.free).createBin({ record: { a: 1 } })).metadata.id;
    const mark = f.service.log.length;
    await session.bins.fetch({ kind: 'bin', id });
    await session.client.listCollections();
    assert.deepEqual(paths(mark), [`GET /v3/b/${id}/latest`, 'GET /v3/c']);
    assert.equal(session.requests(), 2);
    assert.ok(f.service.requestsSince(mark).every((r) => r.keyHeader === 'master'));
  });

  it('refuses, through the write path, a record its collection schema doc fails, sending no write', async () => {
    const id = await binInCollection({ title: 'one' });
    const entry = await session.bins.fetch({ kind: 'bin', id });
    assert.equal(session.binCollections.of(id) !== undefined, true, 'the read taught the collection');
    const mark = f.service.log.length;
    const checked = session.writes.prepareUpdate({ id }, '{"title": 2}', null, 'Not pushed');
    const error = await checked.then(
      () => assert.fail('expected a refusal'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof Refused);
    assert.match(error.message, /^Not pushed: 1 schema problem against schema doc "module"/);
    // The schema doc's look-up only: the collections, once, and the schema doc, once.
    assert.deepEqual(
      paths(mark).map((p) => p.replace(/\/[0-9a-f]{24}$/, '/<id>')),
      ['GET /v3/c', 'GET /v3/s/<id>'],
    );
    assert.equal(f.service.requestsSince(mark, 'PUT').length, 0);
    const before = f.service.log.length;
    const good = await session.writes.prepareUpdate({ id }, '{"title": "two"}', JSON.parse(new TextDecoder().decode(entry.bytes)) as Json, 'Not pushed');
    await session.writes.update(good, false, () => []);
    assert.deepEqual(paths(before), [`PUT /v3/b/${id}`]);
    assert.equal(session.requests(), f.service.log.length - mark + 1);
  });

  it('refuses to overwrite what someone else saved since it read, with no one to ask', async () => {
    const id = (await f.client(f.free).createBin({ record: { a: 1 } })).metadata.id;
    const doc = 'cli:file.json';
    await session.bins.read({ kind: 'bin', id }, doc);
    await f.client(f.free).updateBin(id, { theirs: true });
    const mark = f.service.log.length;
    const error = await session.writes.save({ kind: 'bin', id }, new TextEncoder().encode('{"mine": true}'), doc).then(
      () => assert.fail('expected a refusal'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof Refused);
    assert.deepEqual(paths(mark), [`GET /v3/b/${id}/latest`]);
    assert.deepEqual((await f.client(f.free).readBin(id)).record, { theirs: true });
  });

  it('sends an access key as X-Access-Key, and refuses a master-key call without sending it', async () => {
    await session.dispose();
    const key = f.service.addAccessKey(f.free, ['read']);
    session = openSession({ apiUrl: f.service.baseUrl, key: key.key, keyKind: 'access' });
    const id = (await f.client(f.free).createBin({ record: { a: 1 } })).metadata.id;
    const mark = f.service.log.length;
    await session.bins.fetch({ kind: 'bin', id });
    await assert.rejects(session.client.listCollections());
    assert.deepEqual(
      f.service.requestsSince(mark).map((r) => r.keyHeader),
      ['access'],
    );
    assert.equal(session.requests(), 1);
  });

  it('validates in-process with the worker’s checks: the same placed problems', async () => {
    const worker = new Validation(WORKER);
    const inProcess = new InProcessValidation();
    const schema = { id: 'doc', text: JSON.stringify(SCHEMA) };
    const text = '{\n  "title": 3,\n  "x": [1,\n}';
    const valid = '{"title": "t"}';
    try {
      for (const record of [text, valid, '{"title": 3}']) {
        assert.deepEqual(await inProcess.check(schema, record), await worker.check(schema, record));
      }
      assert.equal(await inProcess.schemaProblem({}), await worker.schemaProblem({}));
      assert.ok((await inProcess.check(schema, '{"title": 3}')).schemaCount === 1);
    } finally {
      await worker.dispose();
    }
  });
});
