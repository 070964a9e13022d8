/**
 * The rest of what the Node host's suite checks, in the web worker host: an access key created
 * here and its account, Find Bin, the clipboard, and the requests counted in the status bar.
 */
import * as vscode from 'vscode';
import { assert } from 'chai';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { binUri } from '../../src/extension/fs/uris';
import { closeAll, pathsOf, requestsDuring, run, setup, type World } from './world';

describe('accounts, find, share and the allowance in the web worker host', () => {
  let w: World;
  before(async () => (w = await setup()));
  afterEach(async () => {
    await closeAll();
    await run(Command.switchAccount, 'Default');
    for (const account of w.api.accounts.all().slice(1)) {
      await run(Command.removeAccount, account.id);
    }
  });

  it('creates an access key, whose account reads a bin and is refused a delete without a request', async () => {
    const id = (await w.other.createBin({ record: { v: 1 }, name: 'web reader' })).metadata.id;
    const { accountId } = await run<{ accountId: string }>(Command.createAccessKey, {
      name: 'web reader',
      permissions: { read: true },
      accountName: 'Web reader',
    });
    const uri = binUri(id, 'web reader', undefined, accountId);
    const reading = await requestsDuring(w, async () => assert.deepEqual(JSON.parse((await vscode.workspace.openTextDocument(uri)).getText()), { v: 1 }));
    assert.deepEqual(
      reading.map((r) => `${r.method} ${r.path} ${r.keyHeader}`),
      [`GET /v3/b/${id}/latest access`],
    );
    assert.strictEqual((await vscode.workspace.fs.stat(uri)).permissions, vscode.FilePermission.Readonly);
    await run(Command.switchAccount, 'Web reader');
    const refused = await requestsDuring(w, async () => {
      try {
        await run(Command.deleteBin, id);
        assert.fail('deleted with a read-only key');
      } catch (error) {
        assert.match((error as Error).message, /The access key of Web reader may not delete bins .*nothing was sent/);
      }
    });
    assert.deepEqual(refused, []);
  });

  it('finds a bin by name across the collections, and a second search sends nothing', async () => {
    const collectionId = (await w.other.createCollection('web find')).id;
    const id = (await w.other.createBin({ record: { f: 1 }, name: 'web needle', collectionId })).metadata.id;
    await run(Command.refresh);
    const found = await run<{ id: string }[]>(Command.findBin, 'WEB NEEDLE', { maxRequests: 50 });
    assert.deepEqual(
      found.map((f) => f.id),
      [id],
    );
    assert.deepEqual(await requestsDuring(w, () => run(Command.findBin, 'web needle', { maxRequests: 50 })), []);
  });

  it("puts a bin's id and its public URL on the browser's clipboard, with no request", async () => {
    const id = (await w.other.createBin({ record: { s: 1 }, private: false })).metadata.id;
    const copied = await requestsDuring(w, () => run(Command.copyBinId, id));
    assert.deepEqual(copied, []);
    assert.strictEqual(await vscode.env.clipboard.readText(), id);
    await run(Command.copyPublicUrl, id);
    assert.include(await vscode.env.clipboard.readText(), id);
  });

  it('counts in the status bar every request the service received', async () => {
    const shown = () => Number(/(\d+) requests?$/.exec(w.api.requestStatus.text)?.[1]);
    const before = shown();
    assert.isTrue(Number.isInteger(before), w.api.requestStatus.text);
    const requests = await requestsDuring(w, async () => {
      const { id } = await run<{ id: string }>(Command.createBin, { record: { counted: 1 }, name: 'web counted' });
      await run(Command.deleteBin, id);
    });
    assert.deepEqual(
      pathsOf(requests).map((p) => p.split(' ')[0]),
      ['POST', 'DELETE'],
    );
    assert.strictEqual(shown() - before, requests.length, w.api.requestStatus.tooltip);
  });
});
