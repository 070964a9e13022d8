import * as assert from 'node:assert/strict';
import { Refused } from '../../../../../src/core/store/refused';
import { digestOf } from '../../../../../src/core/store/entry';
import { pullLinked, pushLinked } from '../../../../../src/core/store/links/linkSync';
import { eachTestWithABin } from '../accountBins';

describe('push and pull of a linked file', () => {
  const world = eachTestWithABin();
  const { paths } = world;
  const asked: string[] = [];
  let choice: 'overwrite' | 'cancel' | 'compare' = 'cancel';
  const resolve = async (text: string) => (asked.push(text), choice);
  const push = (text: string, base: string | undefined) => pushLinked(world.a, world.id, text, base, resolve, () => []);

  beforeEach(() => {
    asked.length = 0;
    choice = 'cancel';
  });

  it('sends the text as written after one read, the stored record equal to the file, exact numbers', async () => {
    const mark = world.f.service.log.length;
    const text = '{\n  "a": 2,\n  "price": 0.1,\n  "big": 9007199254740991\n}\n';
    const result = await push(text, digestOf({ a: 1 }));
    assert.equal(result.outcome, 'written');
    assert.equal(result.seen.remote, digestOf(JSON.parse(text)));
    assert.deepEqual(paths(mark), [`GET /v3/b/${world.id}/latest`, `PUT /v3/b/${world.id}`]);
    assert.deepEqual((await world.a.client.readBin(world.id)).record, { a: 2, price: 0.1, big: 9007199254740991 });
    assert.deepEqual(asked, []);
  });

  it('refuses what a save refuses before any request', async () => {
    const mark = world.f.service.log.length;
    await assert.rejects(push('{"n": 12345678901234567890}', digestOf({ a: 1 })), (e: Error) => e instanceof Refused && /Not pushed/.test(e.message));
    await assert.rejects(push('{ broken', digestOf({ a: 1 })), Refused);
    assert.deepEqual(paths(mark), []);
  });

  it('sends nothing when the bin already holds the value', async () => {
    const mark = world.f.service.log.length;
    assert.equal((await push('{ "a": 1.0 }', undefined)).outcome, 'stored');
    assert.deepEqual(paths(mark), [`GET /v3/b/${world.id}/latest`]);
  });

  it('asks when the bin changed since the last push or pull: Cancel sends no PUT, Overwrite does', async () => {
    await world.a.client.updateBin(world.id, { a: 'theirs' });
    const mark = world.f.service.log.length;
    assert.equal((await push('{"a": "mine"}', digestOf({ a: 1 }))).outcome, 'cancelled');
    assert.deepEqual(asked, [JSON.stringify({ a: 'theirs' }, null, 2)]);
    assert.deepEqual(world.f.service.requestsSince(mark, 'PUT'), []);
    choice = 'overwrite';
    assert.equal((await push('{"a": "mine"}', digestOf({ a: 1 }))).outcome, 'written');
    assert.deepEqual((await world.a.client.readBin(world.id)).record, { a: 'mine' });
  });

  it('pulls with one read, and writes nothing when the file holds the same value', async () => {
    const mark = world.f.service.log.length;
    const changed = await pullLinked(world.a.bins, world.id, '{"a": 2}');
    assert.equal(changed.write, JSON.stringify({ a: 1 }, null, 2));
    const same = await pullLinked(world.a.bins, world.id, '{ "a": 1 }\n');
    assert.equal(same.write, undefined);
    assert.equal(same.seen.remote, digestOf({ a: 1 }));
    assert.deepEqual(paths(mark), [`GET /v3/b/${world.id}/latest`, `GET /v3/b/${world.id}/latest`]);
  });

  it('says a gone bin is gone', async () => {
    await world.a.client.deleteBin(world.id);
    await assert.rejects(pullLinked(world.a.bins, world.id, undefined), (e: Refused) => e.kind === 'notFound');
  });
});
