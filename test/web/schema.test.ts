/** Schema problems in the web worker host: at the same JSON nodes as on desktop, and an invalid record is never sent. */
import * as vscode from 'vscode';
import { assert } from 'chai';
import { Command } from '../../src/commands/ids';
import { closeAll, openBin, replaceText, requestsDuring, run, schemaDiagnostics, setup, TITLE_AND_TAGS, type World } from './world';

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
