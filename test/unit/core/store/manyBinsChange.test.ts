import * as assert from 'node:assert/strict';
import { RequestScope, type Json } from '../../../../src/core/api';
import { applyChange, previewChange, type ChangeRunParts } from '../../../../src/core/store/manyBinsChange';
import { applyRecordChange, checkRecordChange, parseRecordChange } from '../../../../src/core/store/recordPatch';
import { digestOf } from '../../../../src/core/store/entry';
import { eachTestWithABin } from './accountBins';

describe('one change made to many bins', () => {
  const world = eachTestWithABin();
  const { paths } = world;
  /** b0 and b1 change, b2 is a lesson (the test fails), b3 would lack its summary, b4 has the level already. */
  const records: Json[] = [
    { kind: 'module', title: 'a', summary: 's' },
    { kind: 'module', title: 'b', summary: 's', level: 1 },
    { kind: 'lesson', title: 'c' },
    { kind: 'module', title: 'd' },
    { kind: 'module', title: 'e', summary: 's', level: 2 },
  ];
  const change = checkRecordChange({
    patch: [
      { op: 'test', path: '/kind', value: 'module' },
      { op: 'add', path: '/level', value: 2 },
    ],
  });
  let ids: string[];
  let schemaDocId: string;
  let parts: ChangeRunParts;
  const dirty = new Set<string>();
  /** The run's parts with a scope of its own: what it sent, as the transport counted it. */
  const counted = (): ChangeRunParts & { scope: RequestScope } => {
    const scope = new RequestScope();
    return { ...parts, client: world.a.client.within(scope), scope };
  };

  beforeEach(async () => {
    const { a } = world;
    const collectionId = (await a.client.createCollection('modules')).id;
    ids = [];
    for (const [i, record] of records.entries()) {
      ids.push((await a.client.createBin({ record, collectionId, name: `b${i}` })).metadata.id);
    }
    // Attached after the bins were stored: a level needs a summary.
    const doc = await a.client.createSchemaDoc('levels need a summary', { type: 'object', if: { required: ['level'] }, then: { required: ['summary'] } });
    schemaDocId = doc.metadata.id;
    await a.client.attachSchemaDoc(collectionId, schemaDocId);
    dirty.clear();
    parts = {
      client: a.client,
      writes: a.writes,
      schemaDocs: a.schemaDocs,
      binCollections: a.binCollections,
      unsaved: (id) => dirty.has(id),
      stopped: () => false,
    };
  });

  it('previews with one read per bin and nothing sent, each bin in its list', async () => {
    const mark = world.f.service.log.length;
    const run = counted();
    const preview = await previewChange(
      run,
      ids.map((id) => ({ id })),
      change,
    );
    assert.deepEqual(
      paths(mark).filter((p) => p.startsWith('GET /v3/b/')),
      ids.map((id) => `GET /v3/b/${id}/latest`),
    );
    assert.deepEqual(world.f.service.requestsSince(mark, 'PUT'), []);
    // The schema doc's look-up is the preview's too: the collections' listing and the schema doc, once.
    assert.deepEqual(
      paths(mark).filter((p) => !p.startsWith('GET /v3/b/')),
      ['GET /v3/c', `GET /v3/s/${schemaDocId}`],
    );
    assert.equal(run.scope.sent, paths(mark).length);
    assert.deepEqual(
      preview.changed.map((b) => [b.name, b.after]),
      [
        ['b0', { kind: 'module', title: 'a', summary: 's', level: 2 }],
        ['b1', { kind: 'module', title: 'b', summary: 's', level: 2 }],
      ],
    );
    // With its name and the operation that stopped it: the change's tab says it there.
    assert.deepEqual(preview.notApplicable, [
      { id: ids[2], name: 'b2', reason: 'operation 1 (test /kind): the test failed: the value there differs', operation: 0 },
    ]);
    assert.deepEqual(
      preview.invalid.map((b) => b.id),
      [ids[3]],
    );
    assert.ok(
      preview.invalid[0].problems.some((p) => p.path === '' && p.message.includes('summary')),
      JSON.stringify(preview.invalid[0].problems),
    );
    assert.match(preview.invalid[0].reason, /schema problem/);
    assert.deepEqual(preview.unchanged, [ids[4]]);
  });

  it('applies one PUT per changed bin after its conflict read, skips a bin changed since, and a second run changes nothing twice', async () => {
    const preview = await previewChange(
      parts,
      ids.map((id) => ({ id })),
      change,
    );
    await world.a.client.updateBin(ids[1], { kind: 'module', title: 'theirs', summary: 's' });
    const mark = world.f.service.log.length;
    const run = counted();
    const result = await applyChange(run, preview, true, () => []);
    assert.deepEqual(paths(mark), [`GET /v3/b/${ids[0]}/latest`, `PUT /v3/b/${ids[0]}`, `GET /v3/b/${ids[1]}/latest`]);
    assert.deepEqual(result.changed, [{ id: ids[0], name: 'b0' }]);
    assert.deepEqual(result.skipped, [{ id: ids[1], reason: 'it changed on the service since the preview read it: preview again' }]);
    assert.equal(run.scope.sent, 3);
    assert.deepEqual((await world.a.client.readBin(ids[1])).record, { kind: 'module', title: 'theirs', summary: 's' });
    // The same change again: b0 is unchanged now, b1 (theirs) changes.
    const again = await previewChange(
      parts,
      ids.map((id) => ({ id })),
      change,
    );
    assert.deepEqual(
      again.changed.map((b) => b.id),
      [ids[1]],
    );
    assert.deepEqual(again.unchanged, [ids[0], ids[4]]);
  });

  it('without a preview to conflict-check against, reads and writes each bin once', async () => {
    const mark = world.f.service.log.length;
    const run = counted();
    const preview = await previewChange(run, [{ id: ids[0] }], change);
    const applying = world.f.service.log.length;
    await applyChange(run, preview, false, () => []);
    assert.deepEqual(
      paths(mark).filter((p) => p.includes('/b/')),
      [`GET /v3/b/${ids[0]}/latest`, `PUT /v3/b/${ids[0]}`],
    );
    assert.equal(paths(applying).length, 1);
    assert.equal(run.scope.sent, paths(mark).length);
  });

  describe('counts a failed update as what reached the service', () => {
    let preview: Awaited<ReturnType<typeof previewChange>>;
    let mark: number;
    beforeEach(async () => {
      preview = await previewChange(parts, [{ id: ids[0] }], change);
      mark = world.f.service.log.length;
    });
    const failedOnce = async () => {
      const run = counted();
      const result = await applyChange(run, preview, true, () => []);
      assert.deepEqual(
        result.failed.map((f) => f.id),
        [ids[0]],
      );
      assert.equal(run.scope.sent, paths(mark).length, paths(mark).join(', '));
      return run.scope.sent;
    };

    it('with the conflict check off, no read before the PUT: 1', async () => {
      world.a.settings.check = false;
      world.f.service.fault({ method: 'PUT', status: 500, message: 'down' });
      assert.equal(await failedOnce(), 1);
      assert.deepEqual(paths(mark), [`PUT /v3/b/${ids[0]}`]);
    });

    it('the conflict read refused, no PUT: 1', async () => {
      world.f.service.fault({ method: 'GET', path: `/b/${ids[0]}/latest`, status: 403, message: 'no' });
      assert.equal(await failedOnce(), 1);
      assert.deepEqual(paths(mark), [`GET /v3/b/${ids[0]}/latest`]);
    });

    it('the conflict read, then the PUT refused: 2', async () => {
      world.f.service.fault({ method: 'PUT', status: 500, message: 'down' });
      assert.equal(await failedOnce(), 2);
    });

    it('a conflict read repeated after a busy gateway: each attempt reached the service, 3 with the PUT refused', async () => {
      world.f.service.fault({ method: 'GET', path: `/b/${ids[0]}/latest`, status: 503, times: 1 });
      world.f.service.fault({ method: 'PUT', status: 500, message: 'down' });
      assert.equal(await failedOnce(), 3);
      assert.deepEqual(paths(mark), [`GET /v3/b/${ids[0]}/latest`, `GET /v3/b/${ids[0]}/latest`, `PUT /v3/b/${ids[0]}`]);
    });
  });

  it('records every answer in the store, the last one too, and a Cancel as the progress moves stops the next request', async () => {
    const preview = await previewChange(
      parts,
      ids.map((id) => ({ id })),
      change,
    );
    const told: string[] = [];
    const mark = world.f.service.log.length;
    const result = await applyChange(parts, preview, false, (id) => (told.push(id), []));
    assert.deepEqual(paths(mark), [`PUT /v3/b/${ids[0]}`, `PUT /v3/b/${ids[1]}`]);
    assert.deepEqual(told, [ids[0], ids[1]]);
    for (const bin of preview.changed) {
      assert.equal(world.a.bins.known({ kind: 'bin', id: bin.id })?.digest, digestOf(bin.after), bin.id);
    }
    assert.deepEqual(
      result.changed.map((b) => b.id),
      [ids[0], ids[1]],
    );
    // Cancelled as the progress says the first is done, as the progress notification's Cancel does.
    let cancelled = false;
    const cancelAtFirst = { ...parts, stopped: () => cancelled, progress: () => (cancelled = true) };
    const sentMark = world.f.service.log.length;
    const again = await applyChange(cancelAtFirst, preview, false, () => []);
    assert.deepEqual(paths(sentMark), [`PUT /v3/b/${ids[0]}`]);
    assert.deepEqual(
      again.changed.map((b) => b.id),
      [ids[0]],
    );
    assert.deepEqual(again.skipped, [{ id: ids[1], reason: 'stopped before it was sent' }]);
    cancelled = false;
    const readMark = world.f.service.log.length;
    await previewChange(cancelAtFirst, [{ id: ids[0] }, { id: ids[1] }], change);
    assert.deepEqual(paths(readMark), [`GET /v3/b/${ids[0]}/latest`]);
  });

  it('leaves a bin whose record holds a number JavaScript cannot hold failed, saying so, never patched as another value', async () => {
    world.f.service.fault({
      method: 'GET',
      path: `/b/${ids[0]}/latest`,
      raw: `{"record":{"kind":"module","title":"a","summary":"s","n":1e400},"metadata":{"id":"${ids[0]}","private":true}}`,
    });
    const preview = await previewChange(parts, [{ id: ids[0] }, { id: ids[1] }], change);
    assert.deepEqual(preview.failed, [
      {
        id: ids[0],
        reason:
          'The record holds the number 1e400 at /n, beyond what a JSON number can hold here (about ±1.8e308): it would be read as null. Open it in a tab to see it as stored',
      },
    ]);
    assert.deepEqual(
      preview.changed.map((b) => b.id),
      [ids[1]],
    );
  });

  it('a change that only moves a key is a change: the text stored differs', async () => {
    const moved = checkRecordChange({
      patch: [
        { op: 'remove', path: '/kind' },
        { op: 'add', path: '/kind', value: 'module' },
      ],
    });
    const preview = await previewChange(parts, [{ id: ids[0] }], moved);
    assert.deepEqual(
      preview.changed.map((b) => b.id),
      [ids[0]],
    );
  });

  it('goes on when the store cannot take an answer in (a listener failed): that bin is said stored but not shown, the others change', async () => {
    const preview = await previewChange(
      parts,
      ids.map((id) => ({ id })),
      change,
    );
    const mark = world.f.service.log.length;
    const result = await applyChange(parts, preview, false, (id) => {
      if (id === ids[0]) {
        throw new Error('listener failed');
      }
      return [];
    });
    assert.deepEqual(paths(mark), [`PUT /v3/b/${ids[0]}`, `PUT /v3/b/${ids[1]}`]);
    assert.deepEqual(result.failed, [{ id: ids[0], reason: 'it was stored, but this window could not show it: listener failed' }]);
    assert.deepEqual(
      result.changed.map((b) => b.id),
      [ids[1]],
    );
  });

  it('leaves out a bin with unsaved edits, unread, and stops before the next request when told', async () => {
    dirty.add(ids[0]);
    let stopAfter = 2;
    const mark = world.f.service.log.length;
    const preview = await previewChange(
      { ...parts, stopped: () => stopAfter-- <= 0 },
      ids.map((id) => ({ id })),
      change,
    );
    assert.deepEqual(
      preview.skipped.map((s) => s.id),
      [ids[0], ids[3], ids[4]],
    );
    assert.equal(paths(mark).filter((p) => p.startsWith('GET /v3/b/')).length, 2);
  });

  it('a merge patch always applies; a JSON Patch names the failing operation; a malformed change is refused before any read', async () => {
    assert.deepEqual(applyRecordChange({ a: 1, b: { c: 2 } }, await parseRecordChange('{"b": {"c": null, "d": 3}}')), { record: { a: 1, b: { d: 3 } } });
    assert.deepEqual(applyRecordChange({ a: 1 }, await parseRecordChange('[{"op": "replace", "path": "/x", "value": 1}]')), {
      notApplicable: 'operation 1 (replace /x): the path does not exist in this record',
      operation: { index: 0, operation: { op: 'replace', path: '/x', value: 1 } },
    });
    await assert.rejects(parseRecordChange('[{"op": "rename", "path": "/x"}]'), /not add, remove, replace, move, copy or test/);
    await assert.rejects(parseRecordChange('3'), /merge patch is an object/);
    assert.throws(() => checkRecordChange({ patch: [], mergePatch: {} }), /one of the two/);
  });

  it('refuses a change holding a number the records could not keep as written, since they are made from the parsed change', async () => {
    await assert.rejects(
      parseRecordChange('{"id": 12345678901234567890}'),
      /The change is not applied: The number 12345678901234567890 at \/id would be stored as 12345678901234567168/,
    );
    await assert.rejects(parseRecordChange('[{"op": "add", "path": "/n", "value": 1e400}]'), /beyond what a JSON number can hold/);
    assert.deepEqual(await parseRecordChange('{"n": 1.50}'), { mergePatch: { n: 1.5 } }, 'the same number, written otherwise');
  });
});
