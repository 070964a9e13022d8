/** Opening and saving bins: exact request counts, failed saves that lose nothing, conflicts. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { BinClient } from '../../src/core/api';
import { binUriOf, closeAll, config, listCollectionsInView, replaceText, requestsDuring, setup, until, type World } from './support';
import { Command } from '../../src/extension/commands/idsAndContextKeys';

describe('bin file system', () => {
  let w: World;
  before(async () => (w = await setup()));
  afterEach(async () => {
    w.service.clearFaults();
    w.api.setConflictPrompt(undefined);
    await config().update('conflictCheck', undefined, vscode.ConfigurationTarget.Global);
    await config().update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    await closeAll();
  });

  async function newBin(record: object = { greeting: 'hello' }, name = 'fs test'): Promise<string> {
    return (await w.other.createBin({ record: record as never, name })).metadata.id;
  }

  async function openBin(id: string): Promise<vscode.TextDocument> {
    const uri = binUriOf(await vscode.commands.executeCommand(Command.openBin, id));
    return vscode.workspace.openTextDocument(uri);
  }

  it('opens a bin with one request, titled with its name and serialized with 2 spaces', async () => {
    const id = await newBin({ b: [1, 2], a: 'x' }, 'Greeting');
    let document!: vscode.TextDocument;
    const requests = await requestsDuring(w.service, async () => (document = await openBin(id)));
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.path}`),
      [`GET /v3/b/${id}/latest`],
    );
    assert.equal(document.getText(), JSON.stringify({ b: [1, 2], a: 'x' }, null, 2));
    assert.ok(document.uri.path.endsWith('/Greeting.json'));
    assert.equal(document.languageId, 'jsonbin');
    const stat = await vscode.workspace.fs.stat(document.uri);
    assert.equal(stat.size, Buffer.byteLength(document.getText()));
  });

  it("keeps VS Code's JSON help in a bin tab of its own language: a syntax error is marked, with no request", async () => {
    const document = await openBin(await newBin());
    const requests = await requestsDuring(w.service, async () => {
      await replaceText(document, '{"greeting": }');
      await until(() => vscode.languages.getDiagnostics(document.uri).some((d) => !d.source?.startsWith('JSONBin')) || undefined, "VS Code's JSON validation");
    });
    assert.deepEqual(requests, []);
  });

  it('saves changed content with one read and one PUT, unchanged content with none', async () => {
    const id = await newBin();
    const document = await openBin(id);
    await replaceText(document, '{\n  "greeting": "changed"\n}');
    const before = (await vscode.workspace.fs.stat(document.uri)).mtime;
    let saved = false;
    const requests = await requestsDuring(w.service, async () => (saved = await document.save()));
    assert.ok(saved);
    assert.deepEqual(
      requests.map((r) => r.method),
      ['GET', 'PUT'],
    );
    assert.equal(requests[1].body, '{\n  "greeting": "changed"\n}', 'the text as written');
    assert.deepEqual((await w.other.readBin(id)).record, { greeting: 'changed' });
    assert.ok((await vscode.workspace.fs.stat(document.uri)).mtime > before, 'mtime moves forward');

    const again = await requestsDuring(w.service, async () => {
      await vscode.commands.executeCommand('workbench.action.files.save');
      await document.save();
    });
    assert.deepEqual(again, []);
  });

  it('saves with exactly one PUT when the conflict check is off', async () => {
    await config().update('conflictCheck', false, vscode.ConfigurationTarget.Global);
    const id = await newBin();
    const document = await openBin(id);
    await replaceText(document, '{"greeting": "no check"}');
    const requests = await requestsDuring(w.service, () => document.save());
    assert.deepEqual(
      requests.map((r) => r.method),
      ['PUT'],
    );
  });

  const faults: [string, Parameters<World['service']['fault']>[0], RegExp][] = [
    ['a dropped connection', { drop: true }, /Could not reach the bin service/],
    ['a 500', { status: 500, message: 'Internal trouble' }, /Internal trouble/],
    ['a 4xx', { status: 400, message: 'Invalid Bin Id provided' }, /Invalid Bin Id provided/],
    ['an exhausted allowance', { status: 403, message: 'Requests exhausted. Buy additional requests at https://jsonbin.io/pricing' }, /Requests exhausted/],
    ['a timeout', { delayMs: 2500, drop: true }, /did not answer within 1 s/],
  ];
  for (const [what, fault, message] of faults) {
    it(`keeps the edits dirty after ${what}, then stores them on retry`, async () => {
      await config().update('conflictCheck', false, vscode.ConfigurationTarget.Global);
      await config().update('requestTimeoutSeconds', 1, vscode.ConfigurationTarget.Global);
      const id = await newBin();
      const document = await openBin(id);
      const text = `{"greeting": "after ${what}"}`;
      await replaceText(document, text);
      w.service.fault({ method: 'PUT', path: `/b/${id}`, ...fault });
      // The provider's own answer carries the service's words; VS Code shows them on save.
      await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(document.uri, Buffer.from(text))), (e: Error) => message.test(e.message));
      const saved = await document.save();
      assert.equal(saved, false, 'a failed PUT must not mark the document saved');
      assert.ok(document.isDirty);
      assert.equal(document.getText(), text);
      assert.deepEqual((await w.other.readBin(id)).record, { greeting: 'hello' });
      w.service.clearFaults();
      // After "Requests exhausted" nothing is sent until the user retries (a no-op otherwise).
      assert.equal(w.api.requestStatus.exhausted, fault.status === 403);
      await vscode.commands.executeCommand(Command.retryRequests);
      assert.equal(await document.save(), true);
      assert.ok(!document.isDirty);
      assert.deepEqual((await w.other.readBin(id)).record, { greeting: `after ${what}` });
    });
  }

  it('refuses a record over the plan limit before any request', async () => {
    const id = await newBin();
    const document = await openBin(id);
    await replaceText(document, JSON.stringify({ blob: 'x'.repeat(520 * 1024) }));
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(document.uri, Buffer.from(document.getText()))), (e: Error) =>
      /over the free plan's limit of 500 KB/.test(e.message),
    );
    const requests = await requestsDuring(w.service, async () => assert.equal(await document.save(), false));
    assert.deepEqual(requests, []);
    assert.ok(document.isDirty);
  });

  it('on a conflict, Cancel and Compare keep the edits; Overwrite stores them', async () => {
    const id = await newBin();
    const document = await openBin(id);
    await w.other.updateBin(id, { greeting: 'someone else' });
    await replaceText(document, '{"greeting": "mine"}');
    const asked: string[] = [];
    w.api.setConflictPrompt(async (uri) => {
      asked.push(uri.toString());
      return 'cancel';
    });
    const cancelled = await requestsDuring(w.service, async () => assert.equal(await document.save(), false));
    assert.deepEqual(
      cancelled.map((r) => r.method),
      ['GET'],
    );
    assert.deepEqual(asked, [document.uri.toString()]);
    assert.ok(document.isDirty);

    w.api.setConflictPrompt(async () => 'compare');
    assert.equal(await document.save(), false);
    assert.equal(document.getText(), '{"greeting": "mine"}');
    const diff = await until(
      () =>
        vscode.window.tabGroups.all
          .flatMap((g) => g.tabs)
          .map((t) => t.input)
          .find((i): i is vscode.TabInputTextDiff => i instanceof vscode.TabInputTextDiff && i.modified.toString() === document.uri.toString()),
      'the Compare diff',
    );
    const service = await vscode.workspace.openTextDocument(diff.original);
    assert.deepEqual(JSON.parse(service.getText()), { greeting: 'someone else' });

    w.api.setConflictPrompt(async () => 'overwrite');
    const overwritten = await requestsDuring(w.service, async () => assert.equal(await document.save(), true));
    assert.deepEqual(
      overwritten.map((r) => r.method),
      ['GET', 'PUT'],
    );
    assert.deepEqual((await w.other.readBin(id)).record, { greeting: 'mine' });
  });

  it('restores a tab from its URI alone, without the tree', async () => {
    const id = await newBin({ restored: true }, 'Restored');
    const uri = vscode.Uri.parse(`jsonbin:/bin/${id}/Restored.json`);
    let document!: vscode.TextDocument;
    const requests = await requestsDuring(w.service, async () => (document = await vscode.workspace.openTextDocument(uri)));
    assert.equal(requests.length, 1);
    assert.deepEqual(JSON.parse(document.getText()), { restored: true });
  });

  it('answers probes for workspace files without a request', async () => {
    const requests = await requestsDuring(w.service, async () => {
      for (const path of ['/.vscode/settings.json', '/.vscode/tasks.json', '/.vscode/launch.json', '/.vscode/extensions.json']) {
        await assert.rejects(Promise.resolve(vscode.workspace.fs.stat(vscode.Uri.parse(`jsonbin:${path}`))));
      }
    });
    assert.deepEqual(requests, []);
  });

  it('opens a version read-only and compares it with the current record', async () => {
    const id = (await paidClient(w).createBin({ record: { v: 0 }, name: 'versioned' })).metadata.id;
    const client = paidClient(w);
    await client.updateBin(id, { v: 1 }, { versioning: true });
    await client.updateBin(id, { v: 2 });
    // The bin belongs to the paid account: the extension switches to its key for this test.
    await vscode.commands.executeCommand(Command.setApiKey, w.paid.key);
    try {
      const uri = binUriOf(await vscode.commands.executeCommand(Command.openVersion, id, 1));
      const document = await vscode.workspace.openTextDocument(uri);
      assert.deepEqual(JSON.parse(document.getText()), { v: 1 });
      await replaceText(document, '{"v": 99}');
      assert.equal(await document.save(), false, 'a version is read-only');
      await vscode.commands.executeCommand('workbench.action.files.revert');
      const old = binUriOf(await vscode.commands.executeCommand(Command.compareWithVersion, id, 1));
      assert.equal(old.toString(), uri.toString());
      await until(
        () =>
          vscode.window.tabGroups.all
            .flatMap((g) => g.tabs)
            .some((t) => t.input instanceof vscode.TabInputTextDiff && t.input.original.toString() === uri.toString()) || undefined,
        'the diff of the version with its tab',
      );
    } finally {
      await vscode.commands.executeCommand(Command.setApiKey, w.account.key);
    }
  });

  it('opens a schema doc with one request and saves it with X-Schema-Doc-Name', async () => {
    const doc = await w.other.createSchemaDoc('shape', { type: 'object' });
    let uri!: vscode.Uri;
    const opened = await requestsDuring(w.service, async () => {
      uri = binUriOf(await vscode.commands.executeCommand(Command.openSchemaDoc, doc.metadata.id));
    });
    assert.equal(opened.length, 1);
    const document = await vscode.workspace.openTextDocument(uri);
    assert.ok(uri.path.endsWith('/shape.json'));
    await replaceText(document, '{"type": "object", "required": ["a"]}');
    await listCollectionsInView(w);
    const saved = await requestsDuring(w.service, async () => assert.equal(await document.save(), true));
    // The conflict check reads the schema doc, then one PUT carries its name.
    assert.deepEqual(
      saved.map((r) => `${r.method} ${r.headers['x-schema-doc-name']}`),
      ['GET undefined', 'PUT shape'],
    );
    assert.deepEqual((await w.other.readSchemaDoc(doc.metadata.id)).record, { type: 'object', required: ['a'] });

    for (const bad of ['{}', '[]', '{"type": "nonsense"}', '{"type": ']) {
      await replaceText(document, bad);
      const refused = await requestsDuring(w.service, async () => assert.equal(await document.save(), false));
      assert.deepEqual(refused, [], `${bad} reached the service`);
    }
  });
});

function paidClient(w: World): BinClient {
  return new BinClient({ baseUrl: w.service.baseUrl, key: () => w.paid.key, plan: () => 'paid' });
}
