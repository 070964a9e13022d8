import * as assert from 'node:assert/strict';
import {
  accountScope,
  entryOf,
  forgetScope,
  isScopeOf,
  ownKeyOf,
  SecretKey,
  setEntries,
  StateKey,
  SYNCED_KEYS,
  type Memory,
} from '../../../../src/core/api/stateKeys';

class MemoryState implements Memory {
  readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, value);
  }
}

const URL = 'https://api.jsonbin.io/v3';

describe('state keys', () => {
  it('are the names users already have state under', () => {
    assert.deepEqual(Object.values(StateKey), [
      'jsonbin.accounts',
      'jsonbin.accountsWrite',
      'jsonbin.activeAccount',
      'jsonbin.bins',
      'jsonbin.binsWrite',
      'jsonbin.binCollections',
      'jsonbin.schemaDocOrigins',
      'jsonbin.requestsToday',
      'jsonbin.walkthroughTicked',
    ]);
    assert.equal(ownKeyOf(StateKey.bins, URL), `jsonbin.bins:${URL}`, 'where earlier versions kept an account part');
    assert.equal(SecretKey.defaultAccountKey(URL), `jsonbin.apiKey:${URL}`);
    assert.equal(SecretKey.accountKey('a1234abcd'), 'jsonbin.accountKey:a1234abcd');
    assert.equal(SecretKey.accountsStamp, 'jsonbin.accountsStamp');
  });

  it("scopes the default account's entries by its URL, as before accounts, and another's by the URL and its id", () => {
    assert.equal(accountScope(URL, ''), URL);
    assert.equal(accountScope(URL, 'a1234abcd'), `${URL}#a1234abcd`);
    assert.ok(isScopeOf(accountScope('http://other/v3', 'a1234abcd'), 'a1234abcd'));
    assert.ok(!isScopeOf(URL, 'a1234abcd'));
  });

  it("reads and writes one scope's entry, keeping the others as stored", async () => {
    const memory = new MemoryState();
    memory.values.set(StateKey.bins, { [URL]: 'default', other: 'other' });
    await setEntries(memory, StateKey.bins, { [URL]: 'changed', added: 'added' });
    assert.deepEqual(memory.values.get(StateKey.bins), { [URL]: 'changed', other: 'other', added: 'added' });
    assert.equal(entryOf(memory, StateKey.bins, 'other'), 'other');
    assert.equal(entryOf(memory, StateKey.bins, 'toString'), undefined, 'only an entry of its own');
    assert.equal(entryOf(memory, StateKey.binCollections, URL), undefined);
  });

  it("forgets a removed account's entries of every key, and nothing else", async () => {
    const memory = new MemoryState();
    const scope = accountScope(URL, 'a1234abcd');
    for (const key of [StateKey.bins, StateKey.binsWrite, StateKey.binCollections]) {
      memory.values.set(key, { [URL]: 'kept', [scope]: 'gone' });
    }
    await forgetScope(memory, scope);
    for (const key of [StateKey.bins, StateKey.binsWrite, StateKey.binCollections]) {
      assert.deepEqual(memory.values.get(key), { [URL]: 'kept' }, key);
    }
  });

  it("syncs the accounts, the remembered bins and the bins' collections with their write marks; not the active account or the counts", () => {
    assert.deepEqual(
      [...SYNCED_KEYS].sort(),
      [StateKey.accounts, StateKey.accountsWrite, StateKey.bins, StateKey.binsWrite, StateKey.binCollections, StateKey.schemaDocOrigins].sort(),
    );
    assert.ok(!SYNCED_KEYS.includes(StateKey.activeAccount) && !SYNCED_KEYS.includes(StateKey.requestsToday));
  });
});
