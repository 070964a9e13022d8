/**
 * Windows in step: two windows' accounts over one global state and one secret storage, whose
 * change event reaches every window as VS Code's does. The real `Accounts` and `BinsView` run in
 * each; what an account's parts hold is a stand-in that says when it is disposed.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Accounts, type MakeParts } from '../../src/extension/accounts/accounts';
import { StateKey } from '../../src/core/api/stateKeys';
import type { AccountRows } from '../../src/extension/features/tree/binsView';
import { BinsView } from '../../src/extension/features/tree/binsView';
import type { BinsTree } from '../../src/extension/features/tree/binsTree';
import { AccountNode } from '../../src/extension/features/tree/nodes';
import { labelOf, until } from './support';

/** One machine's storage: what each window sees of it. */
class Machine {
  private readonly disk = new Map<string, unknown>();
  private readonly views: Map<string, unknown>[] = [];
  private readonly secrets = new Map<string, string>();
  private readonly windows: vscode.EventEmitter<vscode.SecretStorageChangeEvent>[] = [];

  /** A window's global state: its own copy, which sees other windows' writes only after `catchUp()` (VS Code's may lag behind too). */
  memento(): vscode.Memento {
    const view = new Map(structuredClone([...this.disk]));
    this.views.push(view);
    const write = (map: Map<string, unknown>, key: string, value: unknown) =>
      void (value === undefined ? map.delete(key) : map.set(key, structuredClone(value)));
    return {
      keys: () => [...view.keys()],
      get: <T>(key: string, fallback?: T) => (view.has(key) ? (structuredClone(view.get(key)) as T) : fallback),
      update: async (key: string, value: unknown) => (write(view, key, value), write(this.disk, key, value)),
    };
  }

  /** Every window's global state is up to date again. */
  catchUp(): void {
    for (const view of this.views) {
      view.clear();
      this.disk.forEach((value, key) => view.set(key, structuredClone(value)));
    }
  }

  secretStorage(): vscode.SecretStorage {
    const changed = new vscode.EventEmitter<vscode.SecretStorageChangeEvent>();
    this.windows.push(changed);
    const fire = (key: string) => this.windows.forEach((w) => w.fire({ key }));
    return {
      get: async (key) => this.secrets.get(key),
      store: async (key, value) => (this.secrets.set(key, value), fire(key)),
      delete: async (key) => (this.secrets.delete(key), fire(key)),
      onDidChange: changed.event,
    };
  }
}

describe('windows in step', () => {
  let machine: Machine;
  const disposed: string[] = [];
  const flushed: string[] = [];
  const open: { dispose(): void }[] = [];

  /** A window: its accounts and its view. */
  function window(): { accounts: Accounts<AccountRows>; view: BinsView } {
    const make: MakeParts<AccountRows> = async (info, isActive) => {
      const tree = { getChildren: async () => [], onDidChangeTreeData: new vscode.EventEmitter<undefined>().event } as unknown as BinsTree;
      const { id } = info();
      return {
        tree,
        root: new AccountNode(
          info,
          () => info().apiUrl ?? 'http://127.0.0.1:1/v3',
          isActive,
          async () => [],
        ),
        flush: async () => void flushed.push(id),
        dispose: () => void disposed.push(id),
      };
    };
    const accounts = new Accounts<AccountRows>(machine.memento(), machine.secretStorage(), make);
    const view = new BinsView(accounts);
    open.push(view, accounts);
    return { accounts, view };
  }
  const rowNames = async (view: BinsView) => (await view.getChildren()).map((n) => labelOf(view.getTreeItem(n)));

  beforeEach(() => {
    machine = new Machine();
    disposed.length = 0;
    flushed.length = 0;
  });
  afterEach(() => open.splice(0).forEach((d) => d.dispose()));

  it("shows an account added, renamed or made active in one window in the other's view, without a reload", async () => {
    const first = window();
    const second = window();
    let redrawn = 0;
    second.view.onDidChangeTreeData(() => redrawn++);
    const work = await first.accounts.add({ name: 'Work', apiUrl: 'http://127.0.0.1:2/v3', keyKind: 'access' }, 'a-key');
    await until(async () => (await rowNames(second.view)).includes('Work') || undefined, "the second window's row of the added account");
    assert.deepEqual(await rowNames(second.view), ['Default', 'Work']);
    assert.ok(redrawn > 0, 'the second view was told to redraw');
    assert.equal(second.accounts.info(work.id)?.keyKind, 'access');

    await second.accounts.rename(work.id, 'Work (read only)');
    await until(() => first.accounts.info(work.id)?.name === 'Work (read only)' || undefined, 'the rename in the first window');
    await first.accounts.activate(work.id);
    await until(() => second.accounts.active.id === work.id || undefined, 'the switch in the second window');
    // Both windows' changes are kept: neither overwrote the other's with an older list.
    assert.deepEqual(
      window()
        .accounts.all()
        .map((a) => a.name),
      ['Default', 'Work (read only)'],
    );
  });

  it("keeps both windows' changes while global state lags behind the stamps", async () => {
    const first = window();
    const second = window();
    const work = await first.accounts.add({ name: 'Work', apiUrl: 'http://127.0.0.1:2/v3', keyKind: 'master' }, 'a-key');
    await until(() => second.accounts.info(work.id), 'the added account in the second window');
    // The second window's global state has not caught up: it knows the list from the stamp alone.
    await second.accounts.add({ name: 'Play', apiUrl: 'http://127.0.0.1:3/v3', keyKind: 'master' }, 'another-key');
    await until(() => first.accounts.all().length === 3 || undefined, 'the first window to follow');
    machine.catchUp();
    assert.deepEqual(
      window()
        .accounts.all()
        .map((a) => a.name),
      ['Default', 'Work', 'Play'],
    );
  });

  it('drops an account removed in another window: its parts there are disposed, and the active account falls back', async () => {
    const first = window();
    const second = window();
    const work = await first.accounts.add({ name: 'Work', apiUrl: 'http://127.0.0.1:2/v3', keyKind: 'master' }, 'a-key');
    await until(() => second.accounts.info(work.id), 'the added account in the second window');
    await second.accounts.activate(work.id);
    await second.accounts.parts(work.id);
    await until(() => first.accounts.active.id === work.id || undefined, 'the switch in the first window');

    const day = { day: '2026-11-25', total: 3, byAction: { readBin: 3 } };
    await machine.memento().update(StateKey.requestsToday, { 'http://127.0.0.1:1/v3': day, [`http://127.0.0.1:2/v3#${work.id}`]: day });
    machine.catchUp();
    await first.accounts.remove(work.id);
    assert.deepEqual(
      Object.keys(machine.memento().get<object>(StateKey.requestsToday)!),
      ['http://127.0.0.1:1/v3'],
      "the removed account's request count is gone",
    );
    await until(() => (second.accounts.info(work.id) ? undefined : true), 'the removal in the second window');
    assert.deepEqual(disposed, [work.id], "the second window's parts of the removed account are disposed");
    assert.equal(second.accounts.active.id, '');
    assert.equal(await second.accounts.parts(work.id), undefined, 'nothing makes its parts again');
    assert.deepEqual(await rowNames(second.view), [], 'one account left: its own rows, no account row');
  });

  it('writes what each account has pending when the window closes, and drops only a removed account’s', async () => {
    const { accounts } = window();
    const work = await accounts.add({ name: 'Work', apiUrl: 'http://127.0.0.1:2/v3', keyKind: 'master' }, 'a-key');
    await accounts.parts('');
    await accounts.parts(work.id);
    await accounts.activate(work.id);
    assert.deepEqual(flushed, [], 'switching writes nothing early and drops nothing');
    await accounts.remove(work.id);
    assert.deepEqual([flushed, disposed], [[], [work.id]], 'the removed account’s pending changes are dropped');
    accounts.dispose();
    assert.deepEqual([flushed, disposed], [[''], [work.id, '']], 'the default account’s are written, then its parts disposed');
  });
});
