/** The requests sent, in the status bar, and nothing sent after "Requests exhausted" until the user retries. */
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import type { RequestBreakdown } from '../../src/extension/features/manageAccounts/requestBreakdown';
import { closeAll, config, pathsOf, prompter, requestsDuring, run, setup, sleep, TEST_KEY, until, type World } from './support';

/** The tooltip's lines by action: `[action, this window, today]`. */
const byAction = (tooltip: string) =>
  [...tooltip.matchAll(/^([A-Z][\w ]+): (\d+) in this window, (\d+) today$/gm)].map(
    ([, action, window, today]) => [action, Number(window), Number(today)] as const,
  );

describe('the allowance in sight', () => {
  let w: World;
  const shown = () => Number(/(\d+) requests?$/.exec(w.api.requestStatus.text)?.[1]);
  before(async () => {
    w = await setup();
    // A visible view fetches on every change: only the commands' requests are wanted here.
    await run('workbench.action.closeSidebar');
  });
  afterEach(() => closeAll());

  it('counts in the status bar every request the service received from this window', async () => {
    const before = shown();
    assert.ok(Number.isInteger(before), w.api.requestStatus.text);
    const requests = await requestsDuring(w.service, async () => {
      const { id } = await run<{ id: string }>(Command.createBin, { record: { counted: 1 }, name: 'counted' });
      await run(Command.renameBin, id, 'counted again');
      await run(Command.setPrivacy, id, false);
      await run(Command.deleteBin, id);
    });
    assert.ok(requests.length >= 4, `${requests.length} requests`);
    assert.equal(shown() - before, requests.length, w.api.requestStatus.tooltip);
    assert.equal(w.api.requestStatus.exhausted, false);
    assert.match(w.api.requestStatus.tooltip, /^JSONBin requests: \d+ in this window, \d+ today \(http:\/\/127\.0\.0\.1:\d+\/v3\)/);
    assert.match(w.api.requestStatus.text, /^\$\(cloud\) \d+ requests?$/, 'the item says what it counts');
    assert.match(w.api.requestStatus.tooltip, /^Create bin: \d+ in this window, \d+ today$/m);
    assert.match(w.api.requestStatus.tooltip, /^Delete bin: \d+ in this window, \d+ today$/m);
    assert.doesNotMatch(w.api.requestStatus.tooltip, /createBin|deleteBin|renameBin|setPrivacy/, 'no client operation ids');
  });

  it('a count picked in the breakdown shows the JSONBin log, which lists each request it counts, and sends nothing', async () => {
    const { id } = await run<{ id: string }>(Command.createBin, { record: { logged: 1 }, name: 'logged' });
    await run('workbench.action.closePanel');
    const log = () => vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === 'output' && e.document.uri.path.includes('JSONBin'));
    assert.equal(log(), undefined, 'the log is not shown before');
    w.api.setPrompter(prompter({ pick: async (items) => items.find((i) => i.label === 'Create bin') }));
    try {
      const sent = await requestsDuring(w.service, () => run(w.api.requestStatus.command!.command));
      assert.deepEqual(sent, []);
    } finally {
      w.api.setPrompter(undefined);
    }
    const shownLog = await until(log, 'the log shown');
    await until(() => shownLog.document.getText().includes('POST /v3/b 200') || undefined, 'the create in the log');
    assert.ok(!shownLog.document.getText().includes(TEST_KEY), 'no key in the log');
    await run('workbench.action.closePanel');
    await run(Command.deleteBin, id);
  });

  it('a click on the count shows the breakdown by action, in the same words and numbers as the tooltip', async () => {
    const { id } = await run<{ id: string }>(Command.createBin, { record: { clicked: 1 }, name: 'clicked' });
    await run(Command.deleteBin, id);
    assert.equal(w.api.requestStatus.command?.command, Command.showRequests);
    const shownItems: string[] = [];
    w.api.setPrompter(
      prompter({
        pick: async (items, { placeHolder }) => {
          shownItems.push(placeHolder ?? '', ...items.map((i) => `${i.label}: ${i.description}`));
          return undefined;
        },
      }),
    );
    try {
      const sent = await requestsDuring(w.service, async () => {
        const counts = await run<RequestBreakdown>(w.api.requestStatus.command!.command);
        assert.equal(counts.window, shown());
      });
      assert.deepEqual(sent, [], 'the breakdown sends nothing');
    } finally {
      w.api.setPrompter(undefined);
    }
    const { tooltip } = w.api.requestStatus;
    const [, window, today] = /^JSONBin requests: (\d+) in this window, (\d+) today/.exec(tooltip)!.map(Number);
    assert.match(shownItems[0], /^JSONBin requests to http:\/\/127\.0\.0\.1:\d+\/v3, by action: pick one to see each request in the log$/);
    assert.deepEqual(shownItems.slice(1), [
      ...byAction(tooltip).map(([action, n, m]) => `${action}: ${n} in this window, ${m} today`),
      `All: ${window} in this window, ${today} today`,
    ]);
    assert.ok(
      shownItems.some((i) => /^Delete bin: [1-9]\d* in this window/.test(i)),
      shownItems.join('\n'),
    );
  });

  it("breaks down this window's and today's requests by action in the tooltip, each adding up to its total", async () => {
    const { id } = await run<{ id: string }>(Command.createBin, { record: { today: 1 }, name: 'today' });
    await run(Command.deleteBin, id);
    const { tooltip } = w.api.requestStatus;
    const [, window, today] = /^JSONBin requests: (\d+) in this window, (\d+) today/.exec(tooltip)!.map(Number);
    const rows = byAction(tooltip);
    assert.ok(
      rows.some(([action, n]) => action === 'Delete bin' && n >= 1),
      tooltip,
    );
    assert.equal(
      rows.reduce((sum, [, n]) => sum + n, 0),
      window,
      tooltip,
    );
    assert.equal(
      rows.reduce((sum, [, , n]) => sum + n, 0),
      today,
      tooltip,
    );
    assert.ok(
      rows.every(([, n, m]) => m >= n),
      `today holds this window: ${tooltip}`,
    );
    assert.deepEqual(
      rows.map(([, , n]) => n),
      rows.map(([, , n]) => n).sort((a, b) => b - a),
      'the most sent today first',
    );
  });

  it('sends nothing after "Requests exhausted" until Retry Requests, then one request', async () => {
    const small = w.service.addAccount('free', 3);
    try {
      await run(Command.setApiKey, small.key);
      await run(Command.createBin, { record: { n: 1 } });
      await run(Command.createBin, { record: { n: 2 } });
      await assert.rejects(run(Command.createBin, { record: { n: 3 } }), /Requests exhausted/);
      assert.equal(w.api.requestStatus.exhausted, true);
      assert.match(
        w.api.requestStatus.tooltip,
        /^The service said: Requests exhausted.*\nSaid at \d\d:\d\d; the service gives no time at which the allowance renews\./m,
      );
      assert.match(w.api.requestStatus.text, /^\$\(warning\) \d+ requests? \(exhausted at \d\d:\d\d\)$/);
      // A click shows the breakdown, whose first item is the way out: chosen below.
      const offered: string[] = [];
      w.api.setPrompter(prompter({ pick: async (items) => (offered.push(...items.map((i) => i.label)), items[0]) }));

      const held = await requestsDuring(w.service, async () => {
        await assert.rejects(run(Command.createBin, { record: { n: 4 } }), (e: Error) =>
          /^Not sent: at \d\d:\d\d the service said "Requests exhausted/.test(e.message),
        );
        await assert.rejects(run(Command.createCollection, 'held back'), /Not sent/);
      });
      assert.deepEqual(held, [], 'nothing reached the service while held back');

      try {
        await run(w.api.requestStatus.command!.command);
      } finally {
        w.api.setPrompter(undefined);
      }
      assert.equal(offered[0], '$(debug-restart) Retry Requests');
      assert.equal(w.api.requestStatus.exhausted, false);
      const again = await requestsDuring(w.service, () => assert.rejects(run(Command.createCollection, 'after retry'), /Requests exhausted/));
      assert.deepEqual(
        again.map((r) => `${r.method} ${r.path}`),
        ['POST /v3/c'],
      );
      assert.equal(w.api.requestStatus.exhausted, true, 'held back again');
    } finally {
      // Another key lifts the block too.
      await run(Command.setApiKey, TEST_KEY);
      await sleep(0);
    }
    assert.equal(w.api.requestStatus.exhausted, false);
  });

  it('a key refused for its exhausted allowance is not stored and holds nothing back: the stored key sends at once', async () => {
    const spent = w.service.addAccount('free', 0);
    const refused = await requestsDuring(w.service, () => assert.rejects(run(Command.setApiKey, spent.key), /Requests exhausted/));
    assert.deepEqual(pathsOf(refused), ['GET /v3/c'], 'the key check, with the refused key');
    assert.equal(w.api.requestStatus.exhausted, false);
    const sent = await requestsDuring(w.service, () => run(Command.createCollection, `refused key ${Date.now() % 1e6}`));
    assert.deepEqual(
      sent.map((r) => `${r.method} ${r.path} ${r.status}`),
      ['POST /v3/c 200'],
      'the stored key is used, and the service takes it',
    );
  });

  describe('asks before an action that would send more than jsonbin.warnAboveRequests', () => {
    const collection = `warned ${Date.now()}`;
    const folder = mkdtempSync(join(tmpdir(), 'jsonbin-warned-'));
    /** What the prompter answers: the dialog's files, the collection picked, the modal's answer; and the modals asked. */
    let files: vscode.Uri[] = [];
    let pickCollection = collection;
    let send = false;
    let asked: string[] = [];
    let collectionId: string;

    before(async () => {
      await config().update('warnAboveRequests', 2, vscode.ConfigurationTarget.Global);
      collectionId = (await run<{ id: string }>(Command.createCollection, collection)).id;
      files = [1, 2, 3].map((n) => {
        const file = join(folder, `warned ${n}.json`);
        writeFileSync(file, JSON.stringify({ n }));
        return vscode.Uri.file(file);
      });
      w.api.setPrompter({
        input: async () => 'warned',
        pick: async (items, { placeHolder }) => {
          if (placeHolder === 'Collection') {
            return items.find((i) => i.label.endsWith(pickCollection));
          }
          return placeHolder?.startsWith('Searching every collection') ? items[0] : undefined;
        },
        confirm: async (message) => (asked.push(message), send),
        openDialog: async ({ canSelectFolders }) => (canSelectFolders ? [vscode.Uri.file(join(folder, `export ${asked.length}`))] : files),
        progress: (_, work) => work({ report: () => undefined }, new vscode.CancellationTokenSource().token),
      });
      // A pick dismissed lists the collections once: the runs measured send only what the action sends.
      pickCollection = 'none such';
      await run(Command.uploadAsBin);
      pickCollection = collection;
    });
    beforeEach(() => {
      asked = [];
      send = false;
    });
    after(async () => {
      w.api.setPrompter(undefined);
      await config().update('warnAboveRequests', undefined, vscode.ConfigurationTarget.Global);
    });

    it('Upload as Bin of 3 files with the setting at 2: Cancel sends nothing; Send Requests one create per file', async () => {
      assert.deepEqual(await requestsDuring(w.service, () => run(Command.uploadAsBin)), []);
      assert.deepEqual(asked, ['Uploading 3 files as bins sends 3 requests. Send them?']);
      send = true;
      const sent = await requestsDuring(w.service, () => run(Command.uploadAsBin));
      assert.deepEqual(pathsOf(sent), ['POST /v3/b', 'POST /v3/b', 'POST /v3/b']);
      assert.equal(asked.length, 2);
      assert.equal((await w.other.listBins(collectionId)).length, 3);
    });

    it('asks the same where users upload files: the Explorer menu and a drop on the view; Cancel sends nothing', async () => {
      // The Explorer passes the clicked file and every selected file.
      assert.deepEqual(await requestsDuring(w.service, () => run(Command.explorerUploadAsBin, files[0], files)), []);
      assert.deepEqual(asked, ['Uploading 3 files as bins sends 3 requests. Send them?']);
      // A drop on "Bins in no collection": the files as the Explorer drags them.
      asked = [];
      const [, uncategorized] = (await w.api.tree.getChildren()) ?? [];
      const transfer = new vscode.DataTransfer();
      transfer.set('text/uri-list', new vscode.DataTransferItem(files.map((f) => f.toString()).join('\r\n')));
      const dropped = await requestsDuring(w.service, async () =>
        w.api.dragAndDrop.handleDrop!(uncategorized, transfer, new vscode.CancellationTokenSource().token),
      );
      assert.deepEqual(dropped, []);
      assert.deepEqual(asked, ['Uploading 3 files as bins sends 3 requests. Send them?']);
    });

    it('Export Collection of 3 bins: asked once listed, Cancel reads none; programmatic calls are not asked', async () => {
      const listing = `GET /v3/c/${collectionId}/bins`;
      assert.deepEqual(pathsOf(await requestsDuring(w.service, () => run(Command.exportCollection))), [listing]);
      assert.deepEqual(asked, ['Exporting 3 bins sends 3 requests. Send them?']);
      assert.equal(existsSync(join(folder, 'export 0')), false, 'nothing written');
      send = true;
      const sent = await requestsDuring(w.service, () => run(Command.exportCollection));
      assert.equal(sent.length, 4, pathsOf(sent).join('\n'));
      assert.deepEqual(pathsOf(sent).slice(0, 1), [listing]);
      assert.ok(
        pathsOf(sent)
          .slice(1)
          .every((path) => /^GET \/v3\/b\/\w+\/latest$/.test(path)),
        pathsOf(sent).join('\n'),
      );
      assert.equal(readdirSync(join(folder, 'export 1')).length, 3);

      asked = [];
      send = false;
      const programmatic = await requestsDuring(w.service, () => run(Command.exportCollection, collectionId, vscode.Uri.file(join(folder, 'programmatic'))));
      assert.equal(programmatic.length, 4);
      assert.deepEqual(asked, [], 'not asked without warnAboveRequests in its options');
      assert.deepEqual(
        pathsOf(
          await requestsDuring(w.service, () =>
            assert.rejects(run(Command.exportCollection, collectionId, vscode.Uri.file(folder), { warnAboveRequests: 2 }), /Cancelled/),
          ),
        ),
        [listing],
      );
      assert.equal(asked.length, 1);
    });

    it('Find Bin across every collection: asked with its cap, Cancel sends nothing; Send Requests stays within the cap', async () => {
      // Nothing listed: Find offers to search every collection, up to jsonbin.find.maxRequests (20).
      await run(Command.refresh);
      assert.deepEqual(await requestsDuring(w.service, () => run(Command.findBin)), []);
      assert.deepEqual(asked, ['Searching every collection sends up to 20 requests. Send them?']);
      send = true;
      const sent = await requestsDuring(w.service, () => run(Command.findBin));
      assert.ok(sent.length >= 2 && sent.length <= 20, pathsOf(sent).join('\n'));
      assert.deepEqual(pathsOf(sent).slice(0, 1), ['GET /v3/c']);
    });
  });
});
