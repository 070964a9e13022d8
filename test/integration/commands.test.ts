/** Every command, called programmatically with arguments and no prompt. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { BinClient } from '../../src/core/api';
import { binUriOf, closeAll, kindOf, labelOf, prompter, replaceText, requestsDuring, run, setup, TEST_KEY, type World } from './support';
import { Command } from '../../src/extension/commands/idsAndContextKeys';

describe('commands', () => {
  let w: World;
  before(async () => (w = await setup()));
  after(() => closeAll());

  it('setApiKey checks the key with one call and refuses a rejected key with the service message', async () => {
    const refused = await requestsDuring(w.service, () => assert.rejects(run(Command.setApiKey, 'not-a-key'), /Invalid X-Master-Key provided/));
    assert.deepEqual(
      refused.map((r) => `${r.method} ${r.path}`),
      ['GET /v3/c'],
    );
    let checked: unknown;
    const accepted = await requestsDuring(w.service, async () => (checked = await run(Command.setApiKey, TEST_KEY)));
    assert.equal(accepted.length, 1);
    assert.deepEqual(checked, { collections: (await w.other.listCollections()).length }, 'what the check found');
  });

  it('asks for the key from the palette naming the service, where keys are found, and that one request checks it', async () => {
    const asked: vscode.InputBoxOptions[] = [];
    w.api.setPrompter(prompter({ input: async (options) => (asked.push(options), TEST_KEY) }));
    try {
      const requests = await requestsDuring(w.service, () => run(Command.setApiKey));
      assert.deepEqual(
        requests.map((r) => `${r.method} ${r.path}`),
        ['GET /v3/c'],
      );
    } finally {
      w.api.setPrompter(undefined);
    }
    const [question] = asked;
    const host = new URL(w.service.baseUrl).host;
    // Named as the user named it once other accounts were added (an earlier suite may leave some).
    const several = w.api.accounts.all().length > 1;
    assert.equal(question.title, `API Key for ${several ? `account "${w.api.accounts.active.name}" on ${host}` : host}`);
    assert.match(question.prompt ?? '', /^Paste the Master Key \(X-Master-Key\) as this service gives it\. One request checks it/);
    assert.equal(question.password, true);
  });

  it("reads and updates another account's public bin from the first request after the key was set (as after a reload)", async () => {
    const stranger = new BinClient({ baseUrl: w.service.baseUrl, key: () => w.paid.key });
    const id = (await stranger.createBin({ record: { open: 1 }, private: false })).metadata.id;
    await stranger.close();
    // The key set again: the window's client is new and has sent nothing yet, as after a reload.
    await run(Command.setApiKey, TEST_KEY);
    // A service that sends only the required fields.
    w.service.minimal = true;
    try {
      let uri: vscode.Uri | undefined;
      const read = await requestsDuring(w.service, async () => (uri = binUriOf(await run(Command.openBin, id))));
      assert.deepEqual(
        read.map((r) => `${r.method} ${r.path} ${r.status} ${r.hasKey}`),
        [`GET /v3/b/${id}/latest 401 true`, `GET /v3/b/${id}/latest 200 false`],
      );
      const document = await vscode.workspace.openTextDocument(uri!);
      await replaceText(document, '{"open": 2}');
      assert.ok(await document.save());
      assert.deepEqual(w.service.store.latest(w.service.store.bins.get(id)!), { open: 2 });
    } finally {
      w.service.minimal = false;
      await closeAll();
    }
  });

  it('clearApiKey forgets the key; private calls then fail, public bins still open', async () => {
    const publicId = (await w.other.createBin({ record: { open: true }, private: false, name: 'public' })).metadata.id;
    await run(Command.clearApiKey);
    try {
      await assert.rejects(run(Command.createCollection, 'no key'), /No API key is set/);
      const uri = binUriOf(await run(Command.openBin, publicId));
      const document = await vscode.workspace.openTextDocument(uri);
      assert.deepEqual(JSON.parse(document.getText()), { open: true });
      const read = w.service.log.filter((e) => e.path === `/v3/b/${publicId}/latest`).at(-1)!;
      assert.equal(read.hasKey, false);
      await replaceText(document, '{"open": "and saved without a key"}');
      const saved = await requestsDuring(w.service, async () => assert.equal(await document.save(), true));
      assert.deepEqual(
        saved.map((r) => `${r.method} ${r.hasKey}`),
        ['GET false', 'PUT false'],
      );
      assert.deepEqual((await w.other.readBin(publicId)).record, { open: 'and saved without a key' });
    } finally {
      await run(Command.setApiKey, TEST_KEY);
    }
  });

  it('createBin creates with the given headers and returns its id and uri', async () => {
    let result!: { id: string; uri: vscode.Uri };
    const requests = await requestsDuring(w.service, async () => {
      result = await run(Command.createBin, { record: { made: 'here' }, name: 'Created', private: false });
    });
    assert.equal(requests.length, 1);
    assert.equal(requests[0].headers['x-bin-name'], 'Created');
    assert.equal(requests[0].headers['x-bin-private'], 'false');
    assert.match(result.id, /^[0-9a-f]{24}$/);
    assert.ok(result.uri.path.includes(result.id));
    assert.deepEqual((await w.other.readBin(result.id)).record, { made: 'here' });
  });

  it('createBin validates against the collection schema doc before sending', async () => {
    const collectionId = (await run<{ id: string }>(Command.createCollection, 'cmd validated')).id;
    const doc = await run<{ id: string }>(Command.createSchemaDoc, { name: 'needs-a', schema: { type: 'object', required: ['a'] } });
    await run(Command.attachSchemaDoc, collectionId, doc.id);
    assert.equal((await w.other.listCollections()).find((c) => c.id === collectionId)?.schemaDocId, doc.id);
    const posts = await requestsDuring(w.service, () =>
      assert.rejects(run(Command.createBin, { record: { b: 1 }, collectionId }), /1 schema problem.*"needs-a".*Missing property "a"/),
    );
    assert.deepEqual(
      posts.filter((r) => r.method === 'POST'),
      [],
    );
    const ok = await run<{ id: string }>(Command.createBin, { record: { a: 1 }, collectionId });
    assert.equal((await w.other.readBin(ok.id)).metadata.collectionId, collectionId);
  });

  it('createSchemaDoc refuses an empty or invalid schema before any request', async () => {
    const requests = await requestsDuring(w.service, async () => {
      await assert.rejects(run(Command.createSchemaDoc, { name: 'empty', schema: {} }), /Not created: Schema Doc cannot be empty$/);
      await assert.rejects(run(Command.createSchemaDoc, { name: 'bad', schema: { type: 12 } }), /Not a usable JSON Schema/);
    });
    assert.deepEqual(requests, []);
  });

  it('addBin takes an id or a dashboard link; forgetBin removes it from the list', async () => {
    const id = (await w.other.createBin({ record: { x: 1 }, name: 'to add' })).metadata.id;
    const byLink = await run<{ id: string; uri: vscode.Uri }>(Command.addBin, `https://jsonbin.io/app/bins/${id}`);
    assert.equal(byLink.id, id);
    assert.ok(byLink.uri.path.endsWith('/to add.json'));
    await assert.rejects(run(Command.addBin, '../c'), /Invalid Bin Id/);
    await run(Command.forgetBin, id);
    const [, uncategorized] = (await w.api.tree.getChildren()) ?? [];
    const rows = (await w.api.tree.getChildren(uncategorized)) ?? [];
    const labels = await Promise.all(rows.map(async (n) => `${kindOf(await w.api.tree.getTreeItem(n))}:${labelOf(await w.api.tree.getTreeItem(n))}`));
    assert.ok(!labels.includes('bin.remembered:to add'));
  });

  it('openBin returns the uri of the opened tab', async () => {
    const id = (await w.other.createBin({ record: { o: 1 }, name: 'opened' })).metadata.id;
    const uri = binUriOf(await run(Command.openBin, id));
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString());
  });

  it('deleteBin deletes without asking and reports versionsDeleted', async () => {
    const id = (await w.other.createBin({ record: { d: 1 } })).metadata.id;
    const result = await run<{ deleted: string[]; versionsDeleted: number }>(Command.deleteBin, id);
    assert.deepEqual(result, { deleted: [id], versionsDeleted: 0 });
    await assert.rejects(w.other.readBin(id), /Bin not found/);
    await assert.rejects(run(Command.deleteBin, id), /Bin not found or it doesn't belong to your account/);
  });

  it('setVersioning turns versioning on (paid) and deleteVersions keeps or drops the latest', async () => {
    await run(Command.setApiKey, w.paid.key);
    try {
      const created = await run<{ id: string }>(Command.createBin, { record: { n: 0 } });
      const versioning = await requestsDuring(w.service, () => run(Command.setVersioning, created.id, true));
      assert.deepEqual(
        versioning.map((r) => `${r.method} ${r.headers['x-bin-versioning'] ?? ''}`),
        ['GET ', 'PUT true'],
      );
      const paid = new BinClient({ baseUrl: w.service.baseUrl, key: () => w.paid.key });
      await paid.updateBin(created.id, { n: 1 });
      await paid.updateBin(created.id, { n: 2 });
      const kept = await run<{ versionsDeleted: number }>(Command.deleteVersions, created.id, { preserveLatest: true });
      assert.equal(kept.versionsDeleted, 3);
      assert.deepEqual((await paid.readBin(created.id)).record, { n: 2 });
      await paid.close();
    } finally {
      await run(Command.setApiKey, TEST_KEY);
    }
  });

  it('setVersioning on the free plan rejects with the service message', async () => {
    const id = (await w.other.createBin({ record: { f: 1 } })).metadata.id;
    await assert.rejects(run(Command.setVersioning, id, true), /Versioning is not available for the Free users/);
  });

  it('copyBinId puts the id on the clipboard', async () => {
    const id = (await w.other.createBin({ record: { c: 1 } })).metadata.id;
    await run(Command.copyBinId, id);
    assert.equal(await vscode.env.clipboard.readText(), id);
  });

  it('renameBin and setPrivacy change the bin on the service', async () => {
    const id = (await w.other.createBin({ record: { r: 1 }, name: 'before' })).metadata.id;
    await run(Command.renameBin, id, 'after');
    await run(Command.setPrivacy, id, false);
    const bin = await w.other.readBin(id);
    assert.equal(bin.metadata.name, 'after');
    assert.equal(bin.metadata.private, false);
  });

  it('openSchemaDoc returns the uri; detachSchemaDoc detaches', async () => {
    const collectionId = (await run<{ id: string }>(Command.createCollection, 'detach me')).id;
    const doc = await run<{ id: string; uri: vscode.Uri }>(Command.createSchemaDoc, { name: 'detachable', schema: { type: 'object' } });
    await run(Command.attachSchemaDoc, collectionId, doc.id);
    const uri = binUriOf(await run(Command.openSchemaDoc, doc.id));
    assert.equal(uri.toString(), doc.uri.toString());
    await run(Command.detachSchemaDoc, collectionId);
    assert.equal((await w.other.listCollections()).find((c) => c.id === collectionId)?.schemaDocId, undefined);
  });
});
