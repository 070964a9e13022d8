/**
 * Two accounts on two local services at once: each account's rows, tabs and saves go to its own
 * service with its own key, and the other service hears nothing of them.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { BinClient } from '../../src/core/api';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { binUri } from '../../src/extension/fs/uris';
import type { Node } from '../../src/extension/features/tree/nodes';
import type { TableShown } from '../../src/extension/features/table/tableCommands';
import { BinService, type LogEntry } from '../service/server';
import {
  asHostedService,
  binUriOf,
  closeAll,
  labelOf,
  namesIn,
  pathsOf,
  replaceText,
  requestsDuring,
  run,
  setup,
  TEST_KEY,
  type World,
  prompter,
  until,
} from './support';

describe('several accounts, side by side', () => {
  let w: World;
  let second: BinService;
  let secondClient: BinClient;
  let accountId: string;
  let secondUrl: string;
  const label = async (node: Node) => labelOf(await w.api.tree.getTreeItem(node));
  const rowsOf = async (node?: Node) => (await w.api.tree.getChildren(node)) ?? [];

  before(async () => {
    w = await setup();
    await run('workbench.action.closeSidebar');
    second = new BinService();
    const url = (secondUrl = await second.start());
    const owner = second.addAccount('free');
    secondClient = new BinClient({ baseUrl: url, key: () => owner.key });
    accountId = (await run<{ id: string }>(Command.addAccount, { name: 'Staging', apiUrl: url, key: owner.key })).id;
    await run(Command.switchAccount, 'Default');
  });
  after(async () => {
    await closeAll();
    await run(Command.removeAccount, accountId);
    await second.stop();
  });
  afterEach(() => closeAll());

  it('shows a row per account, each listing its own service only', async () => {
    const collection = await secondClient.createCollection('Staging only');
    const roots = await rowsOf();
    assert.deepEqual(await Promise.all(roots.map(label)), ['Default', 'Staging']);
    assert.deepEqual(
      roots.map((r) => r.contextValue),
      ['account.default.active', 'account'],
    );
    const [collections] = await rowsOf(roots[1]);
    let listed: string[] = [];
    const first = await requestsDuring(w.service, async () => {
      const heard = await requestsDuring(second, async () => (listed = await Promise.all((await rowsOf(collections)).map(label))));
      assert.deepEqual(pathsOf(heard), ['GET /v3/c']);
    });
    assert.deepEqual(listed, ['Staging only']);
    assert.deepEqual(first, [], 'the default service heard nothing');
    assert.ok(collection.id);
  });

  it('opens bins of both accounts side by side, and saves each to its own service with its own key', async () => {
    const here = (await w.other.createBin({ record: { where: 'default' }, name: 'same name' })).metadata.id;
    const there = (await secondClient.createBin({ record: { where: 'staging' }, name: 'same name' })).metadata.id;
    const left = await vscode.workspace.openTextDocument(binUriOf(await run(Command.openBin, here)));
    // A tab of the other account: its URI names the account.
    const rightUri = binUri(there, 'same name', undefined, accountId);
    let right!: vscode.TextDocument;
    const opened = await requestsDuring(second, async () => (right = await vscode.workspace.openTextDocument(rightUri)));
    assert.deepEqual(pathsOf(opened), [`GET /v3/b/${there}/latest`]);
    await vscode.window.showTextDocument(left, vscode.ViewColumn.One);
    await vscode.window.showTextDocument(right, vscode.ViewColumn.Two);
    assert.deepEqual(JSON.parse(right.getText()), { where: 'staging' });
    assert.equal(left.uri.authority, '');
    assert.equal(right.uri.authority, accountId);

    await replaceText(left, '{"where": "default, edited"}');
    await replaceText(right, '{"where": "staging, edited"}');
    const saveLeft = await requestsDuring(second, async () =>
      assert.deepEqual(pathsOf(await requestsDuring(w.service, () => left.save())), [`GET /v3/b/${here}/latest`, `PUT /v3/b/${here}`]),
    );
    assert.deepEqual(saveLeft, [], 'the staging service heard nothing of the default save');
    const saveRight = await requestsDuring(w.service, async () =>
      assert.deepEqual(pathsOf(await requestsDuring(second, () => right.save())), [`GET /v3/b/${there}/latest`, `PUT /v3/b/${there}`]),
    );
    assert.deepEqual(saveRight, [], 'the default service heard nothing of the staging save');
    // Each service took the save, so each key was its own (the services know no other).
    assert.deepEqual((await w.other.readBin(here)).record, { where: 'default, edited' });
    assert.deepEqual((await secondClient.readBin(there)).record, { where: 'staging, edited' });
    assert.equal(left.isDirty || right.isDirty, false);
  });

  it('runs a row or tab command on the account of its row or tab, and palette commands on the active account', async () => {
    const there = (await secondClient.createBin({ record: { n: 1 }, name: 'to rename' })).metadata.id;
    const uri = binUri(there, 'to rename', undefined, accountId);
    await vscode.window.showTextDocument(uri);
    const heard = await requestsDuring(second, () => run(Command.tabCopyBinId, uri));
    assert.deepEqual(heard, []);
    assert.equal(await vscode.env.clipboard.readText(), there);

    // The palette form of Add Bin acts on the active account: remembered there, not in the default account.
    await run(Command.switchAccount, 'Staging');
    try {
      await run(Command.addBin, there);
      const [, staging] = await rowsOf();
      const [, uncategorized] = await rowsOf(staging);
      assert.ok((await Promise.all((await rowsOf(uncategorized)).map(label))).includes('to rename'));
    } finally {
      await run(Command.switchAccount, 'Default');
    }
    const [defaultRow] = await rowsOf();
    const [, defaultUncategorized] = await rowsOf(defaultRow);
    assert.ok(!(await Promise.all((await rowsOf(defaultUncategorized)).map(label))).includes('to rename'), 'not remembered in the default account');
  });

  it("counts each account's requests in the status bar while it is active", async () => {
    const shown = () => Number(/(\d+) requests?$/.exec(w.api.requestStatus.text)?.[1]);
    const defaultCount = shown();
    const meanwhile = await requestsDuring(w.service, async () => {
      await run(Command.switchAccount, 'Staging');
      try {
        const before = shown();
        const requests = await requestsDuring(second, () => run(Command.createBin, { record: { counted: true } }));
        assert.equal(shown() - before, requests.length);
        assert.match(w.api.requestStatus.tooltip, /Account: Staging/);
        assert.match(w.api.requestStatus.text, /^\$\(cloud\) Staging: \d+ requests?$/, 'the item names the active account');
        assert.equal(w.api.requestStatus.command?.command, Command.showRequests, 'a click shows the breakdown');
      } finally {
        await run(Command.switchAccount, 'Default');
      }
    });
    assert.deepEqual(pathsOf(meanwhile), [], 'the default account sent nothing meanwhile');
    assert.equal(shown(), defaultCount);
  });

  it('runs a view title button on the active account, whatever row has the focus', async () => {
    const [, stagingRow] = await rowsOf();
    const answered: string[] = [];
    w.api.setPrompter(prompter({ input: async (options) => (answered.push(options.title ?? ''), TEST_KEY) }));
    try {
      let here: LogEntry[] = [];
      const there = await requestsDuring(second, async () => (here = await requestsDuring(w.service, () => run(Command.viewSetApiKey, stagingRow))));
      assert.deepEqual(pathsOf(here), ['GET /v3/c'], "the key was checked with the active (default) account's service");
      assert.deepEqual(there, [], "the focused row's service heard nothing");
      assert.match(answered[0], /^API Key for account "Default" on /);
    } finally {
      w.api.setPrompter(undefined);
    }
  });

  it('clears the filter of the view when another account becomes active', async () => {
    await run(Command.filterBins, { private: true });
    assert.equal(w.api.view.description, 'filter: private');
    await run(Command.switchAccount, 'Staging');
    try {
      assert.equal(w.api.view.description, undefined, 'the title no longer describes a filter');
    } finally {
      await run(Command.switchAccount, 'Default');
    }
    assert.equal(w.api.view.description, undefined);
  });

  it('keeps an account on its own service and key when the setting and the default key change mid-session, against a service that sends only the required fields', async () => {
    second.minimal = true;
    try {
      const there = (await secondClient.createBin({ record: { n: 1 }, name: 'minimal' })).metadata.id;
      const uri = binUri(there, 'minimal', undefined, accountId);
      // The default account moves to the hosted service and back: the staging account is not reset by it.
      const heard = await asHostedService(w, () =>
        requestsDuring(second, async () => {
          const document = await vscode.workspace.openTextDocument(uri);
          await replaceText(document, '{"n": 2}');
          assert.ok(await document.save());
        }),
      );
      // Read, then saved (with the conflict check's read unless the first read is a moment old).
      assert.deepEqual(pathsOf(heard).at(-1), `PUT /v3/b/${there}`);
      assert.ok(
        heard.every((r) => r.path.startsWith(`/v3/b/${there}`) && r.status === 200),
        pathsOf(heard).join(),
      );
      // The default account's key changes: the staging tab reads and saves with its own key still.
      await run(Command.setApiKey, TEST_KEY);
      const document = await vscode.workspace.openTextDocument(uri);
      await replaceText(document, '{"n": 3}');
      const saved = await requestsDuring(second, async () => assert.ok(await document.save()));
      assert.deepEqual(pathsOf(saved).at(-1), `PUT /v3/b/${there}`);
      assert.ok(
        saved.every((r) => r.status === 200),
        pathsOf(saved).join(),
      );
      assert.deepEqual((await secondClient.readBin(there)).record, { n: 3 });
    } finally {
      second.minimal = false;
    }
  });

  it("removes an account from its row, and its offline copies when the user says so: another account's stay", async () => {
    const owner = second.addAccount('free');
    const client = new BinClient({ baseUrl: secondUrl, key: () => owner.key });
    const temporary = (await run<{ id: string }>(Command.addAccount, { name: 'Temporary', apiUrl: secondUrl, key: owner.key })).id;
    const there = (await client.createBin({ record: { kept: true }, name: 'kept' })).metadata.id;
    const here = (await w.other.createBin({ record: { kept: true }, name: 'kept here' })).metadata.id;
    await vscode.workspace.openTextDocument(binUri(there, 'kept', undefined, temporary));
    await vscode.workspace.openTextDocument(binUri(here, 'kept here'));
    await w.api.whenIdle();
    const copies = async () => (await namesIn(w.api.offlineCopiesFolder)).filter((f) => f.endsWith('.copy')).sort();
    const before = await copies();
    await closeAll();

    const asked: string[] = [];
    w.api.setPrompter(prompter({ confirm: async (message, _, action) => (asked.push(`${message} [${action}]`), true) }));
    try {
      const row = (await rowsOf()).find((n) => n.account === temporary)!;
      await run(Command.rowRemoveAccount, row);
    } finally {
      w.api.setPrompter(undefined);
    }
    assert.deepEqual(asked, ['Remove the account Temporary? [Remove Account]', "Also delete the offline copy of Temporary's bins? [Delete Offline Copies]"]);
    assert.ok(!w.api.accounts.all().some((a) => a.id === temporary));
    const after = await copies();
    assert.equal(after.length, before.length - 1, 'one copy deleted');
    assert.ok(
      after.every((f) => before.includes(f)),
      'the other copies stay',
    );
  });

  it('finds a table of an account that is not the active one by its id, and closes it when that account is removed', async () => {
    const owner = second.addAccount('free');
    const client = new BinClient({ baseUrl: secondUrl, key: () => owner.key });
    const tabled = (await run<{ id: string }>(Command.addAccount, { name: 'Tabled', apiUrl: secondUrl, key: owner.key })).id;
    await run(Command.switchAccount, 'Default');
    const collection = await client.createCollection('tabled');
    const bin = (await client.createBin({ record: { n: 1 }, collectionId: collection.id, name: 'a row' })).metadata.id;
    const root = (await rowsOf()).find((n) => n.account === tabled)!;
    const [collections] = await rowsOf(root);
    const rows = await rowsOf(collections);
    const labels = await Promise.all(rows.map(label));
    const id = await run<string>(Command.rowOpenTable, rows[labels.indexOf('tabled')]);
    // The palette's form acts on the active account: the table of the other one is found by its id all the same.
    const shown = await run<TableShown>(Command.tableSnapshot, id);
    assert.deepEqual([shown.title, shown.rows.map((r) => r.id)], ['tabled', [bin]]);

    await run(Command.removeAccount, tabled);
    await until(() => !vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputWebview)), 'the table closed');
    await assert.rejects(run(Command.tableSnapshot, id), new RegExp(`No table ${id} is open`));
  });

  it('refuses to remove an account whose tab has unsaved edits', async () => {
    const there = (await secondClient.createBin({ record: { n: 1 }, name: 'unsaved' })).metadata.id;
    const document = await vscode.workspace.openTextDocument(binUri(there, 'unsaved', undefined, accountId));
    await replaceText(document, '{"n": 2}');
    await assert.rejects(run(Command.removeAccount, 'Staging'), /Staging has 1 tab with unsaved edits/);
    assert.ok(w.api.accounts.all().some((a) => a.id === accountId));
    assert.ok(document.isDirty);
  });

  it('refuses a tab of an account that is gone, and keeps opening URIs without an account in the default one', async () => {
    const gone = vscode.Uri.parse('jsonbin://a00000000/bin/0123456789abcdef01234567/x.json');
    await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(gone)), /No JSONBin account a00000000/);
    const id = (await w.other.createBin({ record: { old: true } })).metadata.id;
    const old = vscode.Uri.parse(`jsonbin:/bin/${id}/old.json`);
    assert.deepEqual(JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(old))), { old: true });
  });
});
