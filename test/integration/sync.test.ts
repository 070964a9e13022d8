/**
 * Settings Sync: the global state keys the extension gives `setKeysForSync` carry the accounts,
 * the remembered bins and the bins' collections to the user's other machines, and never a key.
 */
import * as assert from 'node:assert/strict';
import { Command } from '../../src/commands/ids';
import { StateKey } from '../../src/api/stateKeys';
import { run, setup, TEST_KEY, until, type World } from './support';

describe('what follows the user through Settings Sync', () => {
  let w: World;
  let accountId: string | undefined;
  before(async () => (w = await setup()));
  after(async () => {
    await run(Command.switchAccount, 'Default');
    if (accountId) await run(Command.removeAccount, accountId);
  });

  it('syncs the accounts, the remembered bins and the bins’ collections; no key, no request count, not the active account', async () => {
    const collectionId = (await w.other.createCollection('synced collection')).id;
    const inCollection = (await run<{ id: string }>(Command.createBin, { record: { s: 1 }, name: 'synced in collection', collectionId })).id;
    const created = (await run<{ id: string }>(Command.createBin, { record: { s: 2 }, name: 'synced loose' })).id;
    const added = (await w.other.createBin({ record: { s: 3 }, name: 'synced added' })).metadata.id;
    await run(Command.addBin, added);
    accountId = (await run<{ id: string }>(Command.addAccount, { name: 'Synced', apiUrl: w.service.baseUrl, key: w.paid.key })).id;
    await w.api.whenIdle();

    const synced = w.api.syncedState();
    assert.deepEqual(
      synced.map((s) => s.key),
      [StateKey.accounts, StateKey.accountsWrite, StateKey.bins, StateKey.binsWrite, StateKey.binCollections],
    );
    const text = JSON.stringify(synced);
    for (const key of [TEST_KEY, w.paid.key]) {
      assert.ok(!text.includes(key), 'a key is in the synced state');
    }
    const value = <T>(key: string) => synced.find((s) => s.key === key)?.value as T;
    assert.deepEqual(
      value<{ id: string; name: string; apiUrl?: string; keyKind: string }[]>(StateKey.accounts).map((a) => [a.id, a.name, a.apiUrl, a.keyKind]),
      [
        ['', 'Default', undefined, 'master'],
        [accountId, 'Synced', w.service.baseUrl, 'master'],
      ],
    );
    // Which bins, not their order: this suite's earlier files remember bins of the same account too.
    // Waited for: the list is written a moment after the last change, and the state read again.
    const lists = () => (w.api.syncedState().find((s) => s.key === StateKey.bins)?.value ?? {}) as Record<string, { order: string[] }>;
    const missing = () => [added, created].filter((id) => !(lists()[w.service.baseUrl]?.order ?? []).includes(id));
    await until(() => missing().length === 0 || undefined, 'the synced list of the default account to hold the bins it created and added').catch(
      (error: Error) => {
        // What was synced instead, to tell a list written under another scope from one not written.
        const found = Object.entries(lists()).map(
          ([scope, list]) => `${scope}: ${list.order.length} bins, ${[added, created].filter((id) => list.order.includes(id)).length} of ours`,
        );
        throw new Error(`${error.message}; missing ${missing().join(', ')}; synced lists: ${found.join('; ')}; active account ${w.api.accounts.active.name}`);
      },
    );
    const collections = value<Record<string, Record<string, string | null>>>(StateKey.binCollections)[w.service.baseUrl];
    assert.equal(collections[inCollection], collectionId);
  });
});
