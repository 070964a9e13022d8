/** Settings Sync in the web worker host: the synced keys carry the accounts, remembered bins and bins' collections, never a key. */
import { assert } from 'chai';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { StateKey } from '../../src/core/api/stateKeys';
import { run, setup, type World } from './world';

describe('what follows the user through Settings Sync, in the web worker host', () => {
  let w: World;
  let accountId: string | undefined;
  before(async () => (w = await setup()));
  after(async () => {
    await run(Command.switchAccount, 'Default');
    if (accountId) await run(Command.removeAccount, accountId);
  });

  it('syncs the accounts, the remembered bins and the bins’ collections, and no key', async () => {
    const collectionId = (await w.other.createCollection('web synced collection')).id;
    const inCollection = (await run<{ id: string }>(Command.createBin, { record: { s: 1 }, name: 'web synced in collection', collectionId })).id;
    const added = (await w.other.createBin({ record: { s: 2 }, name: 'web synced added' })).metadata.id;
    await run(Command.addBin, added);
    accountId = (await run<{ id: string }>(Command.addAccount, { name: 'Web synced', apiUrl: w.baseUrl, key: w.paidKey })).id;
    await w.api.whenIdle();

    const synced = w.api.syncedState();
    // Which definition a schema doc came from is synced too, last, once there is one (an earlier suite file may have made one).
    const origins = synced.some((s) => s.key === StateKey.schemaDocOrigins) ? [StateKey.schemaDocOrigins] : [];
    assert.deepEqual(
      synced.map((s) => s.key),
      [StateKey.accounts, StateKey.accountsWrite, StateKey.bins, StateKey.binsWrite, StateKey.binCollections, ...origins],
    );
    const text = JSON.stringify(synced);
    assert.notInclude(text, w.key);
    assert.notInclude(text, w.paidKey);
    const value = <T>(key: string) => synced.find((s) => s.key === key)?.value as T;
    assert.includeDeepMembers(value<object[]>(StateKey.accounts), [{ id: accountId, name: 'Web synced', apiUrl: w.baseUrl, keyKind: 'master' }]);
    // Which bins, not their order: the suite's earlier files remember bins of the same account too.
    assert.include(value<Record<string, { order: string[] }>>(StateKey.bins)[w.baseUrl].order, added);
    assert.equal(value<Record<string, Record<string, string | null>>>(StateKey.binCollections)[w.baseUrl][inCollection], collectionId);
  });

  it('stores every remembered bin while other state is written meanwhile', async () => {
    // VS Code drops an update made between a write and its echo: renames write the accounts while each list is written.
    await run(Command.switchAccount, 'Default');
    const remembered: string[] = [];
    for (let round = 0; round < 5; round++) {
      const id = (await w.other.createBin({ record: { round }, name: `web kept ${round}` })).metadata.id;
      remembered.push(id);
      await run(Command.addBin, id);
      for (let n = 0; n < 40; n++) {
        await run(Command.renameAccount, '', n % 2 ? 'Default' : 'Default account');
      }
    }
    await w.api.whenIdle();
    const stored = (w.api.syncedState().find((s) => s.key === StateKey.bins)?.value as Record<string, { order: string[] }>)[w.baseUrl];
    assert.deepEqual(
      remembered.filter((id) => !stored.order.includes(id)),
      [],
      'remembered bins missing from the stored list',
    );
  });
});
