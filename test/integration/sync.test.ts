/**
 * Settings Sync: the global state keys the extension gives `setKeysForSync` carry the accounts,
 * the remembered bins and the bins' collections to the user's other machines, and never a key.
 */
import * as assert from 'node:assert/strict';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { StateKey } from '../../src/core/api/stateKeys';
import { run, setup, TEST_KEY, type World } from './support';

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
    // Which definition a schema doc came from is synced too, last, once there is one (an earlier suite file may have made one).
    const origins = synced.some((s) => s.key === StateKey.schemaDocOrigins) ? [StateKey.schemaDocOrigins] : [];
    assert.deepEqual(
      synced.map((s) => s.key),
      [StateKey.accounts, StateKey.accountsWrite, StateKey.bins, StateKey.binsWrite, StateKey.binCollections, ...origins],
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
    // Stored once the extension is idle: its state writes are part of what it waits for.
    const order = value<Record<string, { order: string[] }>>(StateKey.bins)[w.service.baseUrl].order;
    assert.deepEqual(
      [added, created].filter((id) => !order.includes(id)),
      [],
      'remembered bins missing from the synced list',
    );
    const collections = value<Record<string, Record<string, string | null>>>(StateKey.binCollections)[w.service.baseUrl];
    assert.equal(collections[inCollection], collectionId);
  });

  it('stores every remembered bin while other state is written meanwhile', async () => {
    // VS Code sends its whole state a moment after each update and replaces it with the echo of each
    // write: an update made between a write and its echo was dropped.
    await run(Command.switchAccount, 'Default');
    const remembered: string[] = [];
    for (let round = 0; round < 5; round++) {
      const id = (await w.other.createBin({ record: { round }, name: `kept ${round}` })).metadata.id;
      remembered.push(id);
      await run(Command.addBin, id);
      // Its list is written a moment after, while the renames go on: each waits for its own write.
      for (let n = 0; n < 40; n++) {
        await run(Command.renameAccount, '', n % 2 ? 'Default' : 'Default account');
      }
    }
    await w.api.whenIdle();
    const stored = (w.api.syncedState().find((s) => s.key === StateKey.bins)?.value as Record<string, { order: string[] }>)[w.service.baseUrl];
    assert.deepEqual(
      remembered.filter((id) => !stored.order.includes(id)),
      [],
      'remembered bins missing from the stored list',
    );
  });
});
