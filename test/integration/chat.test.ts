/**
 * The language model tools, called as an agent calls them (`vscode.lm.invokeTool`), against the
 * local service: what each answers, and exactly what it sent (the service's log, and the
 * `requests` the tool says it sent). Outside a chat session no confirmation is shown, so the
 * confirmations are read from the tool objects themselves.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import type { ToolName } from '../../src/core/tools/toolNames';
import { binUriOf, closeAll, config, idle, pathsOf, requestsDuring, run, setup, TEST_KEY, until, type World } from './support';

type Answer = Record<string, unknown> & { requests: number; refused?: string };

const SCHEMA = {
  type: 'object',
  required: ['title'],
  properties: { title: { type: 'string' }, modules: { type: 'array', items: { type: 'object', required: ['name'] } } },
};

describe('language model tools', function () {
  this.timeout(60_000);
  let w: World;
  let collectionId: string;
  let schemaDocId: string;
  let binId: string;
  const answers: string[] = [];

  async function invoke(name: ToolName, input: object): Promise<Answer> {
    const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
    assert.equal(result.content.length, 1);
    const text = (result.content[0] as vscode.LanguageModelTextPart).value;
    answers.push(text);
    return JSON.parse(text) as Answer;
  }

  /** A tool's answer and the requests the service logged meanwhile, which the answer must say. */
  async function sent(name: ToolName, input: object): Promise<{ answer: Answer; paths: string[] }> {
    let answer!: Answer;
    const requests = await requestsDuring(w.service, async () => (answer = await invoke(name, input)));
    assert.equal(answer.requests, requests.length, `${name} says it sent ${answer.requests}: ${pathsOf(requests).join(', ')}`);
    return { answer, paths: pathsOf(requests) };
  }

  async function confirmation(name: ToolName, input: Record<string, unknown>): Promise<{ title: string; message: string }> {
    const prepared = await w.api.languageModelTool(name)!.prepareInvocation!({ input }, new vscode.CancellationTokenSource().token);
    const messages = prepared!.confirmationMessages!;
    const markdown = typeof messages.message === 'string' ? messages.message : messages.message.value;
    // As the user reads it: Markdown's escapes undone.
    return { title: messages.title, message: markdown.replace(/&nbsp;/g, ' ').replace(/\\(.)/g, '$1') };
  }

  before(async () => {
    w = await setup();
    collectionId = (await w.other.createCollection('chat courses')).id;
    schemaDocId = (await w.other.createSchemaDoc('chat course', SCHEMA)).metadata.id;
    await w.other.attachSchemaDoc(collectionId, schemaDocId);
    binId = (await w.other.createBin({ record: { title: 'Graphs', modules: [{ name: 'Paths' }, { name: 'Trees' }] }, collectionId, name: 'graphs' })).metadata
      .id;
    // What the extension listed before these were made is listed again.
    await run(Command.refresh);
  });
  after(async () => {
    await config().update('chat.maxRecordKilobytes', undefined, vscode.ConfigurationTarget.Global);
    // The key is in no answer a model was given.
    assert.ok(answers.length > 0);
    assert.ok(answers.every((a) => !a.includes(TEST_KEY)));
  });

  it('are registered under their names, each with its description and input schema', () => {
    const ours = vscode.lm.tools.filter((t) => t.name.startsWith('jsonbin_')).map((t) => t.name);
    assert.deepEqual(ours.sort(), [
      'jsonbin_checkDefinition',
      'jsonbin_checkRecord',
      'jsonbin_createBin',
      'jsonbin_findBins',
      'jsonbin_listBins',
      'jsonbin_listCollections',
      'jsonbin_readBin',
      'jsonbin_readSchemaDoc',
      'jsonbin_updateBin',
      'jsonbin_validateCollection',
    ]);
  });

  it("lists the collections with their schema doc's id and name (the listing and each schema doc once), then again at no cost", async () => {
    const { answer, paths } = await sent('jsonbin_listCollections', {});
    // The listing, then each schema doc not read yet this session (other suites' collections have theirs).
    assert.equal(paths[0], 'GET /v3/c');
    assert.ok(paths.includes(`GET /v3/s/${schemaDocId}`));
    assert.ok(paths.slice(1).every((p) => p.startsWith('GET /v3/s/')));
    const listed = (answer.collections as { id: string; name: string; schemaDoc?: { id: string; name: string } }[]).find((c) => c.id === collectionId);
    assert.deepEqual(listed, { id: collectionId, name: 'chat courses', schemaDoc: { id: schemaDocId, name: 'chat course' } });
    assert.deepEqual((await sent('jsonbin_listCollections', {})).paths, []);
  });

  it("lists a collection's bins (1 request) and reads its schema doc at no cost, once known", async () => {
    const { answer, paths } = await sent('jsonbin_listBins', { collectionId });
    assert.deepEqual(paths, [`GET /v3/c/${collectionId}/bins`]);
    assert.deepEqual(answer.bins, [{ id: binId, name: 'graphs', private: true }]);
    assert.equal(answer.more, false);
    // The listing's end is known: a later page costs nothing.
    const second = await sent('jsonbin_listBins', { collectionId, page: 2 });
    assert.deepEqual(second.paths, []);
    assert.deepEqual(second.answer.bins, []);
    // Without a collection: the bins in none (its listing, unless fetched before in the session).
    const none = await sent('jsonbin_listBins', {});
    assert.equal(none.answer.inNoCollection, true);
    assert.ok(none.paths.every((p) => p === 'GET /v3/c/uncategorized/bins'));
    const schemaDoc = await sent('jsonbin_readSchemaDoc', { collectionId });
    assert.deepEqual(schemaDoc.paths, []);
    assert.deepEqual(schemaDoc.answer.schemaDoc, { id: schemaDocId, name: 'chat course', schema: SCHEMA });
  });

  it('reads a bin with one request, and again in the session with none; a JSONPath read sends the path', async () => {
    const first = await sent('jsonbin_readBin', { binId });
    assert.deepEqual(first.paths, [`GET /v3/b/${binId}/latest`]);
    assert.deepEqual(first.answer.record, { title: 'Graphs', modules: [{ name: 'Paths' }, { name: 'Trees' }] });
    assert.equal(first.answer.name, 'graphs');
    const again = await sent('jsonbin_readBin', { binId });
    assert.deepEqual(again.paths, []);
    assert.deepEqual(again.answer.record, first.answer.record);
    const part = await sent('jsonbin_readBin', { binId, jsonPath: '$.modules[*].name' });
    assert.deepEqual(part.paths, [`GET /v3/b/${binId}/latest`]);
    assert.deepEqual(part.answer.record, ['Paths', 'Trees']);
  });

  it('reads a bin open in a tab from the tab, with no request', async () => {
    const id = (await w.other.createBin({ record: { title: 'open in a tab' }, name: 'tabbed' })).metadata.id;
    const document = await vscode.workspace.openTextDocument(binUriOf(await run(Command.openBin, id)));
    await vscode.window.showTextDocument(document);
    try {
      const { answer, paths } = await sent('jsonbin_readBin', { binId: id });
      assert.deepEqual(paths, []);
      assert.deepEqual(answer.record, { title: 'open in a tab' });
    } finally {
      await closeAll();
    }
  });

  it('summarises a record over the bound as its size and top-level keys, never cut JSON', async () => {
    await config().update('chat.maxRecordKilobytes', 1, vscode.ConfigurationTarget.Global);
    const big = (await w.other.createBin({ record: { title: 'Big', notes: 'n'.repeat(3000), count: 3 } })).metadata.id;
    const { answer } = await sent('jsonbin_readBin', { binId: big });
    assert.equal(answer.record, undefined);
    assert.equal(answer.summarised, true);
    assert.equal(answer.size, JSON.stringify({ title: 'Big', notes: 'n'.repeat(3000), count: 3 }).length);
    assert.deepEqual(answer.keys, [
      { key: 'title', type: 'string', size: 5 },
      { key: 'notes', type: 'string', size: 3002 },
      { key: 'count', type: 'number', size: 1 },
    ]);
    assert.match(String(answer.hint), /jsonPath/);
    // Under the bound, but over the caller's token budget: summarised too.
    await config().update('chat.maxRecordKilobytes', undefined, vscode.ConfigurationTarget.Global);
    const budget = await vscode.lm.invokeTool('jsonbin_readBin', {
      input: { binId: big },
      toolInvocationToken: undefined,
      tokenizationOptions: { tokenBudget: 100, countTokens: (text: string) => Promise.resolve(Math.ceil(text.length / 4)) },
    });
    const summarised = JSON.parse((budget.content[0] as vscode.LanguageModelTextPart).value) as Answer;
    assert.equal(summarised.summarised, true);
    assert.equal((await invoke('jsonbin_readBin', { binId: big })).record !== undefined, true);
    await config().update('chat.maxRecordKilobytes', undefined, vscode.ConfigurationTarget.Global);
  });

  it('checks a record against the schema doc, problems at their JSON pointers, with no request once the schema doc is known', async () => {
    const { answer, paths } = await sent('jsonbin_checkRecord', { record: { title: 5, modules: [{}] }, collectionId });
    assert.deepEqual(paths, []);
    assert.equal(answer.valid, false);
    assert.deepEqual(
      (answer.problems as { path: string }[]).map((p) => p.path),
      ['/title', '/modules/0'],
    );
    assert.equal((await sent('jsonbin_checkRecord', { record: { title: 'ok' }, binId })).answer.valid, true);
  });

  it('refuses to create or update with an invalid record, sending nothing, with the problems', async () => {
    const created = await sent('jsonbin_createBin', { record: { modules: [] }, collectionId, name: 'no title' });
    assert.deepEqual(created.paths, []);
    assert.match(created.answer.refused!, /^Not created: 1 schema problem against schema doc "chat course"/);
    assert.deepEqual(
      (created.answer.problems as { path: string }[]).map((p) => p.path),
      [''],
    );
    const updated = await sent('jsonbin_updateBin', { binId, record: { title: 7 } });
    assert.deepEqual(updated.paths, []);
    assert.match(updated.answer.refused!, /^Not saved: 1 schema problem/);
    assert.deepEqual(
      (updated.answer.problems as { path: string }[]).map((p) => p.path),
      ['/title'],
    );
  });

  it('creates a valid bin with one POST; reading it back costs nothing', async () => {
    const { answer, paths } = await sent('jsonbin_createBin', { record: { title: 'Photosynthesis' }, collectionId, name: 'photosynthesis' });
    assert.deepEqual(paths, ['POST /v3/b']);
    const id = answer.binId as string;
    assert.deepEqual((await w.other.readBin(id)).record, { title: 'Photosynthesis' });
    assert.deepEqual((await sent('jsonbin_readBin', { binId: id })).paths, []);
  });

  it('applies a JSON Patch to the record read: the conflict read and one PUT, the stored record as patched', async () => {
    await invoke('jsonbin_readBin', { binId });
    const { answer, paths } = await sent('jsonbin_updateBin', { binId, patch: [{ op: 'add', path: '/modules/-', value: { name: 'Cycles' } }] });
    assert.equal(answer.updated, true);
    assert.deepEqual(paths, [`GET /v3/b/${binId}/latest`, `PUT /v3/b/${binId}`]);
    const stored = { title: 'Graphs', modules: [{ name: 'Paths' }, { name: 'Trees' }, { name: 'Cycles' }] };
    assert.deepEqual((await w.other.readBin(binId)).record, stored);
    const read = await sent('jsonbin_readBin', { binId });
    assert.deepEqual(read.paths, []);
    assert.deepEqual(read.answer.record, stored);
  });

  it('refuses a patch that does not apply, naming the operation, sending nothing', async () => {
    const { answer, paths } = await sent('jsonbin_updateBin', {
      binId,
      patch: [
        { op: 'replace', path: '/title', value: 'Graph theory' },
        { op: 'test', path: '/modules/0/name', value: 'Walks' },
      ],
    });
    assert.deepEqual(paths, []);
    assert.match(answer.refused!, /operation 2 \(test \/modules\/0\/name\): the test failed/);
    assert.equal((answer.failedOperation as { index: number }).index, 1);
    const missing = await sent('jsonbin_updateBin', { binId, patch: [{ op: 'remove', path: '/nothing' }] });
    assert.deepEqual(missing.paths, []);
    assert.match(missing.answer.refused!, /operation 1 \(remove \/nothing\): the path does not exist/);
  });

  it('refuses an update when the bin changed since the agent read it: one read, no PUT', async () => {
    const id = (await w.other.createBin({ record: { title: 'v1' }, collectionId })).metadata.id;
    await invoke('jsonbin_readBin', { binId: id });
    await w.other.updateBin(id, { title: 'changed by someone else' });
    const { answer, paths } = await sent('jsonbin_updateBin', { binId: id, record: { title: 'v2' } });
    // Validation reads the collections and the schema doc once a session, again after a setting changed.
    assert.deepEqual(
      paths.filter((p) => p !== 'GET /v3/c' && !p.startsWith('GET /v3/s/')),
      [`GET /v3/b/${id}/latest`],
    );
    assert.equal(answer.conflict, true);
    assert.match(answer.refused!, /changed on the service/);
    assert.deepEqual((await w.other.readBin(id)).record, { title: 'changed by someone else' });
    // Read again, the agent's update goes through.
    assert.deepEqual((await invoke('jsonbin_readBin', { binId: id })).record, { title: 'changed by someone else' });
    assert.equal((await invoke('jsonbin_updateBin', { binId: id, record: { title: 'v2' } })).updated, true);
  });

  it("refuses, with no request, what an access key was not granted, named by the account's name", async () => {
    await run(Command.createAccessKey, { name: 'chat reader', permissions: { read: true }, accountName: 'Chat reader' });
    await run(Command.switchAccount, 'Default');
    try {
      const { answer, paths } = await sent('jsonbin_updateBin', { binId, record: { title: 'x' }, account: 'Chat reader' });
      assert.deepEqual(paths, []);
      assert.match(answer.refused!, /Not saved: .*update/i);
      assert.match((await sent('jsonbin_readBin', { binId, account: 'nobody' })).answer.refused!, /no JSONBin account named nobody/);
    } finally {
      const reader = w.api.accounts.all().find((a) => a.name === 'Chat reader');
      if (reader) {
        await run(Command.removeAccount, reader.id);
      }
    }
  });

  it("says what the call sent alone: a tab's read meanwhile is not the tool's, a read repeated after a busy gateway is", async () => {
    const [toolsBin, tabsBin] = [
      (await w.other.createBin({ record: { title: "the tool's" } })).metadata.id,
      (await w.other.createBin({ record: { title: "the tab's" } })).metadata.id,
    ];
    let release!: () => void;
    w.service.fault({ method: 'GET', path: `/b/${toolsBin}/latest`, hold: new Promise<void>((resolve) => (release = resolve)), times: 1 });
    const mark = w.service.log.length;
    const answering = invoke('jsonbin_readBin', { binId: toolsBin });
    await until(() => w.service.requestsSince(mark).length === 1, "the tool's read under way");
    // The user opens a bin while the tool's read waits for its answer.
    const tab = await vscode.workspace.openTextDocument(binUriOf(await run(Command.openBin, tabsBin)));
    assert.deepEqual(JSON.parse(tab.getText()), { title: "the tab's" });
    release();
    const answer = await answering;
    await idle();
    assert.deepEqual(pathsOf(w.service.requestsSince(mark)), [`GET /v3/b/${toolsBin}/latest`, `GET /v3/b/${tabsBin}/latest`]);
    assert.equal(answer.requests, 1);
    assert.deepEqual(answer.record, { title: "the tool's" });
    await closeAll();
    // Each attempt reached the service: both are the call's.
    const retried = (await w.other.createBin({ record: { title: 'retried' } })).metadata.id;
    w.service.fault({ method: 'GET', path: `/b/${retried}/latest`, status: 503, times: 1 });
    const { answer: again, paths } = await sent('jsonbin_readBin', { binId: retried });
    assert.deepEqual(paths, [`GET /v3/b/${retried}/latest`, `GET /v3/b/${retried}/latest`]);
    assert.equal(again.requests, 2);
  });

  it('hands a record holding a number JavaScript cannot hold as its text, exactly as stored, and refuses to patch it', async () => {
    const id = (await w.other.createBin({ record: { n: 1 }, name: 'unheld' })).metadata.id;
    w.service.fault({
      method: 'GET',
      path: `/b/${id}/latest`,
      raw: `{"record":{"n":1e400,"id":12345678901234567890},"metadata":{"id":"${id}","private":true,"name":"unheld"}}`,
    });
    try {
      const { answer, paths } = await sent('jsonbin_readBin', { binId: id });
      assert.deepEqual(paths, [`GET /v3/b/${id}/latest`]);
      assert.equal(answer.record, undefined);
      assert.equal(answer.recordText, '{\n  "n": 1e400,\n  "id": 12345678901234567890\n}');
      assert.match(answer.unheldNumber as string, /^The record holds the number 1e400 at \/n, beyond what a JSON number can hold here/);
      const patched = await sent('jsonbin_updateBin', { binId: id, patch: [{ op: 'add', path: '/m', value: 2 }] });
      assert.deepEqual(patched.paths, []);
      assert.match(patched.answer.refused!, /^Not saved: The record holds the number 1e400 at \/n/);
    } finally {
      w.service.clearFaults();
    }
  });

  it('refuses a Find or a Validate Collection over its cap before sending anything, saying how many it needs', async () => {
    const find = await sent('jsonbin_findBins', { query: 'graphs', maxRequests: 0 });
    assert.deepEqual(find.paths, []);
    assert.ok((find.answer.wouldNeed as number) > 0);
    const validate = await sent('jsonbin_validateCollection', { collectionId, maxRequests: 0 });
    assert.deepEqual(validate.paths, []);
    assert.match(validate.answer.refused!, /more than the cap of 0/);
    const found = await sent('jsonbin_findBins', { query: 'graphs', maxRequests: 20 });
    assert.ok((found.answer.matches as { id: string }[]).some((m) => m.id === binId));
    const checked = await sent('jsonbin_validateCollection', { collectionId, maxRequests: 20 });
    assert.equal((checked.answer.failing as unknown[]).length, 0);
  });

  it('asks before a write, saying the account, where, what changes and how many requests', async () => {
    const create = await confirmation('jsonbin_createBin', { record: { title: 'New' }, collectionId, name: 'new one', private: false });
    assert.equal(create.title, 'Create a bin in JSONBin?');
    assert.match(create.message, /Account: Default/);
    assert.match(create.message, new RegExp(`Collection: chat courses \\(${collectionId}\\)`));
    assert.match(create.message, /Name: new one/);
    assert.match(create.message, /Public: anyone with its link can read it/);
    assert.match(create.message, /Record: 15 bytes/);
    assert.match(create.message, /Requests: 1 /);
    const patch = await confirmation('jsonbin_updateBin', { binId, patch: [{ op: 'replace', path: '/title', value: 'Graph theory' }] });
    assert.equal(patch.title, 'Update a bin in JSONBin?');
    assert.match(patch.message, new RegExp(`Bin: graphs \\(${binId}\\)`));
    assert.match(patch.message, /Applies a JSON Patch of 1 operation to the current record/);
    assert.match(patch.message, /"op":"replace","path":"\/title","value":"Graph theory"/);
    assert.match(patch.message, /Requests: at most 2 /);
    const replace = await confirmation('jsonbin_updateBin', { binId, record: { title: 'Graphs', level: 2 } });
    assert.match(replace.message, /Replaces the record \(28 bytes\)/);
    assert.match(replace.message, /Keys added: level\n/);
    assert.match(replace.message, /Keys removed: modules\n/);
  });

  it('answers how to set a key when there is none, and that the tools are off when the user turned them off, sending nothing', async () => {
    await run(Command.clearApiKey);
    try {
      const { answer, paths } = await sent('jsonbin_readBin', { binId });
      assert.deepEqual(paths, []);
      assert.match(answer.refused!, /has no API key: ask the user to run "JSONBin: Set API Key"/);
    } finally {
      await run(Command.setApiKey, TEST_KEY);
    }
    await config().update('chat.tools.enabled', false, vscode.ConfigurationTarget.Global);
    try {
      const mark = w.service.log.length;
      // The manifest's `when` hides the tools from chat; a direct call still gets the answer, not the tool's work.
      const off = await invoke('jsonbin_listCollections', {});
      assert.deepEqual(off, { refused: 'The JSONBin tools are turned off (setting jsonbin.chat.tools.enabled)', requests: 0 });
      assert.deepEqual(w.service.requestsSince(mark), []);
    } finally {
      await config().update('chat.tools.enabled', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
