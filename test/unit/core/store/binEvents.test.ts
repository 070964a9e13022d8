import * as assert from 'node:assert/strict';
import type { BinSummary } from '../../../../src/core/api';
import { listingAfter, type BinChange } from '../../../../src/core/store/binEvents';

describe('how a fetched listing follows a change of bins', () => {
  const bin = (id: string, name = id, isPrivate = true): BinSummary => ({ id, name, private: isPrivate, createdAt: `2025-01-0${id.length}` });
  const listed = [bin('b'), bin('a')];

  it("puts a bin created in the listing first (newest first, as it is listed), with what the create's answer said", () => {
    const created: BinChange = { kind: 'created', bin: bin('c', 'new', false), collectionId: 'col', record: { n: 1 } };
    assert.deepEqual(listingAfter(listed, 'col', created), [bin('c', 'new', false), ...listed]);
    // Another listing's, or told twice: unchanged, the same array.
    assert.equal(listingAfter(listed, null, created), listed);
    assert.equal(listingAfter(listed, 'other', created), listed);
    const twice = listingAfter(listed, 'col', created);
    assert.equal(listingAfter(twice, 'col', created), twice);
    // In no collection: the listing of the bins in none (null).
    assert.deepEqual(listingAfter([], null, { ...created, collectionId: null }), [bin('c', 'new', false)]);
  });

  it('drops a deleted bin, shows a rename or a privacy change, and moves nothing for a bin told to be elsewhere', () => {
    assert.deepEqual(listingAfter(listed, 'col', { kind: 'deleted', id: 'b' }), [bin('a')]);
    assert.deepEqual(listingAfter(listed, 'col', { kind: 'renamed', id: 'a', name: 'renamed' }), [bin('b'), bin('a', 'renamed')]);
    assert.deepEqual(listingAfter(listed, 'col', { kind: 'privacy', id: 'b', private: false }), [bin('b', 'b', false), bin('a')]);
    assert.equal(listingAfter(listed, 'col', { kind: 'moved', id: 'a', collectionId: 'other' }), listed);
    // A bin the listing does not hold: the same array.
    assert.equal(listingAfter(listed, 'col', { kind: 'deleted', id: 'z' }), listed);
    assert.equal(listingAfter(listed, 'col', { kind: 'renamed', id: 'z', name: 'x' }), listed);
  });
});
