/** What is sent is what the user wrote; what someone else saved is never overwritten without asking. */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import * as vscode from 'vscode';
import type { Fault } from '../service/server';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { schemaDocUri } from '../../src/extension/fs/uris';
import { plainText } from '../../src/core/store/plainText';
import { binUriOf, closeAll, config, listCollectionsInView, replaceText, requestsDuring, setup, TEST_KEY, until, type World } from './support';

describe('integrity of saves', function () {
  this.timeout(30_000);
  let w: World;
  const asked: string[] = [];
  before(async () => (w = await setup()));
  beforeEach(() => {
    asked.length = 0;
    w.api.setConflictPrompt(async (uri) => {
      asked.push(uri.toString());
      return 'cancel';
    });
  });
  afterEach(async () => {
    w.api.setConflictPrompt(undefined);
    await config().update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    await closeAll();
  });

  async function openBin(record: object): Promise<{ id: string; document: vscode.TextDocument }> {
    const id = (await w.other.createBin({ record: record as never, name: 'integrity' })).metadata.id;
    const document = await vscode.workspace.openTextDocument(binUriOf(await vscode.commands.executeCommand(Command.openBin, id)));
    return { id, document };
  }

  it('marks a tab saved only when the service stored its text, whatever answers its PUT (generated, seeded)', async () => {
    const { id, document } = await openBin({ n: 0 });
    const failures = fc.constantFrom<Fault>(
      { drop: true },
      { malformed: true },
      { endless: true },
      { body: { metadata: { parentId: id } } },
      { body: null },
      { status: 500 },
      { status: 503, message: 'Service Unavailable' },
      { status: 403, message: 'Requests exhausted' },
    );
    const answers = fc.oneof(
      fc.record({ fails: fc.constant(true), fault: failures }),
      fc.record({ fails: fc.constant(false), fault: fc.constantFrom<Fault>({}, { delayMs: 50 }) }),
    );
    let n = 0;
    await fc.assert(
      fc.asyncProperty(answers, async ({ fails, fault }) => {
        const text = `{"n": ${++n}}`;
        await replaceText(document, text);
        w.service.fault({ method: 'PUT', path: `/b/${id}`, times: 1, ...fault });
        const saved = await document.save();
        w.service.clearFaults();
        // Requests exhausted holds the next ones back until retried.
        await vscode.commands.executeCommand(Command.retryRequests);
        const stored = w.service.store.latest(w.service.store.bins.get(id)!);
        assert.equal(saved, !fails, JSON.stringify(fault));
        assert.equal(document.isDirty, fails, 'dirty exactly while not stored');
        assert.equal(document.getText(), text, 'the edits are kept');
        if (saved) {
          assert.deepEqual(stored, { n });
        } else {
          assert.notDeepEqual(stored, { n });
        }
      }),
      { numRuns: 25, seed: 20261125 },
    );
  });

  it('sends the text byte for byte: spacing, key order and number forms kept', async () => {
    const { document } = await openBin({ a: 1 });
    const text = '{\n    "z": 1.50,\n  "a": [1e2, -0.0],   "s": "\\u00e9"\n}\n';
    await replaceText(document, text);
    const requests = await requestsDuring(w.service, async () => assert.equal(await document.save(), true));
    assert.equal(requests.find((r) => r.method === 'PUT')?.body, text);
  });

  for (const [number, what] of [
    ['1e400', 'beyond a double'],
    ['12345678901234567890', 'beyond 2^53'],
  ]) {
    it(`refuses ${number} (${what}) before any request, keeping the edit`, async () => {
      const { document } = await openBin({ a: 1 });
      await replaceText(document, `{"n": ${number}}`);
      const requests = await requestsDuring(w.service, async () => assert.equal(await document.save(), false));
      assert.deepEqual(requests, []);
      assert.ok(document.isDirty);
      assert.equal(document.getText(), `{"n": ${number}}`);
    });
  }

  it('asks before overwriting another writer, after settings and key changes dropped every cached record', async () => {
    const { id, document } = await openBin({ v: 1 });
    await replaceText(document, '{"v": "mine"}');
    await w.other.updateBin(id, { v: 'theirs' });
    // Each of these empties the cache of fetched records, as eviction does.
    await config().update('requestTimeoutSeconds', 20, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand(Command.setApiKey, TEST_KEY);
    // Written through the file system, as another extension would: VS Code's own mtime check is not in the way.
    const written = await requestsDuring(w.service, () =>
      assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(document.uri, Buffer.from('{"v": "mine"}'))), /changed on the service/),
    );
    assert.deepEqual(asked, [document.uri.toString()]);
    assert.deepEqual(
      written.map((r) => r.method),
      ['GET'],
      'the stale write sent no PUT',
    );
    // Saved from the editor, VS Code sees the newer record first and asks as well; nothing is sent either way.
    const saved = await requestsDuring(w.service, async () => assert.equal(await document.save(), false));
    assert.ok(!saved.some((r) => r.method === 'PUT'));
    assert.deepEqual((await w.other.readBin(id)).record, { v: 'theirs' });
    assert.ok(document.isDirty);
  });

  it('clamps a huge request timeout instead of letting it overflow into an instant one', async () => {
    await config().update('requestTimeoutSeconds', 1e9, vscode.ConfigurationTarget.Global);
    w.service.fault({ method: 'GET', path: /^\/b\//, delayMs: 200, times: 1 });
    try {
      const { document } = await openBin({ slow: true });
      assert.deepEqual(JSON.parse(document.getText()), { slow: true });
    } finally {
      w.service.clearFaults();
    }
  });

  it('keeps the mtime of a record fetched again unchanged: no false conflict after a settings change', async () => {
    const { document } = await openBin({ v: 1 });
    await replaceText(document, '{"v": 2}');
    await config().update('requestTimeoutSeconds', 25, vscode.ConfigurationTarget.Global);
    const requests = await requestsDuring(w.service, async () => assert.equal(await document.save(), true));
    assert.deepEqual(asked, []);
    assert.deepEqual(
      requests.map((r) => r.method),
      ['GET', 'PUT'],
    );
  });

  it('keeps the base of unsaved edits carried into a renamed tab', async () => {
    const { id, document } = await openBin({ v: 1 });
    await replaceText(document, '{"v": "mine"}');
    await w.other.updateBin(id, { v: 'theirs' });
    await config().update('requestTimeoutSeconds', 21, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand(Command.renameBin, id, 'integrity renamed');
    const renamed = vscode.workspace.textDocuments.find((d) => d.uri.path.endsWith('/integrity renamed.json') && d.isDirty);
    assert.ok(renamed, 'the renamed tab with the edits');
    assert.equal(renamed.getText(), '{"v": "mine"}');
    const requests = await requestsDuring(w.service, async () => assert.equal(await renamed.save(), false));
    assert.deepEqual(asked, [renamed.uri.toString()]);
    assert.ok(!requests.some((r) => r.method === 'PUT'));
    assert.deepEqual((await w.other.readBin(id)).record, { v: 'theirs' });
  });

  it('asks before overwriting another writer of a schema doc', async () => {
    const doc = await w.other.createSchemaDoc('integrity schema', { type: 'object' });
    const document = await vscode.workspace.openTextDocument(schemaDocUri(doc.metadata.id, 'integrity schema'));
    await replaceText(document, '{"type": "object", "required": ["mine"]}');
    await w.other.updateSchemaDoc(doc.metadata.id, { type: 'object', required: ['theirs'] }, 'integrity schema');
    await listCollectionsInView(w);
    const requests = await requestsDuring(w.service, async () => assert.equal(await document.save(), false));
    assert.deepEqual(asked, [document.uri.toString()]);
    assert.deepEqual(
      requests.map((r) => r.method),
      ['GET'],
    );
    assert.deepEqual((await w.other.readSchemaDoc(doc.metadata.id)).record, { type: 'object', required: ['theirs'] });
  });

  for (const dialect of [
    'http://json-schema.org/draft-04/schema#',
    'http://json-schema.org/draft-06/schema#',
    'http://json-schema.org/draft-07/schema#',
    'https://json-schema.org/draft/2019-09/schema',
    'https://json-schema.org/draft/2020-12/schema',
  ]) {
    it(`saves a schema doc with $id and $schema ${dialect} again and again, and validates bins by it`, async () => {
      const body = { $schema: dialect, $id: 'https://example.com/person.json', type: 'object', required: ['name'] };
      const doc = await w.other.createSchemaDoc('dialect', body);
      const collectionId = (await w.other.createCollection('dialects')).id;
      await w.other.attachSchemaDoc(collectionId, doc.metadata.id);
      const document = await vscode.workspace.openTextDocument(schemaDocUri(doc.metadata.id, 'dialect'));
      for (const required of [['name', 'email'], ['email']]) {
        await replaceText(document, JSON.stringify({ ...body, required }, null, 2));
        assert.equal(await document.save(), true, `save requiring ${required.join()}`);
      }
      const binId = (await w.other.createBin({ record: { email: 'e' }, collectionId })).metadata.id;
      const bin = await vscode.workspace.openTextDocument(binUriOf(await vscode.commands.executeCommand(Command.openBin, binId)));
      await replaceText(bin, '{"name": "n"}');
      const problems = await until(
        () =>
          vscode.languages
            .getDiagnostics(bin.uri)
            .map((d) => d.message)
            .join() || undefined,
        'diagnostics',
      );
      assert.match(problems, /Missing property "email"/);
    });
  }

  it('saves without asking or sending when the service already holds this very text (a save whose answer was lost)', async () => {
    const { id, document } = await openBin({ v: 1 });
    await replaceText(document, '{"v": 2}');
    await w.other.updateBin(id, { v: 2 });
    const requests = await requestsDuring(w.service, async () => assert.equal(await document.save(), true));
    assert.deepEqual(asked, []);
    assert.deepEqual(
      requests.map((r) => r.method),
      ['GET'],
      'the text is there already: no second PUT',
    );
    assert.ok(!document.isDirty);
  });
});

describe('names', () => {
  let w: World;
  before(async () => (w = await setup()));
  afterEach(() => closeAll());

  for (const name of ['Ωμέγα', '名前', 'bin 😀']) {
    it(`refuses "${name}" before sending, saying why`, async () => {
      const requests = await requestsDuring(w.service, () =>
        assert.rejects(
          Promise.resolve(vscode.commands.executeCommand(Command.createBin, { record: { a: 1 }, name })),
          /can hold only Latin-1 characters.*is not one/,
        ),
      );
      assert.deepEqual(requests, []);
    });
  }

  it('shows service text in notifications as written, unable to form a link', () => {
    const shown = plainText('Bin "[open me](command:jsonbin.clearApiKey)" not found');
    assert.ok(!/\]\(/.test(shown), shown);
    assert.equal(shown.replace(/\u200B/g, ''), 'Bin "[open me](command:jsonbin.clearApiKey)" not found');
  });

  it('the palette refuses such a name as it is typed, saying why', async () => {
    const refusals: unknown[] = [];
    w.api.setPrompter({
      input: async (options) => {
        if (options.prompt?.startsWith('Name of the bin')) {
          refusals.push(await options.validateInput?.('Ωμέγα'), await options.validateInput?.('Café'));
          return undefined;
        }
        return '{"a": 1}';
      },
      pick: async (items) => items.find((i) => i.label.includes('Type the JSON')) ?? items[0],
      confirm: async () => false,
    });
    try {
      const requests = await requestsDuring(w.service, () => vscode.commands.executeCommand(Command.createBin));
      assert.deepEqual(requests, []);
    } finally {
      w.api.setPrompter(undefined);
    }
    assert.match(String(refusals[0]), /only Latin-1 characters.*"Ω" is not one/);
    assert.equal(refusals[1], undefined);
  });

  it('round-trips a Latin-1 name through the service', async () => {
    const created = await vscode.commands.executeCommand<{ id: string }>(Command.createBin, { record: { a: 1 }, name: 'Café Ærø' });
    assert.equal((await w.other.readBin(created.id)).metadata.name, 'Café Ærø');
  });
});
