import * as assert from 'node:assert/strict';
import { digestOf } from '../../../../../src/core/store/entry';
import { fileDigest, stateOf } from '../../../../../src/core/store/links/linkState';

describe('whether a linked file and its bin differ', () => {
  const one = digestOf({ a: 1.5, b: [1, 2] });
  const two = digestOf({ a: 2 });
  const three = digestOf({ a: 3 });

  it('compares JSON values, not bytes: formatting and numbers written another way do not count', async () => {
    assert.equal(await fileDigest('{"a":1.5,"b":[1,2]}'), one);
    assert.equal(await fileDigest('{\n    "a": 1.50,\n    "b": [ 1, 2e0 ]\n}\n'), one);
    assert.notEqual(await fileDigest('{"b":[1,2],"a":1.5}'), one);
    assert.equal(await fileDigest('{ broken'), undefined);
  });

  it('never finds a number the service would not keep as written the same as a record', async () => {
    const long = '{"n": 12345678901234567890}';
    assert.notEqual(await fileDigest(long), digestOf(JSON.parse(long)));
  });

  it('tells which side changed since the last push or pull', () => {
    assert.equal(stateOf(one, { base: one }), 'same');
    assert.equal(stateOf(one, { base: one, remote: one }), 'same');
    assert.equal(stateOf(two, { base: one, remote: one }), 'changedHere');
    assert.equal(stateOf(two, { base: one }), 'changedHere');
    assert.equal(stateOf(undefined, { base: one }), 'changedHere');
    assert.equal(stateOf(one, { base: one, remote: two }), 'changedThere');
    assert.equal(stateOf(three, { base: one, remote: two }), 'changedBoth');
    // Both sides changed to the same value: nothing to push or pull.
    assert.equal(stateOf(two, { base: one, remote: two }), 'same');
  });

  it('says when nothing is known, and when the bin is gone', () => {
    assert.equal(stateOf(one, {}), 'unknown');
    assert.equal(stateOf(one, { remote: two }), 'changedBoth');
    assert.equal(stateOf(one, { base: one, remote: one, gone: 'Bin not found' }), 'gone');
  });
});
