/**
 * Find Bin and Filter Bins against a service of their own, whose listings are known exactly: the
 * requests each action sends are asserted one by one.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { BinClient } from '../../src/core/api';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import type { Node } from '../../src/extension/features/tree/nodes';
import { showLive } from '../../src/extension/ui/livePick';
import type { LiveItems, Prompter } from '../../src/extension/ui/prompter';
import { BinService } from '../service/server';
import { closeAll, config, labelOf, pathsOf, requestsDuring, run, setup, idle, TEST_KEY, until, type World } from './support';

interface Found {
  id: string;
  name?: string;
  collectionId: string | null;
}

describe('Find Bin and Filter Bins', function () {
  this.timeout(60_000);
  let w: World;
  const service = new BinService();
  let other: BinClient;
  const collections: Record<'alpha' | 'beta' | 'gamma', string> = { alpha: '', beta: '', gamma: '' };
  /** Ids by bin name. */
  const ids: Record<string, string> = {};
  let prompter: Partial<Prompter> = {};
  const byName = (found: Found[]) => [...found].sort((a, b) => (a.name ?? '').localeCompare(b.name ?? ''));
  const rows = async (parent?: Node) => {
    const nodes = (await w.api.tree.getChildren(parent)) ?? [];
    return Promise.all(nodes.map(async (node) => ({ node, item: await w.api.tree.getTreeItem(node) })));
  };
  const labels = async (parent?: Node) => (await rows(parent)).map((r) => labelOf(r.item));
  const row = async (label: string, parent?: Node) => {
    const found = (await rows(parent)).find((r) => labelOf(r.item) === label);
    assert.ok(found, `no row ${label}`);
    return found.node;
  };

  before(async () => {
    w = await setup();
    const url = await service.start();
    service.addAccount('free', undefined, TEST_KEY);
    other = new BinClient({ baseUrl: url, key: () => TEST_KEY });
    for (const name of ['alpha', 'beta', 'gamma'] as const) {
      collections[name] = (await other.createCollection(name[0].toUpperCase() + name.slice(1))).id;
    }
    // Alpha: 12 public bins, newest first in its listing: "alpha needle 0" is on its second page.
    for (let i = 0; i < 12; i++) {
      const name = i === 0 || i === 5 ? `alpha needle ${i}` : `alpha ${i}`;
      ids[name] = (await other.createBin({ record: { i }, name, private: false, collectionId: collections.alpha })).metadata.id;
    }
    ids['beta needle'] = (await other.createBin({ record: { b: 1 }, name: 'beta needle', collectionId: collections.beta })).metadata.id;
    await other.createBin({ record: { b: 2 }, name: 'beta other', collectionId: collections.beta });
    ids['loose needle'] = (await other.createBin({ record: { l: 1 }, name: 'loose needle', private: false })).metadata.id;
    await other.createBin({ record: { l: 2 }, name: 'loose other', private: false });
    await config().update('apiUrl', url, vscode.ConfigurationTarget.Global);
    await run(Command.setApiKey, TEST_KEY);
    // Remembered (created here), and in the service's listing of bins in no collection too.
    ids['remembered needle'] = (await run<{ id: string }>(Command.createBin, { record: { r: 1 }, name: 'remembered needle', private: false })).id;
    w.api.setPrompter({
      input: (o) => prompter.input!(o),
      pick: (items, o) => prompter.pick!(items, o),
      confirm: async () => false,
      pickLive: (live, o) => prompter.pickLive!(live, o),
    });
  });
  beforeEach(() => run(Command.refresh));
  afterEach(() => closeAll());
  after(async () => {
    w.api.setPrompter(undefined);
    await run(Command.clearFilter);
    await closeAll();
    await config().update('apiUrl', w.service.baseUrl, vscode.ConfigurationTarget.Global);
    await other.close();
    await service.stop();
  });

  const everyNeedle = (): Found[] => [
    { id: ids['alpha needle 0'], name: 'alpha needle 0', collectionId: collections.alpha },
    { id: ids['alpha needle 5'], name: 'alpha needle 5', collectionId: collections.alpha },
    { id: ids['beta needle'], name: 'beta needle', collectionId: collections.beta },
    { id: ids['loose needle'], name: 'loose needle', collectionId: null },
    { id: ids['remembered needle'], name: 'remembered needle', collectionId: null },
  ];

  it('searches what the view fetched first, then only the rest a page at a time; a second search sends nothing', async () => {
    const [collectionsRoot] = await rows();
    await w.api.tree.getChildren(await row('Alpha', collectionsRoot.node));
    let found: Found[] = [];
    const requests = await requestsDuring(service, async () => (found = await run<Found[]>(Command.findBin, 'NEEDLE', { maxRequests: 50 })));
    // Listed already: the collections and Alpha's first page. Then one page of each listing in turn.
    assert.deepEqual(pathsOf(requests), [
      `GET /v3/c/${collections.alpha}/bins/${ids['alpha 2']}`,
      `GET /v3/c/${collections.beta}/bins`,
      `GET /v3/c/${collections.gamma}/bins`,
      'GET /v3/c/uncategorized/bins',
    ]);
    assert.deepEqual(byName(found), everyNeedle());
    const again = await requestsDuring(service, async () => assert.deepEqual(byName(await run<Found[]>(Command.findBin, 'needle')), everyNeedle()));
    assert.deepEqual(again, []);
    // The pages fetched are the view's: Alpha shows its 12 bins without a request.
    const alpha = await requestsDuring(service, async () => assert.equal((await labels(await row('Alpha', collectionsRoot.node))).length, 12));
    assert.deepEqual(alpha, []);
  });

  it('stops at the cap, returning what it found', async () => {
    let found: Found[] = [];
    const requests = await requestsDuring(service, async () => (found = await run<Found[]>(Command.findBin, 'needle', { maxRequests: 2 })));
    assert.deepEqual(pathsOf(requests), ['GET /v3/c', `GET /v3/c/${collections.alpha}/bins`]);
    assert.deepEqual(
      byName(found).map((f) => f.name),
      ['alpha needle 5', 'remembered needle'],
    );
    const none = await requestsDuring(service, async () => (found = await run<Found[]>(Command.findBin, 'needle', { maxRequests: 0 })));
    assert.deepEqual(none, []);
    assert.deepEqual(found.map((f) => f.name).sort(), ['alpha needle 5', 'remembered needle']);
  });

  it('rejects a missing query or a bad cap, sending nothing', async () => {
    const requests = await requestsDuring(service, async () => {
      await assert.rejects(run(Command.findBin, undefined), /jsonbin\.findBin needs a query/);
      await assert.rejects(run(Command.findBin, ' '), /jsonbin\.findBin needs a query/);
      await assert.rejects(run(Command.findBin, 'x', { maxRequests: -1 }), /needs maxRequests: a whole number/);
    });
    assert.deepEqual(requests, []);
  });

  it('from the view title: says the cap before it starts, shows matches as they come, opens the one chosen with one request', async () => {
    const asked: string[] = [];
    const seen: number[] = [];
    prompter = {
      input: async (o) => (asked.push(o.prompt ?? ''), 'needle'),
      pick: async (items, o) => {
        asked.push(`${o.placeHolder} | ${items.map((i) => `${i.label} (${i.description})`).join(' | ')}`);
        return items.find((i) => i.label.includes('Search every collection'));
      },
      pickLive: <T extends vscode.QuickPickItem>(live: LiveItems<T>) =>
        new Promise<T | undefined>((resolve) => {
          const listening = live.onDidChange(() => {
            seen.push(live.items.length);
            if (live.done) {
              listening.dispose();
              asked.push(live.status);
              resolve(live.items.find((i) => i.label.endsWith('alpha needle 0')));
              live.close();
            }
          });
        }),
    };
    const [focused] = await rows();
    const requests = await requestsDuring(service, () => run(Command.viewFindBin, focused.node));
    assert.equal(
      asked[1],
      'Searching every collection may send up to 20 requests | $(search) Search every collection (up to 20 requests) | $(list-flat) Search what is already listed (no request)',
    );
    assert.equal(asked[2], '5 bins found · 6 requests');
    assert.equal(seen[0], 1, 'the remembered bin is shown before any request');
    assert.equal(seen.at(-1), 5);
    assert.ok(
      seen.every((n, i) => i === 0 || n >= seen[i - 1]),
      `matches only come: ${seen.join()}`,
    );
    assert.deepEqual(pathsOf(requests), [
      'GET /v3/c',
      `GET /v3/c/${collections.alpha}/bins`,
      `GET /v3/c/${collections.beta}/bins`,
      `GET /v3/c/${collections.gamma}/bins`,
      'GET /v3/c/uncategorized/bins',
      `GET /v3/c/${collections.alpha}/bins/${ids['alpha 2']}`,
      `GET /v3/b/${ids['alpha needle 0']}/latest`,
    ]);
    assert.match(vscode.window.activeTextEditor?.document.uri.path ?? '', new RegExp(`^/bin/${ids['alpha needle 0']}/alpha needle 0\\.json$`));
  });

  it("in VS Code's own quick pick: the first match stays highlighted as more come, and Enter opens it", async () => {
    prompter = {
      input: async () => 'needle',
      pick: async (items) => items.find((i) => i.label.includes('Search every collection')),
      pickLive: (live, o) => showLive(live, o),
    };
    const mark = service.log.length;
    const finding = run(Command.findBin);
    // The collection list, four first pages and Alpha's second page.
    await until(() => service.log.length - mark >= 6 || undefined, 'the search to end');
    await idle();
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    await finding;
    await until(
      () => vscode.window.activeTextEditor?.document.uri.path.startsWith(`/bin/${ids['remembered needle']}/`) || undefined,
      'the first match to open',
    );
    assert.equal(service.log.length - mark, 7, 'the search, then one read to open');
  });

  it("in VS Code's own quick pick: closing it stops the search and opens nothing", async () => {
    // The search's first request is held until the pick is closed: what it would send after that
    // shows whether the close stopped it (a whole search here is 6 requests).
    let release!: () => void;
    service.fault({ method: 'GET', path: /./, times: 1, hold: new Promise<void>((resolve) => (release = resolve)) });
    let closed!: Promise<unknown>;
    let search!: LiveItems<vscode.QuickPickItem>;
    prompter = {
      input: async () => 'needle',
      pick: async (items) => items.find((i) => i.label.includes('Search every collection')),
      pickLive: <T extends vscode.QuickPickItem>(live: LiveItems<T>, o: vscode.QuickPickOptions) => {
        search = live;
        return (closed = showLive(live, o));
      },
    };
    const mark = service.log.length;
    const finding = run(Command.findBin);
    await until(() => service.log.length > mark, 'the search to send its first request');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.equal(await closed, undefined, 'nothing picked');
    release();
    await finding;
    // The command ends with the pick; the search ends on its own.
    await until(() => search.done, 'the search to end');
    await idle();
    assert.deepEqual(
      service.log.slice(mark).map((e) => e.path),
      [service.log[mark].path],
      `no request after the close (${(search as { status?: string }).status})`,
    );
    assert.equal(vscode.window.activeTextEditor, undefined);
  });

  it('stops when the pick is closed, sending no more requests', async () => {
    prompter = {
      input: async () => 'needle',
      pick: async (items) => items.find((i) => i.label.includes('Search every collection')),
      pickLive: <T extends vscode.QuickPickItem>(live: LiveItems<T>) =>
        new Promise<T | undefined>((resolve) => {
          const listening = live.onDidChange(() => {
            listening.dispose();
            live.close();
            resolve(undefined);
          });
        }),
    };
    const requests = await requestsDuring(service, () => run(Command.findBin));
    assert.deepEqual(requests, [], 'closed on the first matches, before the collection list');
  });

  it('filters the rows by name, privacy and collection from what is fetched; the title says so; Clear Filter shows all again', async () => {
    const [collectionsRoot] = await rows();
    await w.api.tree.getChildren(await row('Alpha', collectionsRoot.node));
    prompter = {
      input: async () => 'NEEDLE',
      pick: async (items, o) => items.find((i) => i.label.endsWith(o.placeHolder === 'Privacy' ? 'Any privacy' : 'Alpha')),
    };
    const requests = await requestsDuring(service, async () => {
      await run(Command.viewFilterBins, collectionsRoot.node);
      assert.equal(w.api.view.description, 'filter: "NEEDLE", in Alpha');
      const roots = await rows();
      assert.deepEqual(
        roots.map((r) => labelOf(r.item)),
        ['Collections'],
        'a collection filter hides the bins in no collection',
      );
      assert.deepEqual(await labels(roots[0].node), ['Alpha']);
      assert.deepEqual(await labels(await row('Alpha', roots[0].node)), ['alpha needle 5', 'Load 10 more…']);
    });
    assert.deepEqual(requests, [], 'filtering costs no request');

    const cleared = await requestsDuring(service, async () => {
      await run(Command.viewClearFilter, collectionsRoot.node);
      assert.equal(w.api.view.description, undefined);
      assert.deepEqual(await labels(), ['Collections', 'Bins in no collection']);
      assert.equal((await labels(await row('Alpha', collectionsRoot.node))).length, 11);
    });
    assert.deepEqual(cleared, [], 'the rows come back from what was fetched');
  });

  it('filters programmatically by privacy, by no collection, and refuses arguments of the wrong type', async () => {
    const [collectionsRoot, uncategorized] = await rows();
    const requests = await requestsDuring(service, async () => {
      await run(Command.filterBins, { private: true, name: 'needle' });
      assert.equal(w.api.view.description, 'filter: "needle", private');
      assert.deepEqual(await labels(await row('Beta', collectionsRoot.node)), ['beta needle']);
      assert.deepEqual(await labels(await row('Alpha', collectionsRoot.node)), ['Nothing fetched matches the filter', 'Load 10 more…']);
      assert.deepEqual(await labels(uncategorized.node), ['Nothing fetched matches the filter']);
      await run(Command.filterBins, { collectionId: null, private: false });
      assert.equal(w.api.view.description, 'filter: public, in no collection');
      assert.deepEqual(await labels(), ['Bins in no collection']);
      assert.deepEqual(await labels(uncategorized.node), ['remembered needle', 'loose other', 'loose needle']);
      await assert.rejects(run(Command.filterBins, undefined), /jsonbin\.filterBins needs \{ name\?, private\?, collectionId\? \}/);
      await assert.rejects(run(Command.filterBins, { private: 'yes' }), /jsonbin\.filterBins needs \{ name\?: string, private\?: boolean/);
      assert.equal(w.api.view.description, 'filter: public, in no collection', 'a refused filter changes nothing');
      await run(Command.filterBins, {});
      assert.equal(w.api.view.description, undefined);
    });
    // Listing Alpha, Beta and the bins in no collection after the refresh, nothing for the filter itself.
    assert.deepEqual(
      pathsOf(requests).sort(),
      ['GET /v3/c', `GET /v3/c/${collections.alpha}/bins`, `GET /v3/c/${collections.beta}/bins`, 'GET /v3/c/uncategorized/bins'].sort(),
    );
  });
});
