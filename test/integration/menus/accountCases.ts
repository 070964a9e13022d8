/** Cases for the accounts: add one, make another active, rename, remove, the requests sent. None but Add sends a request. */
import * as assert from 'node:assert/strict';
import { Command } from '../../../src/extension/commands/idsAndContextKeys';
import { pathsOf, run, type Case, type MenuContext } from './context';

export function accountCases(c: MenuContext): Record<string, Case> {
  const { invoke, argsFor } = c;
  const accounts = () => c.w.api.accounts;
  /**
   * A second account of the suite's service (the paid account's key). A row kind says which
   * account is active: `account.default` and `account.active` rows show while the added one is.
   */
  const second = async (kind: string | undefined) => {
    const name = `Menu account ${c.next()}`;
    const added = await run<{ id: string }>(Command.addAccount, { name, apiUrl: c.w.service.baseUrl, key: c.w.paid.key });
    if (kind === 'account' || kind === 'account.default.active') {
      await run(Command.switchAccount, 'Default');
    }
    return { id: added.id, name };
  };
  /** Each case leaves the default account alone, active and named Default. */
  const guarded =
    (body: Case): Case =>
    async (place, kind) => {
      try {
        await body(place, kind);
      } finally {
        for (const account of accounts().all().slice(1)) {
          await run(Command.removeAccount, account.id);
        }
        await run(Command.renameAccount, '', 'Default');
      }
      assert.equal(accounts().active.id, '');
    };
  const palette = (place: { menu: string }, ...answers: string[]) => (place.menu === 'palette' ? answers : []);

  return {
    [Command.addAccount]: guarded(async (place, kind) => {
      const name = `Added ${c.next()}`;
      const requests = await invoke(place.entry.command, await argsFor(place, kind), name, c.w.service.baseUrl, 'Master key', c.w.paid.key);
      // The key is checked with the cheapest request that needs it, then the account is active.
      assert.deepEqual(pathsOf(requests), ['GET /v3/c']);
      assert.equal(accounts().active.name, name);
      assert.equal(accounts().active.apiUrl, c.w.service.baseUrl);
    }),
    [Command.switchAccount]: guarded(async (place, kind) => {
      const added = await second(kind);
      const before = accounts().active.id;
      const requests = await invoke(place.entry.command, await argsFor(place, kind), ...palette(place, 'Default'));
      assert.deepEqual(requests, []);
      // The row pressed is the account that was not active.
      assert.equal(accounts().active.id, place.menu === 'palette' ? '' : before === '' ? added.id : '');
    }),
    [Command.showRequests]: guarded(async (place, kind) => {
      // With several accounts the breakdown offers Switch Account…, which asks which one.
      await second(kind);
      const requests = await invoke(place.entry.command, await argsFor(place, kind), 'Switch Account', 'Default');
      assert.deepEqual(requests, []);
      assert.equal(accounts().active.id, '');
    }),
    [Command.renameAccount]: guarded(async (place, kind) => {
      const added = await second(kind);
      const renamed = `Renamed ${c.next()}`;
      const target = place.menu === 'palette' || !kind?.includes('default') ? added.id : '';
      const requests = await invoke(place.entry.command, await argsFor(place, kind), ...palette(place, added.name), renamed);
      assert.deepEqual(requests, []);
      assert.equal(
        accounts()
          .all()
          .find((a) => a.id === target)?.name,
        renamed,
      );
    }),
    [Command.createAccessKey]: guarded(async (place, kind) => {
      const name = `Menu key ${c.next()}`;
      const requests = await invoke(place.entry.command, await argsFor(place, kind), name, 'Read bins', `${name} account`);
      assert.deepEqual(pathsOf(requests), ['POST /v3/a']);
      assert.equal(requests[0].keyHeader, 'master');
      const added = accounts()
        .all()
        .find((a) => a.name === `${name} account`);
      assert.deepEqual(
        { keyKind: added?.keyKind, permissions: added?.permissions },
        { keyKind: 'access', permissions: { bins: { create: false, read: true, update: false, delete: false } } },
      );
      assert.equal(accounts().active.id, '', 'the account that made the key stays active');
    }),
    [Command.removeAccount]: guarded(async (place, kind) => {
      const added = await second(kind);
      const requests = await invoke(place.entry.command, await argsFor(place, kind), ...palette(place, added.name), true);
      assert.deepEqual(requests, []);
      assert.ok(c.asked.includes(`Remove the account ${added.name}?`), c.asked.join(' | '));
      assert.deepEqual(
        accounts()
          .all()
          .map((a) => a.id),
        [''],
      );
    }),
  };
}
