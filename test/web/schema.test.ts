/** Schema problems in the web worker host: at the same JSON nodes as on desktop, and an invalid record is never sent. */
import * as vscode from 'vscode';
import { assert } from 'chai';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import type { ValidateResult } from '../../src/extension/features/schemaDocs/validateCollection';
import { binUri } from '../../src/extension/fs/uris';
import { closeAll, openBin, pathsOf, replaceText, requestsDuring, run, schemaDiagnostics, setup, TITLE_AND_TAGS, until, type World } from './world';

describe('schema diagnostics in the web worker host', () => {
  let w: World;
  let collectionId: string;
  let schemaDocId: string;
  before(async () => {
    w = await setup();
    collectionId = (await w.other.createCollection('web validated')).id;
    schemaDocId = (await w.other.createSchemaDoc('web course', TITLE_AND_TAGS)).metadata.id;
    await w.other.attachSchemaDoc(collectionId, schemaDocId);
    await run(Command.refresh);
  });
  afterEach(() => closeAll());

  const diagnosticsOf = schemaDiagnostics;

  it('places each problem at its node as the user types, at the positions the desktop shows', async () => {
    // Stored with a problem before the schema doc was attached (the service checks no stored record again):
    // the tab shows it once validated, so validation has run before the edit.
    const attachedLater = (await w.other.createCollection('web attached later')).id;
    const id = (await w.other.createBin({ record: { title: 't', tags: ['a'] }, collectionId: attachedLater })).metadata.id;
    await w.other.attachSchemaDoc(attachedLater, schemaDocId);
    await run(Command.refresh);
    const document = await openBin(id);
    await diagnosticsOf(document.uri, 1);
    await replaceText(document, '{\n  "title": 5,\n  "tags": ["a"],\n  "owner": {},\n  "extra": 1\n}');
    const diagnostics = await diagnosticsOf(document.uri, 4);
    const at = (code: string) => {
      const found = diagnostics.find((d) => d.code === code);
      assert.ok(found, `no ${code} diagnostic`);
      const { start, end } = found.range;
      return [document.getText(found.range), `${start.line}:${start.character}-${end.line}:${end.character}`];
    };
    // The ranges the Node host's suite finds for the same text (test/integration/diagnostics.test.ts).
    assert.deepEqual(at('type'), ['5', '1:11-1:12']);
    assert.deepEqual(at('minItems'), ['"tags"', '2:2-2:8']);
    assert.deepEqual(at('required'), ['"owner"', '3:2-3:9']);
    assert.deepEqual(at('additionalProperties'), ['"extra"', '4:2-4:9']);
  });

  it('refuses to save an invalid record, sending nothing and keeping the edit', async () => {
    const id = (await w.other.createBin({ record: { title: 't', tags: ['a', 'b'] }, collectionId })).metadata.id;
    const document = await openBin(id);
    await replaceText(document, '{"title": 1, "tags": ["a", "b"]}');
    await diagnosticsOf(document.uri, 1);
    let saved = true;
    const requests = await requestsDuring(w, async () => (saved = await document.save()));
    assert.isFalse(saved);
    assert.deepEqual(requests, []);
    assert.isTrue(document.isDirty);
    assert.deepEqual((await w.other.readBin(id)).record, { title: 't', tags: ['a', 'b'] });
  });

  it("offers the quick fix of a missing property here too (its code is read by the browser bundle's loader), and the problem goes", async () => {
    const id = (await w.other.createBin({ record: { title: 't', tags: ['a', 'b'] }, collectionId })).metadata.id;
    const document = await openBin(id);
    await replaceText(document, '{\n  "tags": ["a", "b"]\n}');
    const [problem] = await diagnosticsOf(document.uri, 1);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, problem.range);
    const fix = actions.find((a) => a.title === 'Add property "title"');
    assert.ok(fix?.edit, `offered: ${actions.map((a) => a.title).join(', ')}`);
    assert.isTrue(await vscode.workspace.applyEdit(fix.edit));
    assert.strictEqual(document.getText(), '{\n  "tags": ["a", "b"],\n  "title": ""\n}');
    await diagnosticsOf(document.uri, 0);
  });

  it("writes a new bin's record in an untitled tab, checked as typed; its CodeLens refuses it invalid, then creates it with one POST", async () => {
    const asked: string[] = [];
    w.api.setPrompter({
      input: async (options) => (asked.push(options.prompt ?? ''), 'web drafted'),
      pick: async (items, options) => (asked.push(options.placeHolder ?? ''), items.find((i) => ['$(folder) web validated', 'Public'].includes(i.label))),
      confirm: async (message) => assert.fail(`unexpected confirmation: ${message}`),
      progress: (_, work) => work({ report: () => undefined }, new vscode.CancellationTokenSource().token),
    });
    try {
      await run(Command.createBin);
      const draft = await until(
        () => vscode.window.activeTextEditor?.document.uri.scheme === 'untitled' && vscode.window.activeTextEditor.document,
        'the untitled tab',
      );
      assert.deepEqual(JSON.parse(draft.getText()), { title: '', tags: ['', ''] });
      await replaceText(draft, '{"title": "t", "tags": ["a"]}');
      const [problem] = await diagnosticsOf(draft.uri, 1);
      assert.strictEqual(problem.code, 'minItems');
      const [lens] = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', draft.uri);
      assert.strictEqual(lens.command?.title, '$(cloud-upload) Create Bin in web validated');
      const create = () => run(lens.command!.command, ...((lens.command!.arguments ?? []) as unknown[]));
      assert.deepEqual(await requestsDuring(w, create), [], 'refused: nothing sent');
      assert.deepEqual(asked, ['Collection'], 'nor asked');
      const record = '{"title": "t", "tags": ["a", "b"]}';
      await replaceText(draft, record);
      const posts = (await requestsDuring(w, create)).filter((r) => r.method !== 'GET');
      assert.deepEqual(
        posts.map((r) => [r.method, r.path, r.body, r.headers['x-collection-id']]),
        [['POST', '/v3/b', record, collectionId]],
      );
      await until(() => draft.isClosed, 'the untitled tab to close');
      await until(() => decodeURIComponent(vscode.window.activeTextEditor?.document.uri.path ?? '').endsWith('/web drafted.json'), 'the new bin’s tab');
    } finally {
      w.api.setPrompter(undefined);
    }
  });

  it("validates bins named by id against their collection's schema doc: one read each, the failing one in the Problems panel at its node", async () => {
    const valid = (await w.other.createBin({ record: { title: 't', tags: ['a', 'b'] }, collectionId, name: 'web valid' })).metadata.id;
    // Stored before the schema doc was attached: the service checked it against none.
    const later = (await w.other.createCollection('web checked later')).id;
    const failing = (await w.other.createBin({ record: { title: 5, tags: ['a', 'b'] }, collectionId: later, name: 'web failing' })).metadata.id;
    await w.other.attachSchemaDoc(later, schemaDocId);
    await run(Command.refresh);
    let result!: ValidateResult;
    const requests = await requestsDuring(w, async () => (result = (await run<ValidateResult>(Command.validateBins, { binIds: [valid], collectionId }, {}))!));
    assert.deepEqual(
      pathsOf(requests).filter((p) => p.startsWith('GET /v3/b/')),
      [`GET /v3/b/${valid}/latest`],
    );
    assert.equal(result.checked, 1);
    assert.deepEqual(result.failing, []);
    const second = await requestsDuring(
      w,
      async () => (result = (await run<ValidateResult>(Command.validateBins, { binIds: [failing], collectionId: later }, {}))!),
    );
    assert.deepEqual(
      pathsOf(second).filter((p) => p.startsWith('GET /v3/b/')),
      [`GET /v3/b/${failing}/latest`],
    );
    assert.deepEqual(
      result.failing.map((b) => [b.id, b.problems.map((p) => p.path)]),
      [[failing, ['/title']]],
    );
    const [problem] = await until(() => {
      const found = vscode.languages.getDiagnostics(binUri(failing, 'web failing')).filter((d) => d.source?.startsWith('JSONBin'));
      return found.length > 0 ? found : undefined;
    }, "the failing bin's problem in the Problems panel");
    assert.equal(problem.range.start.line, 1);
  });

  it('says that TypeScript types cannot be made here (the command is hidden in the browser)', async () => {
    const schemaDocId = (await w.other.createSchemaDoc('web types', { type: 'object' })).metadata.id;
    try {
      await run(Command.copyTypeScriptTypes, { schemaDocId });
      assert.fail('types were made in the browser');
    } catch (error) {
      assert.match((error as Error).message, /TypeScript types cannot be made where this extension runs now \(its library needs Node\)/);
    }
  });
});
