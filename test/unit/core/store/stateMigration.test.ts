import * as assert from 'node:assert/strict';
import { ownKeyOf, StateKey, type Memory } from '../../../../src/core/api/stateKeys';
import { migrateScopedKeys } from '../../../../src/core/store/stateMigration';

/** A global state as VS Code keeps it: `keys()` names the keys that hold a value. */
class MemoryState implements Memory {
  readonly values = new Map<string, unknown>();
  writes = 0;
  keys(): string[] {
    return [...this.values.keys()];
  }
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.writes++;
    if (value === undefined) this.values.delete(key);
    else this.values.set(key, value);
  }
}

const A = 'https://api.jsonbin.io/v3';
const B = 'http://127.0.0.1:1/v3#a1234abcd';
const bins = (...ids: string[]) => ({ order: ids, bins: Object.fromEntries(ids.map((id) => [id, { id, name: `${id} here` }])) });

describe('moving state kept per account under keys of its own', () => {
  it("moves each account's remembered bins, their mark and their collections into their keys' entries, and drops the old keys", async () => {
    const memory = new MemoryState();
    memory.values.set(ownKeyOf(StateKey.bins, A), bins('a1', 'a2'));
    memory.values.set(ownKeyOf(StateKey.binsWrite, A), 'w.1');
    memory.values.set(ownKeyOf(StateKey.bins, B), bins('b1'));
    memory.values.set(ownKeyOf(StateKey.binCollections, A), { a1: 'c1', a2: null });
    memory.values.set(StateKey.accounts, ['untouched']);
    await migrateScopedKeys(memory);
    assert.deepEqual(memory.keys().sort(), [StateKey.accounts, StateKey.binCollections, StateKey.bins, StateKey.binsWrite].sort());
    assert.deepEqual(memory.get(StateKey.bins), { [A]: bins('a1', 'a2'), [B]: bins('b1') });
    assert.deepEqual(memory.get(StateKey.binsWrite), { [A]: 'w.1' });
    assert.deepEqual(memory.get(StateKey.binCollections), { [A]: { a1: 'c1', a2: null } });
    assert.deepEqual(memory.get(StateKey.accounts), ['untouched']);
  });

  it('adds what only this machine knew after what another machine synced first', async () => {
    const memory = new MemoryState();
    const synced = { order: ['s1', 'a1'], bins: { s1: { id: 's1' }, a1: { id: 'a1', name: 'a1 synced' } } };
    memory.values.set(StateKey.bins, { [A]: synced });
    memory.values.set(StateKey.binsWrite, { [A]: 'there.3' });
    memory.values.set(StateKey.binCollections, { [A]: { a1: 'c2' } });
    memory.values.set(ownKeyOf(StateKey.bins, A), bins('a1', 'a2'));
    memory.values.set(ownKeyOf(StateKey.binsWrite, A), 'here.1');
    memory.values.set(ownKeyOf(StateKey.binCollections, A), { a1: 'c1', a2: null });
    await migrateScopedKeys(memory);
    assert.deepEqual(memory.get(StateKey.bins), {
      [A]: { order: ['s1', 'a1', 'a2'], bins: { s1: { id: 's1' }, a1: { id: 'a1', name: 'a1 synced' }, a2: { id: 'a2', name: 'a2 here' } } },
    });
    assert.deepEqual(memory.get(StateKey.binsWrite), { [A]: 'there.3' });
    assert.deepEqual(memory.get(StateKey.binCollections), { [A]: { a1: 'c2', a2: null } });
  });

  it('writes nothing once nothing is kept the old way', async () => {
    const memory = new MemoryState();
    memory.values.set(StateKey.bins, { [A]: bins('a1') });
    await migrateScopedKeys(memory);
    assert.equal(memory.writes, 0);
  });
});
