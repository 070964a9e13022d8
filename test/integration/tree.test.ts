/** The JSONBin view: what it lists, and that it fetches only what is expanded. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { BinService } from '../service/server';
import { kindOf, labelOf, requestsDuring, setup, until, type World } from './support';
import { Command } from '../../src/extension/commands/idsAndContextKeys';

type Provider = vscode.TreeDataProvider<unknown>;

async function children(tree: Provider, node?: unknown): Promise<unknown[]> {
  return (await tree.getChildren(node)) ?? [];
}

async function item(tree: Provider, node: unknown): Promise<vscode.TreeItem> {
  return tree.getTreeItem(node);
}

async function find(tree: Provider, nodes: unknown[], label: string): Promise<unknown> {
  for (const node of nodes) {
    if ((await item(tree, node)).label === label) {
      return node;
    }
  }
  assert.fail(`no node labelled ${label}`);
}

describe('bins tree', () => {
  let w: World;
  let tree: Provider;
  let collectionId: string;

  before(async () => {
    w = await setup();
    tree = w.api.tree;
    collectionId = (await w.other.createCollection('Tree collection')).id;
    const doc = await w.other.createSchemaDoc('tree-schema', { type: 'object' });
    await w.other.attachSchemaDoc(collectionId, doc.metadata.id);
    for (let i = 0; i < 12; i++) {
      await w.other.createBin({ record: { i }, name: `tree bin ${i}`, collectionId, private: i !== 11 });
    }
    await vscode.commands.executeCommand(Command.refresh);
  });

  it('fetches nothing until a node is expanded', async () => {
    const requests = await requestsDuring(w.service, async () => {
      const roots = await children(tree);
      assert.deepEqual(await Promise.all(roots.map(async (r) => (await item(tree, r)).label)), ['Collections', 'Bins in no collection']);
      for (const root of roots) {
        assert.equal((await item(tree, root)).collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
      }
    });
    assert.deepEqual(requests, []);
  });

  it('lists collections, their schema doc and their bins 10 a page with Load more', async () => {
    const [collectionsGroup] = await children(tree);
    let collections: unknown[] = [];
    const listed = await requestsDuring(w.service, async () => (collections = await children(tree, collectionsGroup)));
    assert.deepEqual(
      listed.map((r) => `${r.method} ${r.path}`),
      ['GET /v3/c'],
    );
    const collection = await find(tree, collections, 'Tree collection');
    let nodes: unknown[] = [];
    const paged = await requestsDuring(w.service, async () => (nodes = await children(tree, collection)));
    assert.deepEqual(
      paged.map((r) => `${r.method} ${r.path}`),
      [`GET /v3/c/${collectionId}/bins`],
    );
    const items = await Promise.all(nodes.map((n) => item(tree, n)));
    assert.equal(items[0].label, 'Schema doc');
    assert.equal(items[0].command?.command, Command.rowOpenSchemaDoc);
    const bins = items.filter((i) => i.contextValue?.startsWith('bin'));
    assert.equal(bins.length, 10);
    assert.equal(bins[0].label, 'tree bin 11');
    assert.equal(bins[0].description, 'public');
    assert.equal(bins[1].description, undefined, 'private, the rule, is said in the tooltip only');
    const tooltip = bins[1].tooltip as string;
    for (const part of ['Id:', 'Privacy: private', 'Collection: Tree collection']) {
      assert.ok(tooltip.includes(part), `${part} missing from ${tooltip}`);
    }
    // Created a moment ago: said so, with the exact date and time beside it.
    assert.match(tooltip, /^Created: (now|\d+ (seconds?|minutes?) ago) \(.*\d{4}.*\d\d:\d\d.*\)$/m);
    const more = nodes[nodes.length - 1];
    assert.equal((await item(tree, more)).contextValue, 'loadMore');

    const next = await requestsDuring(w.service, () => vscode.commands.executeCommand(Command.rowLoadMore, more));
    assert.equal(next.length, 1);
    assert.match(next[0].path, new RegExp(`/c/${collectionId}/bins/[0-9a-f]{24}$`));
    const all = await Promise.all((await children(tree, collection)).map((n) => item(tree, n)));
    assert.equal(all.filter((i) => i.contextValue?.startsWith('bin')).length, 12);
    assert.ok(!all.some((i) => i.contextValue === 'loadMore'));
  });

  it('names the schema doc row once its schema doc is read, and tells VS Code to show it, with no request of its own', async () => {
    const [collectionsGroup] = await children(tree);
    const collection = await find(tree, await children(tree, collectionsGroup), 'Tree collection');
    const [schemaRow] = await children(tree, collection);
    const before = await item(tree, schemaRow);
    assert.equal(before.label, 'Schema doc');
    assert.equal(before.description, undefined, 'not read yet: no raw id on the row');
    assert.match(before.tooltip as string, /^Id: [0-9a-f]{24}$/m, 'its id in the tooltip');
    let redrawn = 0;
    const listening = tree.onDidChangeTreeData!(() => redrawn++);
    try {
      await vscode.commands.executeCommand(Command.rowOpenSchemaDoc, schemaRow);
      await until(() => redrawn > 0 || undefined, 'the view told of the name');
    } finally {
      listening.dispose();
    }
    let named: vscode.TreeItem | undefined;
    const shown = await requestsDuring(w.service, async () => (named = await item(tree, (await children(tree, collection))[0])));
    assert.equal(named?.description, 'tree-schema');
    assert.deepEqual(shown, []);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('lists the bins the user added under the bins in no collection, across the listing', async () => {
    const publicBin = (await w.other.createBin({ record: { p: 1 }, name: 'added public', private: false })).metadata.id;
    await vscode.commands.executeCommand(Command.addBin, `https://jsonbin.io/app/bins/${publicBin}`);
    const [, uncategorized] = await children(tree);
    const items = await Promise.all((await children(tree, uncategorized)).map((n) => item(tree, n)));
    const added = items.filter((i) => i.label === 'added public');
    assert.equal(added.length, 1, 'listed once although both remembered and in the listing');
    assert.equal(kindOf(added[0]), 'bin.remembered');
  });

  it('shows remembered bins 100 at a time, the next page on "Show more" without a request', async () => {
    const created: string[] = [];
    for (let i = 0; i < 250; i++) {
      created.push((await vscode.commands.executeCommand<{ id: string }>(Command.createBin, { record: { i }, name: `paged ${i}`, private: false })).id);
    }
    const newestFirst = (n: number) => Array.from({ length: n }, (_, i) => `paged ${249 - i}`);
    const [, uncategorized] = await children(tree);
    const rows = async () => Promise.all((await children(tree, uncategorized)).map((n) => item(tree, n)));
    await vscode.commands.executeCommand(Command.refresh);
    let first: vscode.TreeItem[] = [];
    const listed = await requestsDuring(w.service, async () => (first = await rows()));
    assert.deepEqual(
      listed.map((r) => `${r.method} ${r.path}`),
      ['GET /v3/c/uncategorized/bins'],
      'only the service listing is fetched',
    );
    assert.deepEqual(
      first.slice(0, 100).map((i) => [i.label, kindOf(i)]),
      newestFirst(100).map((label) => [label, 'bin.remembered']),
    );
    const more = first[100];
    assert.equal(more.label, 'Show 100 more remembered bins…');
    assert.equal(more.contextValue, 'loadMore');
    const rowIds = new Set(created.map((id) => `bin:uncategorized:${id}`));
    assert.deepEqual(
      first.slice(101).filter((i) => rowIds.has(i.id ?? '')),
      [],
      'a remembered bin is not listed again',
    );

    let second: vscode.TreeItem[] = [];
    const paged = await requestsDuring(w.service, async () => {
      await vscode.commands.executeCommand(more.command!.command, ...(more.command!.arguments as unknown[]));
      second = await rows();
    });
    assert.deepEqual(paged, [], 'remembered bins cost no request');
    assert.deepEqual(
      second.slice(0, 200).map((i) => i.label),
      newestFirst(200),
    );
    assert.equal(second[200].contextValue, 'loadMore');

    // A new filter shows its matches from the first page again, not as far as "Show more" went before.
    await vscode.commands.executeCommand(Command.filterBins, { name: 'paged' });
    try {
      const filtered = await rows();
      assert.deepEqual(
        filtered.slice(0, 100).map((i) => i.label),
        newestFirst(100),
      );
      assert.equal(filtered[100].label, 'Show 100 more remembered bins…');
    } finally {
      await vscode.commands.executeCommand(Command.filterBins, {});
    }

    for (const id of created) {
      await vscode.commands.executeCommand(Command.forgetBin, id);
    }
    assert.ok(!(await rows()).some((i) => kindOf(i) === 'bin.remembered' && labelOf(i).startsWith('paged ')), 'forgotten bins still remembered');
  });

  it('remembers added bins per service URL', async () => {
    const id = (await w.other.createBin({ record: { r: 1 }, name: 'remembered here', private: false })).metadata.id;
    await vscode.commands.executeCommand(Command.addBin, id);
    const labels = async () => {
      const roots = await children(tree);
      const uncategorized = roots[roots.length - 1];
      return Promise.all((await children(tree, uncategorized)).map(async (n) => (await item(tree, n)).label));
    };
    assert.ok((await labels()).includes('remembered here'));
    const elsewhere = new BinService();
    const config = vscode.workspace.getConfiguration('jsonbin');
    await config.update('apiUrl', await elsewhere.start(), vscode.ConfigurationTarget.Global);
    try {
      assert.ok(!(await labels()).includes('remembered here'), 'listed for another service');
    } finally {
      await config.update('apiUrl', w.service.baseUrl, vscode.ConfigurationTarget.Global);
      await elsewhere.stop();
    }
    assert.ok((await labels()).includes('remembered here'));
  });

  it('lists from what it fetched until refreshed, then fetches again', async () => {
    const [collectionsGroup] = await children(tree);
    await children(tree, collectionsGroup);
    assert.deepEqual(await requestsDuring(w.service, () => children(tree, collectionsGroup)), []);
    // Which nodes VS Code asks again after a refresh (the expanded ones) is proven in the real view by the browser test.
    const requests = await requestsDuring(w.service, async () => {
      await vscode.commands.executeCommand(Command.refresh);
      await children(tree, collectionsGroup);
    });
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.path}`),
      ['GET /v3/c'],
    );
  });
});
