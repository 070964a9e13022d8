import * as assert from 'node:assert/strict';
import { BinCollections, type Memory } from '../../../src/store/binCollections';

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
