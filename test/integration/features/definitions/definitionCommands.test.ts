/**
 * A structured-output definition made a collection's schema doc (created and attached, or the
 * attached one updated), the stored bins' check refusing it, the offer after a changed definition
 * is saved, and records checked against a definition: each with the requests the service logged,
 * which every result's `requests` must equal.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../../../src/extension/commands/idsAndContextKeys';
import { closeAll, config, listCollectionsInView, pathsOf, prompter, replaceText, requestsDuring, run, setup, until, type World } from '../../support';

type Used = { schemaDocId: string; created: boolean; attached: boolean; requests: number };

const SCHEMA = { type: 'object', required: ['title'], properties: { title: { type: 'string' } }, additionalProperties: false };
const DEFINITION = { name: 'lesson', strict: true, schema: SCHEMA };

describe('structured-output definitions and collections', function () {
  this.timeout(60_000);
  let w: World;
  let definitionId: string;
  const offers: string[] = [];
  let take: string | undefined;

  before(async () => {
    w = await setup();
    definitionId = (await w.other.createBin({ record: DEFINITION, name: 'lesson definition' })).metadata.id;
    w.api.setPrompter(prompter({ offer: async (message, actions) => (offers.push(message), actions.find((a) => a === take)) }));
  });
  after(() => w.api.setPrompter(undefined));
  afterEach(() => closeAll());

  /** A command's result and the requests the service logged meanwhile, which the result must say. */
  async function counted<T extends { requests: number }>(command: string, ...args: unknown[]): Promise<{ result: T; paths: string[] }> {
    let result!: T;
    const requests = await requestsDuring(w.service, async () => (result = (await run(command, ...args)) as T));
    assert.equal(result.requests, requests.length, `${command} says ${result.requests}: ${pathsOf(requests).join(', ')}`);
    return { result, paths: pathsOf(requests) };
  }

  it('creates a schema doc from the definition and attaches it: 1 read, 1 POST, 1 attach; then no read', async () => {
    const collectionId = (await w.other.createCollection('definition outputs')).id;
    await listCollectionsInView(w);
    const { result, paths } = await counted<Used>(Command.useDefinitionAsSchemaDoc, definitionId, { collectionId });
    assert.deepEqual(
      paths.filter((p) => !p.startsWith(`GET /v3/c/${collectionId}/bins`) && p !== 'GET /v3/c'),
      [`GET /v3/b/${definitionId}/latest`, 'POST /v3/s', `PUT /v3/c/${collectionId}/schemadoc/add`],
    );
    assert.deepEqual({ created: result.created, attached: result.attached }, { created: true, attached: true });
    assert.deepEqual((await w.other.readSchemaDoc(result.schemaDocId)).record, SCHEMA);
    assert.equal((await w.other.listCollections()).find((c) => c.id === collectionId)?.schemaDocId, result.schemaDocId);

    // The collection's listing known whole, the definition known: 1 POST, 1 attach.
    const second = (await w.other.createCollection('definition outputs 2')).id;
    await run(Command.refresh);
    await listCollectionsInView(w);
    const [collections] = (await w.api.tree.getChildren()) ?? [];
    for (const row of (await w.api.tree.getChildren(collections)) ?? []) {
      await w.api.tree.getChildren(row);
    }
    const known = await counted<Used>(Command.useDefinitionAsSchemaDoc, definitionId, { collectionId: second, name: 'lesson 2' });
    assert.deepEqual(known.paths, ['POST /v3/s', `PUT /v3/c/${second}/schemadoc/add`]);
  });

  it('refuses when stored bins would fail, saying how many; force goes on and updates the attached schema doc with one PUT', async () => {
    const collectionId = (await w.other.createCollection('definition guarded')).id;
    const schemaDocId = (await w.other.createSchemaDoc('loose', { type: 'object' })).metadata.id;
    await w.other.attachSchemaDoc(collectionId, schemaDocId);
    await w.other.createBin({ record: { title: 'ok' }, collectionId });
    await w.other.createBin({ record: { untitled: true }, collectionId });
    await run(Command.refresh);
    await listCollectionsInView(w);
    await assert.rejects(Promise.resolve(run(Command.useDefinitionAsSchemaDoc, definitionId, { collectionId })), /1 of 2 stored bins would fail/);
    assert.deepEqual((await w.other.readSchemaDoc(schemaDocId)).record, { type: 'object' });
    const { result, paths } = await counted<Used>(Command.useDefinitionAsSchemaDoc, definitionId, { collectionId, force: true });
    assert.deepEqual({ id: result.schemaDocId, created: result.created, attached: result.attached }, { id: schemaDocId, created: false, attached: false });
    assert.deepEqual(
      paths.filter((p) => p !== `GET /v3/s/${schemaDocId}`),
      [`PUT /v3/s/${schemaDocId}`],
    );
    assert.deepEqual((await w.other.readSchemaDoc(schemaDocId)).record, SCHEMA);
  });

  it('asked from the palette, says how many stored bins it reads first when more than jsonbin.warnAboveRequests; a no sends nothing more', async () => {
    const collectionId = (await w.other.createCollection('definition many outputs')).id;
    const schemaDocId = (await w.other.createSchemaDoc('many', { type: 'object' })).metadata.id;
    await w.other.attachSchemaDoc(collectionId, schemaDocId);
    const stored = [];
    for (const title of ['a', 'b']) {
      stored.push((await w.other.createBin({ record: { title }, collectionId })).metadata.id);
    }
    await run(Command.refresh);
    await listCollectionsInView(w);
    await config().update('warnAboveRequests', 1, vscode.ConfigurationTarget.Global);
    const confirmations: string[] = [];
    let yes = false;
    w.api.setPrompter(
      prompter({
        input: async () => definitionId,
        pick: async (items) => items.find((i) => i.label.endsWith('definition many outputs')),
        confirm: async (message) => (confirmations.push(message), yes),
      }),
    );
    try {
      const refused = await requestsDuring(w.service, () => run(Command.useDefinitionAsSchemaDoc));
      assert.deepEqual(confirmations, ['Checking the stored bins against the definition first reads 2 bins. Read them?']);
      // Nothing beyond the definition and the listings: no bin read, nothing written.
      assert.deepEqual(
        pathsOf(refused).filter((p) => p !== 'GET /v3/c' && !p.startsWith(`GET /v3/c/${collectionId}/bins`) && p !== `GET /v3/b/${definitionId}/latest`),
        [],
      );
      assert.deepEqual((await w.other.readSchemaDoc(schemaDocId)).record, { type: 'object' });
      yes = true;
      const sent = await requestsDuring(w.service, () => run(Command.useDefinitionAsSchemaDoc));
      assert.equal(confirmations.length, 2);
      const paths = pathsOf(sent);
      assert.deepEqual(
        stored.map((id) => paths.includes(`GET /v3/b/${id}/latest`)),
        [true, true],
        paths.join(', '),
      );
      assert.ok(paths.includes(`PUT /v3/s/${schemaDocId}`), paths.join(', '));
      assert.deepEqual((await w.other.readSchemaDoc(schemaDocId)).record, SCHEMA);
    } finally {
      await config().update('warnAboveRequests', undefined, vscode.ConfigurationTarget.Global);
      w.api.setPrompter(prompter({ offer: async (message, actions) => (offers.push(message), actions.find((a) => a === take)) }));
      await closeAll();
    }
  });

  it('offers to update the schema doc after a save of the definition whose schema changed; taken, it sends the update', async () => {
    // A definition of its own: every schema doc made from a definition is offered.
    const offered = (await w.other.createBin({ record: DEFINITION, name: 'offered definition' })).metadata.id;
    const collectionId = (await w.other.createCollection('definition offered')).id;
    await listCollectionsInView(w);
    const { result } = await counted<Used>(Command.useDefinitionAsSchemaDoc, offered, { collectionId, name: 'offered' });
    const document = await vscode.workspace.openTextDocument(await run<vscode.Uri>(Command.openBin, offered));
    await w.api.whenIdle();
    offers.length = 0;
    // A change beside the schema offers nothing.
    await replaceText(document, JSON.stringify({ ...DEFINITION, strict: false }, null, 2));
    assert.ok(await document.save());
    await w.api.whenIdle();
    assert.deepEqual(offers, []);
    take = 'Update Schema Doc';
    const changed = { ...SCHEMA, required: ['title', 'summary'], properties: { ...SCHEMA.properties, summary: { type: 'string' } } };
    await replaceText(document, JSON.stringify({ ...DEFINITION, schema: changed }, null, 2));
    const sent = await requestsDuring(w.service, async () => {
      assert.ok(await document.save());
      await until(() => offers.length > 0 || undefined, 'the offer');
    });
    take = undefined;
    assert.equal(offers.length, 1);
    assert.match(offers[0], /^The schema of definition "lesson" changed: update schema doc "offered"/);
    assert.ok(pathsOf(sent).includes(`PUT /v3/s/${result.schemaDocId}`), pathsOf(sent).join(', '));
    assert.deepEqual((await w.other.readSchemaDoc(result.schemaDocId)).record, changed);
    // The same schema saved again: no offer.
    offers.length = 0;
    await replaceText(document, JSON.stringify({ ...DEFINITION, schema: changed, strict: true }, null, 1));
    assert.ok(await document.save());
    await w.api.whenIdle();
    assert.deepEqual(offers, []);
  });

  it('checks a bin, a Uri and a text against a definition: the problems at their pointers, and at their nodes in the Problems panel', async () => {
    const definition = (await w.other.createBin({ record: DEFINITION, name: 'check against' })).metadata.id;
    const output = (await w.other.createBin({ record: { title: 5, extra: true }, name: 'model output' })).metadata.id;
    const first = await counted<{ problems: { path: string; message: string }[]; requests: number }>(Command.checkAgainstDefinition, definition, output);
    assert.deepEqual(first.paths, [`GET /v3/b/${output}/latest`, `GET /v3/b/${definition}/latest`]);
    assert.deepEqual(first.result.problems.map((p) => p.path).sort(), ['', '/title'].sort());
    const text = await counted<{ problems: { path: string }[]; requests: number }>(Command.checkAgainstDefinition, definition, { text: '{"title": "fine"}' });
    assert.deepEqual(text.paths, []);
    assert.deepEqual(text.result.problems, []);
    const uri = await run<vscode.Uri>(Command.openBin, output);
    await w.api.whenIdle();
    const fromUri = await counted<{ problems: { path: string }[]; requests: number }>(Command.checkAgainstDefinition, definition, uri);
    assert.deepEqual(fromUri.paths, []);
    const shown = await until(() => {
      const found = vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'JSONBin definition "lesson"');
      return found.length === 2 ? found : undefined;
    }, 'the problems at their nodes');
    assert.ok(shown.every((d) => d.range.start.line > 0));
  });

  it('checks a definition given as a bin id, a Uri or a text, for the providers named', async () => {
    const byId = await counted<{ isDefinition: boolean; name: string; strict: boolean; problems: unknown[]; requests: number }>(
      Command.checkDefinition,
      definitionId,
    );
    assert.deepEqual(byId.paths.length, byId.result.requests);
    assert.equal(byId.result.isDefinition, true);
    assert.equal(byId.result.name, 'lesson');
    const loose = await counted<{ isDefinition: boolean; problems: { provider: string; path: string; severity: string }[]; requests: number }>(
      Command.checkDefinition,
      { text: JSON.stringify({ name: 'loose', schema: { type: 'object', properties: { a: { type: 'string' } } } }) },
      { providers: ['openai', 'anthropic'] },
    );
    assert.deepEqual(loose.paths, []);
    assert.ok(loose.result.problems.some((p) => p.provider === 'openai' && p.path === ''));
    assert.ok(loose.result.problems.some((p) => p.provider === 'anthropic' && p.path === ''));
    const none = await counted<{ isDefinition: boolean; problems: unknown[]; requests: number }>(Command.checkDefinition, { text: '{"a": 1}' });
    assert.deepEqual({ isDefinition: none.result.isDefinition, problems: none.result.problems }, { isDefinition: false, problems: [] });
    const uri = await run<vscode.Uri>(Command.openBin, definitionId);
    await w.api.whenIdle();
    const fromUri = await counted<{ isDefinition: boolean; requests: number }>(Command.checkDefinition, uri);
    assert.deepEqual(fromUri.paths, []);
    assert.equal(fromUri.result.isDefinition, true);
  });

  it('the chat tools: jsonbin_checkDefinition, and jsonbin_checkRecord with a definitionBinId at 0 requests once the definition was read', async () => {
    const invoke = async (name: string, input: object) => {
      let answer!: Record<string, unknown> & { requests: number };
      const requests = await requestsDuring(w.service, async () => {
        const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
        answer = JSON.parse((result.content[0] as vscode.LanguageModelTextPart).value) as typeof answer;
      });
      assert.equal(answer.requests, requests.length);
      return answer;
    };
    const definition = (await w.other.createBin({ record: DEFINITION, name: 'chat definition' })).metadata.id;
    const checked = await invoke('jsonbin_checkDefinition', { binId: definition, providers: ['anthropic'] });
    assert.equal(checked.requests, 1);
    assert.equal(checked.name, 'lesson');
    assert.ok(Array.isArray(checked.problems));
    const bad = await invoke('jsonbin_checkRecord', { record: { title: 1 }, definitionBinId: definition });
    assert.equal(bad.requests, 0);
    assert.equal(bad.valid, false);
    assert.deepEqual(
      (bad.problems as { path: string }[]).map((p) => p.path),
      ['/title'],
    );
    const good = await invoke('jsonbin_checkRecord', { record: { title: 'a' }, definitionBinId: definition });
    assert.deepEqual({ valid: good.valid, requests: good.requests }, { valid: true, requests: 0 });
  });
});
