/** Schema docs drafted from records, created from their tab's CodeLens, and TypeScript types made from schema docs and bins. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Json } from '../../src/core/api';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import type { DraftResult } from '../../src/extension/features/schemaDocs/draftSchemaDoc';
import { binUri, schemaDocUri } from '../../src/extension/fs/uris';
import { closeAll, listCollectionsInView, pathsOf, replaceText, requestsDuring, run, setup, until, type World, prompter } from './support';

describe('schema docs drafted from records, and types for code', function () {
  this.timeout(60_000);
  let w: World;
  let collectionId: string;
  /** The collection's bins, oldest first; the last has no `note`. */
  const bins: { id: string; name: string }[] = [];
  const asked: string[] = [];
  let picks: string[] = [];
  const answers = prompter({
    input: async (options) => (asked.push(options.prompt ?? ''), options.value),
    pick: async (items, options) => (asked.push(options.placeHolder ?? ''), items.find((i) => i.label === picks.shift())),
  });

  before(async () => {
    w = await setup();
    collectionId = (await w.other.createCollection('to be drafted')).id;
    const records: Json[] = [
      { id: 1, name: 'Ada private', note: 'x', lines: [{ sku: 'A', qty: 1 }] },
      { id: 2.5, name: 'Bob private', note: 'y', lines: [] },
      { id: 3, name: 'Cy private', lines: [{ sku: 'B', qty: 2, gift: true }] },
    ];
    for (const [i, record] of records.entries()) {
      const name = `drafted ${i}`;
      bins.push({ id: (await w.other.createBin({ record, collectionId, name })).metadata.id, name });
    }
    await run(Command.refresh);
    await listCollectionsInView(w);
    w.api.setPrompter(answers);
  });
  beforeEach(() => {
    asked.length = 0;
    picks = [];
  });
  afterEach(() => closeAll());
  after(() => w.api.setPrompter(undefined));

  const reads = () => bins.map((b) => `GET /v3/b/${b.id}/latest`).reverse();
  const draftDocument = () =>
    until(() => (vscode.window.activeTextEditor?.document.uri.scheme === 'untitled' ? vscode.window.activeTextEditor.document : undefined), 'the draft tab');
  const lenses = async (document: vscode.TextDocument) =>
    (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri)).map((l) => l.command!);

  it('drafts from a collection with its page and one read per bin: every sample merged, nothing of their values', async () => {
    let result!: DraftResult;
    const requests = await requestsDuring(w.service, async () => (result = await run<DraftResult>(Command.draftSchemaDoc, { collectionId })));
    assert.deepEqual(pathsOf(requests), [`GET /v3/c/${collectionId}/bins`, ...reads()]);
    assert.deepEqual(result.sampled, bins.map((b) => b.id).reverse());
    assert.deepEqual(result.schema, {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: {
        id: { type: 'number' },
        name: { type: 'string' },
        note: { type: 'string' },
        lines: {
          type: 'array',
          items: { type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'integer' }, gift: { type: 'boolean' } }, required: ['sku', 'qty'] },
        },
      },
      required: ['id', 'name', 'lines'],
    });
  });

  it("from a bin's row opens the draft in an untitled JSON tab with a Create Schema Doc CodeLens, which creates it as edited with one POST", async () => {
    const [collections] = (await w.api.tree.getChildren()) ?? [];
    const collectionRow = (await w.api.tree.getChildren(collections))!.find(
      (n) => 'collection' in n && (n as { collection: { id: string } }).collection.id === collectionId,
    )!;
    const binRow = (await w.api.tree.getChildren(collectionRow))!.find((n) => 'bin' in n && (n as unknown as { id: string }).id === bins[0].id)!;
    const requests = await requestsDuring(w.service, () => run(Command.rowDraftSchemaDoc, binRow));
    assert.deepEqual(pathsOf(requests), [`GET /v3/b/${bins[0].id}/latest`]);
    const draft = await draftDocument();
    assert.equal(draft.languageId, 'json');
    assert.deepEqual((JSON.parse(draft.getText()) as { required: string[] }).required, ['id', 'name', 'note', 'lines']);
    const [create, ...others] = await lenses(draft);
    assert.equal(create.title, '$(cloud-upload) Create Schema Doc');
    assert.deepEqual(others, [], 'drafted from a bin: nothing to attach to');

    const edited = { type: 'object', required: ['id'] };
    await replaceText(draft, JSON.stringify(edited));
    const created = await requestsDuring(w.service, () => run(create.command, ...(create.arguments as unknown[])));
    assert.deepEqual(asked, ['Name of the schema doc (1 to 32 characters)']);
    const post = created.find((r) => r.method === 'POST');
    assert.deepEqual(pathsOf(created), ['POST /v3/s']);
    assert.equal(post?.headers['x-schema-doc-name'], 'Drafted schema');
    assert.equal(post?.body, JSON.stringify(edited), 'the draft as edited, as written');
    await until(() => vscode.window.activeTextEditor?.document.uri.path.startsWith('/schema/') || undefined, 'the new schema doc tab');
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.uri.toString() === draft.uri.toString() && !d.isClosed), 'the draft tab is closed');
  });

  it("from the palette offers the active tab's bin first, saying its problems, and drafts from it when picked", async () => {
    const document = await vscode.workspace.openTextDocument(binUri(bins[1].id, bins[1].name));
    await vscode.window.showTextDocument(document);
    const offered: { label: string; description?: string }[][] = [];
    const answerWith = (choose: (items: { label: string }[]) => { label: string } | undefined) =>
      w.api.setPrompter({ ...answers, pick: async (items) => (offered.push(items), choose(items)) as never });
    try {
      answerWith((items) => items[0]);
      const requests = await requestsDuring(w.service, () => run(Command.draftSchemaDoc));
      assert.deepEqual(
        offered[0].slice(0, 1).map((i) => [i.label, i.description]),
        [[`$(file) ${bins[1].name}`, 'this tab']],
      );
      assert.deepEqual(pathsOf(requests), [`GET /v3/b/${bins[1].id}/latest`]);
      await draftDocument();
      await vscode.window.showTextDocument(document);
      await replaceText(document, '{"id": }');
      await until(() => vscode.languages.getDiagnostics(document.uri).length > 0 || undefined, 'the syntax error shown');
      answerWith(() => undefined);
      await run(Command.draftSchemaDoc);
      assert.match(offered[1][0].description ?? '', /^this tab, with \d+ problems?: the draft would allow (it|them)$/);
    } finally {
      w.api.setPrompter(answers);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  });

  it("from a collection: Create and Attach checks the stored bins first; a failing one asked about and Cancel creates nothing, then the draft's own schema is created and attached", async () => {
    const [collections] = (await w.api.tree.getChildren()) ?? [];
    const collectionRow = (await w.api.tree.getChildren(collections))!.find(
      (n) => 'collection' in n && (n as { collection: { id: string } }).collection.id === collectionId,
    )!;
    await run(Command.rowDraftSchemaDoc, collectionRow);
    const draft = await draftDocument();
    const [, attach] = await lenses(draft);
    assert.equal(attach.title, '$(link) Create and Attach to to be drafted');
    const drafted = draft.getText();

    await replaceText(draft, JSON.stringify({ type: 'object', required: ['note'] }));
    picks = ['Cancel'];
    const cancelled = await requestsDuring(w.service, () => run(attach.command, ...(attach.arguments as unknown[])));
    assert.deepEqual(pathsOf(cancelled), [`GET /v3/c/${collectionId}/bins`, ...reads()]);
    assert.deepEqual(asked, ['Name of the schema doc (1 to 32 characters)', '1 of 3 stored bins would fail schema doc "to be drafted schema"']);
    assert.ok(draft.isDirty && !draft.isClosed, 'the draft stays, as edited');

    await replaceText(draft, drafted);
    asked.length = 0;
    const created = await requestsDuring(w.service, () => run(attach.command, ...(attach.arguments as unknown[])));
    assert.deepEqual(asked, ['Name of the schema doc (1 to 32 characters)'], 'no bin fails: nothing more is asked');
    assert.deepEqual(pathsOf(created), [`GET /v3/c/${collectionId}/bins`, ...reads(), 'POST /v3/s', `PUT /v3/c/${collectionId}/schemadoc/add`]);
    const schemaDocId = (await w.other.listCollections()).find((c) => c.id === collectionId)?.schemaDocId;
    assert.ok(schemaDocId, 'attached');
    assert.equal(JSON.stringify((await w.other.readSchemaDoc(schemaDocId)).record), JSON.stringify(JSON.parse(drafted)));
    await until(() => vscode.window.activeTextEditor?.document.uri.path.startsWith(`/schema/${schemaDocId}/`) || undefined, 'the new schema doc tab');
    await w.other.detachSchemaDoc(collectionId);
    await run(Command.refresh);
    await listCollectionsInView(w);
  });

  const collectionRow = async () => {
    const [collections] = (await w.api.tree.getChildren()) ?? [];
    return (await w.api.tree.getChildren(collections))!.find((n) => 'collection' in n && (n as { collection: { id: string } }).collection.id === collectionId)!;
  };

  it('creates a draft once: when attaching it failed, trying again attaches the schema doc already created', async () => {
    await run(Command.rowDraftSchemaDoc, await collectionRow());
    const draft = await draftDocument();
    w.service.fault({ method: 'PUT', path: `/c/${collectionId}/schemadoc/add`, status: 500, message: 'Attach failed here', times: 1 });
    const failed = await requestsDuring(w.service, () =>
      assert.rejects(run(Command.createAndAttachSchemaDocFromDraft, draft.uri, { name: 'attached later' }), /Attach failed here/),
    );
    assert.deepEqual(pathsOf(failed).slice(-2), ['POST /v3/s', `PUT /v3/c/${collectionId}/schemadoc/add`]);
    assert.ok(!draft.isClosed, 'the draft stays while it is not attached');
    const again = await requestsDuring(w.service, () => run(Command.createAndAttachSchemaDocFromDraft, draft.uri, { name: 'attached later' }));
    assert.deepEqual(pathsOf(again), [`PUT /v3/c/${collectionId}/schemadoc/add`], 'no second schema doc');
    assert.ok((await w.other.listCollections()).find((c) => c.id === collectionId)?.schemaDocId);
    await w.other.detachSchemaDoc(collectionId);
    await run(Command.refresh);
    await listCollectionsInView(w);
  });

  it('asks before creating a draft again whose first create got an answer nobody could read: the service lists no schema docs', async () => {
    await run(Command.rowDraftSchemaDoc, await collectionRow());
    const draft = await draftDocument();
    w.service.fault({ method: 'POST', path: '/s', unreadable: 'notJson', times: 1 });
    await assert.rejects(run(Command.createSchemaDocFromDraft, draft.uri, { name: 'maybe made' }), /The change may have been stored/);
    const refused = await requestsDuring(w.service, () =>
      assert.rejects(run(Command.createSchemaDocFromDraft, draft.uri, { name: 'maybe made' }), /may exist already.*Pass \{ again: true \}/),
    );
    assert.deepEqual(refused, [], 'nothing sent without asking');
    const confirmed: string[] = [];
    w.api.setPrompter({ ...answers, confirm: async (message) => (confirmed.push(message), true) });
    try {
      const created = await requestsDuring(w.service, () => run(Command.tabCreateSchemaDocFromDraft, draft.uri));
      assert.deepEqual(confirmed, ['Create the schema doc again?']);
      assert.deepEqual(pathsOf(created), ['POST /v3/s']);
    } finally {
      w.api.setPrompter(answers);
    }
  });

  it("copies a schema doc's types: read once; from its tab as edited, no request, and a remote $ref never fetched", async () => {
    const schema = { title: 'Order', type: 'object', required: ['id'], properties: { id: { type: 'integer' } }, additionalProperties: false };
    const schemaDocId = (await w.other.createSchemaDoc('typed', schema)).metadata.id;
    let types = '';
    const requests = await requestsDuring(w.service, async () => (types = await run<string>(Command.copyTypeScriptTypes, { schemaDocId })));
    assert.deepEqual(pathsOf(requests), [`GET /v3/s/${schemaDocId}`]);
    assert.match(types, /^\/\/ Types for the records of schema doc "typed"/);
    assert.match(types, /export interface Order \{\s+id: number\s+\}/);
    assert.equal(await vscode.env.clipboard.readText(), types);

    // The service refuses a schema doc it cannot resolve, but a tab may hold one: a $ref to the local service would show in its log.
    const remote = `${w.service.baseUrl}/b/${bins[0].id}/latest`;
    const document = await vscode.workspace.openTextDocument(schemaDocUri(schemaDocId, 'typed'));
    await replaceText(document, JSON.stringify({ ...schema, properties: { ...schema.properties, customer: { $ref: remote } } }));
    await w.api.whenIdle();
    const fromTab = await requestsDuring(w.service, () => run(Command.tabCopyTypeScriptTypes, document.uri, { groupId: 0 }));
    assert.deepEqual(pathsOf(fromTab), []);
    assert.match(await vscode.env.clipboard.readText(), /\* Not resolved: [^\n]+\s+\*\/\s+customer\?: unknown/);
  });

  it("copies a bin's types from its record, drafted first: one read", async () => {
    let types = '';
    const requests = await requestsDuring(w.service, async () => (types = await run<string>(Command.copyTypeScriptTypes, { binId: bins[2].id })));
    assert.deepEqual(pathsOf(requests), [`GET /v3/b/${bins[2].id}/latest`]);
    assert.match(types, /export interface Record \{\s+id: number\s+name: string\s+lines: \{\s+sku: string\s+qty: number\s+gift: boolean/);
    assert.ok(!types.includes('Cy private'), 'no value of the record');
  });
});
