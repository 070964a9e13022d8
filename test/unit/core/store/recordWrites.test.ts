import * as assert from 'node:assert/strict';
import type { BinChange } from '../../../../src/core/store/binEvents';
import { Refused } from '../../../../src/core/store/refused';
import type { Fixture } from '../../../support/fixture';
import { eachTestWithABin, type AccountBins } from './accountBins';

const DOC = 'jsonbin:/bin/x/tab.json';
const encoder = new TextEncoder();
const text = (value: unknown) => encoder.encode(JSON.stringify(value, null, 2));

describe('the write path', () => {
  const world = eachTestWithABin();
  const { paths } = world;
  let f: Fixture;
  let a: AccountBins;
  let id: string;
  beforeEach(() => ({ f, a, id } = world));
  const refusal = async (write: Promise<unknown>) => {
    const error = await write.then(
      () => assert.fail('expected a refusal'),
      (e: unknown) => e,
    );
    assert.ok(error instanceof Refused, String(error));
    return error;
  };

  it('saves an open tab with the conflict read and one PUT of the exact bytes; the same text again sends nothing', async () => {
    await a.bins.read({ kind: 'bin', id }, DOC);
    const written = encoder.encode('{"a": 2,   "b": 1.50}');
    const mark = f.service.log.length;
    await a.writes.save({ kind: 'bin', id }, written, DOC);
    assert.deepEqual(paths(mark), [`GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`]);
    assert.equal(f.service.requestsSince(mark, 'PUT')[0].body, '{"a": 2,   "b": 1.50}');
    const again = f.service.log.length;
    await a.writes.save({ kind: 'bin', id }, written, DOC);
    assert.deepEqual(paths(again), []);
  });

  it('reads nothing more for the conflict check when the save itself had to fetch the record', async () => {
    await a.bins.read({ kind: 'bin', id }, DOC);
    // Another key or service was set meanwhile: nothing fetched is known any more, the tab's base is.
    a.bins.forgetAll();
    const mark = f.service.log.length;
    await a.writes.save({ kind: 'bin', id }, text({ a: 3 }), DOC);
    assert.deepEqual(paths(mark), [`GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`]);
  });

  it('asks about a record someone else changed, and a cancelled save sends no PUT', async () => {
    await a.bins.read({ kind: 'bin', id }, DOC);
    await a.client.updateBin(id, { theirs: true });
    const mark = f.service.log.length;
    const error = await refusal(a.writes.save({ kind: 'bin', id }, text({ mine: true }), DOC));
    assert.equal(error.message, 'Save cancelled: it changed on the service since it was opened');
    assert.deepEqual(paths(mark), [`GET /v3/b/${id}/latest`]);
    assert.deepEqual(
      a.conflicts.asked.map((t) => JSON.parse(t) as unknown),
      [{ theirs: true }],
    );
    a.conflicts.choice = 'overwrite';
    await a.writes.save({ kind: 'bin', id }, text({ mine: true }), DOC);
    assert.deepEqual((await a.client.readBin(id)).record, { mine: true });
  });

  it('sends no PUT when the service already holds the text (a save whose answer was lost)', async () => {
    await a.bins.read({ kind: 'bin', id }, DOC);
    // The PUT arrived, but its answer did not: the service holds the text, the tab's base is the old record.
    await a.client.updateBin(id, { a: 5 });
    const mark = f.service.log.length;
    await a.writes.save({ kind: 'bin', id }, text({ a: 5 }), DOC);
    assert.deepEqual(paths(mark), [`GET /v3/b/${id}/latest`]);
    assert.deepEqual(a.conflicts.asked, []);
    const again = f.service.log.length;
    await a.writes.save({ kind: 'bin', id }, text({ a: 5 }), DOC);
    assert.deepEqual(paths(again), []);
  });

  it('after a save whose answer could not be read, saves further edits without asking about the text it may have stored', async () => {
    await a.bins.read({ kind: 'bin', id }, DOC);
    f.service.fault({ method: 'PUT', path: `/b/${id}`, unreadable: 'cutShort', times: 1 });
    const error = await refusal(a.writes.save({ kind: 'bin', id }, text({ a: 6 }), DOC));
    assert.match(error.message, /^The service answered 200, but its answer could not be read .*The change may have been stored/);
    const mark = f.service.log.length;
    await a.writes.save({ kind: 'bin', id }, text({ a: 7 }), DOC);
    assert.deepEqual(paths(mark), [`GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`]);
    assert.deepEqual(a.conflicts.asked, [], 'the service held what this tab sent');
    // Someone else's change after that is asked about again.
    await a.client.updateBin(id, { theirs: true });
    await refusal(a.writes.save({ kind: 'bin', id }, text({ a: 8 }), DOC));
    assert.equal(a.conflicts.asked.length, 1);
  });

  it('creates a bin with one POST of the text as written', async () => {
    const mark = f.service.log.length;
    const created = await a.writes.create(await a.writes.prepare('{"n": 1.0}', { name: 'two', private: false }));
    assert.deepEqual(paths(mark), ['POST /v3/b']);
    assert.equal(f.service.requestsSince(mark)[0].body, '{"n": 1.0}');
    assert.equal(created.metadata.private, false);
  });

  it('tells the bins it creates together once a batch ends, with their collection, also when the batch fails', async () => {
    const collection = await a.client.createCollection('told');
    const told: BinChange[][] = [];
    a.bins.onDidChangeBins((changes) => told.push([...changes]));
    const mark = f.service.log.length;
    const made = await a.writes
      .createAll(async (create) => {
        const first = await create(await a.writes.prepare('{"n": 1}', { name: 'first', collectionId: collection.id }));
        assert.deepEqual(told, [], 'nothing is told before the batch ends');
        await create(await a.writes.prepare('{"n": 2}', { private: false }));
        throw new Error(`stopped after ${first.metadata.id}`);
      })
      .catch((e: Error) => e.message.split(' ').at(-1));
    // The check of a record for a collection reads the collections (for its schema doc) first.
    assert.deepEqual(paths(mark), ['GET /v3/c', 'POST /v3/b', 'POST /v3/b']);
    assert.equal(told.length, 1);
    assert.deepEqual(
      told[0].map((c) => (c.kind === 'created' ? [c.bin.name, c.bin.private, c.collectionId] : c.kind)),
      [
        ['first', true, collection.id],
        [undefined, false, null],
      ],
    );
    assert.equal(told[0][0].kind === 'created' && told[0][0].bin.id, made);
  });

  it('deletes, renames and sets privacy with one request each, then tells the change; what is known follows', async () => {
    await a.bins.fetch({ kind: 'bin', id });
    const told: BinChange[] = [];
    a.bins.onDidChangeBins((changes) => told.push(...changes));
    const mark = f.service.log.length;
    await a.writes.renameBin(id, 'renamed');
    await a.writes.setPrivacy(id, false);
    assert.deepEqual([a.bins.known({ kind: 'bin', id })?.name, a.bins.known({ kind: 'bin', id })?.private], ['renamed', false]);
    const deleted = await a.writes.deleteBin(id, () => [DOC]);
    assert.equal(deleted.id, id);
    assert.deepEqual(paths(mark), [`PUT /v3/b/${id}/meta/name`, `PUT /v3/b/${id}/meta/privacy`, `DELETE /v3/b/${id}`]);
    assert.deepEqual(told, [
      { kind: 'renamed', id, name: 'renamed' },
      { kind: 'privacy', id, private: false },
      { kind: 'deleted', id },
    ]);
  });

  it('restores a version with a read of the current record and one PUT, and says when it is already the latest', async () => {
    await a.client.updateBin(id, { a: 2 });
    const mark = f.service.log.length;
    const restored = await a.writes.restore(id, { record: async () => ({ a: 1 }), docs: () => [DOC] });
    assert.deepEqual(restored, { alreadyLatest: false, restored: true });
    assert.deepEqual(paths(mark), [`GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`]);
    assert.deepEqual(await a.writes.restore(id, { record: async () => ({ a: 1 }), docs: () => [] }), { alreadyLatest: true, restored: false });
  });

  it('refuses the same invalid record on every write (save, create, upload, drop, restore) with the same reason and no request', async () => {
    const owner = a.client;
    const collection = await owner.createCollection('people');
    const doc = await owner.createSchemaDoc('person', { type: 'object', required: ['name'] });
    await owner.attachSchemaDoc(collection.id, doc.metadata.id);
    const member = (await owner.createBin({ record: { name: 'x' }, collectionId: collection.id })).metadata.id;
    await a.bins.read({ kind: 'bin', id: member }, DOC);
    // The schema doc is read once per account, before the writes measured here.
    await a.schemaDocs.schemaFor(collection.id);
    const invalid = '{"age": 3}';
    const invalidValue = { age: 3 };
    const mark = f.service.log.length;
    const refusals = [
      await refusal(a.writes.save({ kind: 'bin', id: member }, encoder.encode(invalid), DOC)),
      await refusal(a.writes.prepare(invalid, { collectionId: collection.id })),
      await refusal(a.writes.prepare(invalid, { name: 'file', collectionId: collection.id })),
      await refusal(a.writes.prepare(invalidValue, { collectionId: collection.id }, 'Bin x not copied')),
      await refusal(a.writes.restore(member, { record: async () => invalidValue, docs: () => [] })),
    ];
    assert.deepEqual(paths(mark), []);
    const [reason] = new Set(refusals.map((r) => r.reason));
    assert.equal(new Set(refusals.map((r) => r.reason)).size, 1);
    assert.match(reason, /^1 schema problem against schema doc "person": Missing property "name"/);
    assert.deepEqual(
      refusals.map((r) => r.message),
      ['Not saved', 'Not created', 'Not created', 'Bin x not copied', 'Not restored'].map((doing) => `${doing}: ${reason}`),
    );
  });

  it('refuses, sending nothing, what the key is known not to be granted, a blank record and a tab that is read-only', async () => {
    a.denied.add('updateBin').add('createBin');
    const mark = f.service.log.length;
    assert.match((await refusal(a.writes.save({ kind: 'bin', id }, text({ a: 9 }), DOC))).message, /^Not saved: This access key may not updateBin/);
    assert.match((await refusal(a.writes.prepare({ a: 1 }, {}))).message, /^Not created: /);
    assert.match((await refusal(a.writes.restore(id, { record: async () => ({}), docs: () => [] }))).message, /^Not restored: /);
    a.denied.clear();
    assert.equal((await refusal(a.writes.prepare('[]', {}))).message, 'Not created: Bin cannot be blank');
    assert.equal((await refusal(a.writes.save({ kind: 'bin', id, version: 0 }, text({}), DOC))).message, 'This tab is read-only');
    assert.deepEqual(paths(mark), []);
  });

  describe("a schema doc's save, its collections' stored bins checked first", () => {
    const schemaText = (schema: object) => encoder.encode(JSON.stringify(schema, null, 2));
    const SCHEMA_DOC = 'jsonbin:/schema/x/tab.json';
    let schemaDocId: string;
    let collectionId: string;
    beforeEach(async () => {
      collectionId = (await a.client.createCollection('guarded')).id;
      schemaDocId = (await a.client.createSchemaDoc('guard', { type: 'object' })).metadata.id;
      await a.client.createBin({ record: { title: 'has one' }, collectionId });
      await a.client.createBin({ record: { none: true }, collectionId });
      await a.client.attachSchemaDoc(collectionId, schemaDocId);
      await a.bins.read({ kind: 'schema', id: schemaDocId }, SCHEMA_DOC);
    });
    const save = (schema: object) => a.writes.save({ kind: 'schema', id: schemaDocId }, schemaText(schema), SCHEMA_DOC);

    it('asks when a stored bin would fail the text being saved; cancelled, no PUT is sent', async () => {
      const mark = f.service.log.length;
      const refused = await refusal(save({ type: 'object', required: ['title'] }));
      assert.match(refused.message, /Save cancelled: 1 of 2 stored bins would fail it/);
      assert.equal(a.impact.asked.length, 1);
      assert.equal(a.impact.asked[0].failing.length, 1);
      assert.deepEqual(a.impact.reads, [2]);
      assert.equal(f.service.requestsSince(mark, 'PUT').length, 0);
      assert.equal(paths(mark).filter((p) => p.startsWith('GET /v3/b/')).length, 2);
    });

    it('asks once about the bins of every collection the schema doc validates, with their total', async () => {
      const second = (await a.client.createCollection('also guarded')).id;
      await a.client.createBin({ record: { none: 'here either' }, collectionId: second });
      await a.client.attachSchemaDoc(second, schemaDocId);
      a.schemaDocs.clear();
      const mark = f.service.log.length;
      await refusal(save({ type: 'object', required: ['title'] }));
      assert.deepEqual(a.impact.reads, [3]);
      assert.equal(a.impact.asked[0].failing.length, 2);
      assert.equal(paths(mark).filter((p) => p.startsWith('GET /v3/b/')).length, 3);
      assert.equal(f.service.requestsSince(mark, 'PUT').length, 0);
    });

    it('saves anyway when the user says so: the reads, then one PUT', async () => {
      a.impact.saveAnyway = true;
      const mark = f.service.log.length;
      await save({ type: 'object', required: ['title'] });
      assert.equal(f.service.requestsSince(mark, 'PUT').length, 1);
      assert.deepEqual((await a.client.readSchemaDoc(schemaDocId)).record, { type: 'object', required: ['title'] });
    });

    it('asks about a conflict when someone saved the schema doc while the user was deciding', async () => {
      a.impact.saveAnyway = true;
      a.impact.whileAsked = async () => void (await a.client.updateSchemaDoc(schemaDocId, { type: 'object', title: 'theirs' }, 'guard'));
      // Nothing known: the save fetches the record itself, which would serve the conflict check had no time passed.
      a.bins.forgetAll();
      const mark = f.service.log.length;
      const refused = await refusal(save({ type: 'object', required: ['title'] }));
      assert.match(refused.message, /Save cancelled/);
      assert.equal(a.conflicts.asked.length, 1, 'the conflict check read the schema doc again');
      assert.deepEqual(f.service.requestsSince(mark, 'PUT').length, 1, "only the other writer's PUT");
      assert.deepEqual((await a.client.readSchemaDoc(schemaDocId)).record, { type: 'object', title: 'theirs' });
    });

    it('asks nothing when no stored bin would fail, and reads nothing when the check is off', async () => {
      await save({ type: 'object', properties: { title: { type: 'string' } } });
      assert.deepEqual(a.impact.asked, []);
      a.impact.enabled = false;
      const mark = f.service.log.length;
      await save({ type: 'object', required: ['title', 'more'] });
      assert.deepEqual(
        paths(mark).filter((p) => !p.startsWith(`GET /v3/s/`)),
        [`PUT /v3/s/${schemaDocId}`],
      );
    });

    it('reads no bin for a schema doc on no collection', async () => {
      await a.client.detachSchemaDoc(collectionId);
      a.schemaDocs.clear();
      await save({ type: 'object', required: ['anything'] });
      const mark = f.service.log.length;
      await save({ type: 'object', required: ['anything', 'else'] });
      assert.deepEqual(
        paths(mark).filter((p) => !p.startsWith(`GET /v3/s/`)),
        [`PUT /v3/s/${schemaDocId}`],
      );
    });

    it('checks the stored bins of the collection a new schema doc is for: cancelled, nothing is created', async () => {
      await a.client.detachSchemaDoc(collectionId);
      const mark = f.service.log.length;
      const refused = await refusal(a.writes.createSchemaDoc('{"type": "object", "required": ["title"]}', 'drafted', collectionId));
      assert.match(refused.message, /^Creation cancelled: 1 of 2 stored bins would fail it/);
      assert.deepEqual(
        paths(mark).filter((p) => p !== 'GET /v3/c'),
        [`GET /v3/c/${collectionId}/bins`, ...paths(mark).filter((p) => p.startsWith('GET /v3/b/'))],
      );
      assert.equal(paths(mark).filter((p) => p.startsWith('GET /v3/b/')).length, 2);
      a.impact.saveAnyway = true;
      const created = await a.writes.createSchemaDoc('{"type": "object", "required": ["title"]}', 'drafted', collectionId);
      assert.equal(f.service.requestsSince(mark, 'POST').length, 1);
      assert.deepEqual((await a.client.readSchemaDoc(created.metadata.id)).record, { type: 'object', required: ['title'] });
    });

    it('creates a schema doc for a collection with one POST and no read when the check is off', async () => {
      a.impact.enabled = false;
      const mark = f.service.log.length;
      await a.writes.createSchemaDoc('{"type": "object", "required": ["title"]}', 'unchecked', collectionId);
      assert.deepEqual(paths(mark), ['POST /v3/s']);
      assert.deepEqual(a.impact.reads, []);
    });
  });
});
