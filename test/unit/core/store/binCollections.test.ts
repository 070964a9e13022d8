import * as assert from 'node:assert/strict';
import { StateKey, type Memory } from '../../../../src/core/api/stateKeys';
import { BinCollections } from '../../../../src/core/store/binCollections';

class MemoryState implements Memory {
  readonly values = new Map<string, unknown>();
  writes = 0;
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.writes++;
    this.values.set(key, value);
  }
}

describe('which collection each bin is in', () => {
  it('is kept across a reload, per service URL, in one write for many bins', async () => {
    const memory = new MemoryState();
    let url = 'https://a.example/v3';
    const first = new BinCollections(memory, () => url);
    for (let i = 0; i < 10; i++) first.learn(`bin${i}`, 'c1');
    first.learn('loose', null);
    await first.flush();
    assert.equal(memory.writes, 1);
    const reloaded = new BinCollections(memory, () => url);
    assert.equal(reloaded.of('bin3'), 'c1');
    assert.equal(reloaded.of('loose'), null);
    assert.equal(reloaded.of('never seen'), undefined);
    url = 'https://b.example/v3';
    assert.equal(reloaded.of('bin3'), undefined, 'another service knows nothing of these bins');
  });

  it("keeps each account's relation as its scope's entry of one key, beside the other accounts'", async () => {
    const memory = new MemoryState();
    const work = new BinCollections(memory, () => 'https://a.example/v3#a1234abcd');
    const home = new BinCollections(memory, () => 'https://a.example/v3');
    work.learn('w', 'c1');
    home.learn('h', null);
    await Promise.all([work.flush(), home.flush()]);
    assert.deepEqual(memory.values.get(StateKey.binCollections), { 'https://a.example/v3#a1234abcd': { w: 'c1' }, 'https://a.example/v3': { h: null } });
  });

  it('tells its listeners what changed, and only when it changed', () => {
    const heard: string[] = [];
    const bins = new BinCollections(new MemoryState(), () => 'u');
    bins.onDidLearn((id) => heard.push(id));
    bins.learn('x', 'c');
    bins.learn('x', 'c');
    bins.learn('x', null);
    assert.deepEqual(heard, ['x', 'x']);
  });
});
