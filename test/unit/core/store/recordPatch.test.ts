import * as assert from 'node:assert/strict';
import type { Json } from '../../../../src/core/api';
import { applyRecordChange, checkRecordChange, type Applied } from '../../../../src/core/store/recordPatch';

function recordOf(applied: Applied): Json {
  assert.ok('record' in applied, JSON.stringify(applied));
  return applied.record;
}

describe('one change applied to a record', () => {
  it('gives every record the same result when a later operation changes a value an earlier one added, and leaves the change as written', () => {
    const patch = [
      { op: 'add', path: '/tags', value: [] },
      { op: 'add', path: '/tags/-', value: 'new' },
      { op: 'add', path: '/meta', value: { by: 'a' } },
      { op: 'replace', path: '/meta/by', value: 'b' },
    ];
    const change = checkRecordChange({ patch });
    const results = [1, 2, 3].map((n) => recordOf(applyRecordChange({ n }, change)));
    assert.deepEqual(
      results,
      [1, 2, 3].map((n) => ({ n, tags: ['new'], meta: { by: 'b' } })),
    );
    assert.deepEqual(patch[0], { op: 'add', path: '/tags', value: [] });
    assert.deepEqual(patch[2], { op: 'add', path: '/meta', value: { by: 'a' } });
  });

  it('leaves the record as it is, and the new record shares with it what the change leaves alone', () => {
    const record = { a: { list: [1, 2], deep: { x: 1 } }, b: { y: 2 }, 'c/d': { z: 3 } };
    const before = structuredClone(record);
    const after = recordOf(
      applyRecordChange(
        record,
        checkRecordChange({
          patch: [
            { op: 'replace', path: '/a/deep/x', value: 10 },
            { op: 'add', path: '/a/list/0', value: 0 },
            { op: 'remove', path: '/c~1d/z' },
          ],
        }),
      ),
    ) as typeof record;
    assert.deepEqual(record, before);
    assert.deepEqual(after, { a: { list: [0, 1, 2], deep: { x: 10 } }, b: { y: 2 }, 'c/d': {} });
    assert.equal(after.b, record.b, 'not copied: the change does not reach it');
  });

  it('copies a moved value before a later operation changes it, so that the record read stays as it was', () => {
    const record = { from: { x: 1 }, keep: [{ y: 1 }] };
    const before = structuredClone(record);
    const change = checkRecordChange({
      patch: [
        { op: 'move', from: '/from', path: '/to' },
        { op: 'replace', path: '/to/x', value: 2 },
        { op: 'copy', from: '/keep/0', path: '/copied' },
        { op: 'replace', path: '/copied/y', value: 2 },
      ],
    });
    assert.deepEqual(recordOf(applyRecordChange(record, change)), { to: { x: 2 }, keep: [{ y: 1 }], copied: { y: 2 } });
    assert.deepEqual(record, before);
  });

  it('leaves the record as it is when a move shifts the array its path goes through', () => {
    const record: Json = { arr: [{ m: 1 }, { x: 0 }, { y: 0 }] };
    const before = structuredClone(record);
    const after = recordOf(applyRecordChange(record, checkRecordChange({ patch: [{ op: 'move', from: '/arr/0', path: '/arr/1/z' }] })));
    assert.deepEqual(after, { arr: [{ x: 0 }, { y: 0, z: { m: 1 } }] });
    assert.deepEqual(record, before);
  });

  it('says a move into its own value does not apply, and numbers a failing operation from the whole patch', () => {
    assert.deepEqual(applyRecordChange({ a: { x: 1 } }, checkRecordChange({ patch: [{ op: 'move', from: '/a', path: '/a/b' }] })), {
      notApplicable: 'operation 1 (move /a/b): it moves a value into itself',
      operation: { index: 0, operation: { op: 'move', from: '/a', path: '/a/b' } },
    });
    const third = applyRecordChange(
      { a: 1 },
      checkRecordChange({
        patch: [
          { op: 'test', path: '/a', value: 1 },
          { op: 'test', path: '/a', value: 1 },
          { op: 'remove', path: '/zz' },
        ],
      }),
    );
    assert.ok('notApplicable' in third);
    assert.equal(third.notApplicable, 'operation 3 (remove /zz): the path does not exist in this record');
  });

  it('a merge patch changes nested objects of its own copy only', () => {
    const record = { a: { b: { c: 1, d: 2 } }, e: { f: 1 }, g: 1 };
    const before = structuredClone(record);
    const after = recordOf(applyRecordChange(record, checkRecordChange({ mergePatch: { a: { b: { c: null, n: 3 } }, g: { h: 1 } } }))) as Record<string, Json>;
    assert.deepEqual(after, { a: { b: { d: 2, n: 3 } }, e: { f: 1 }, g: { h: 1 } });
    assert.deepEqual(record, before);
    assert.equal(after.e, record.e);
  });

  it('a failing operation leaves the record as it is, even after earlier ones applied', () => {
    const record = { a: { x: 1 } };
    const applied = applyRecordChange(
      record,
      checkRecordChange({
        patch: [
          { op: 'replace', path: '/a/x', value: 2 },
          { op: 'test', path: '/a/x', value: 3 },
        ],
      }),
    );
    assert.deepEqual(applied, {
      notApplicable: 'operation 2 (test /a/x): the test failed: the value there differs',
      operation: { index: 1, operation: { op: 'test', path: '/a/x', value: 3 } },
    });
    assert.deepEqual(record, { a: { x: 1 } });
  });
});
