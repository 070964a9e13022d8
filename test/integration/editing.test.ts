/** Completion, hover and quick fixes in a bin from its collection's schema doc, costing no request of their own. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { binUriOf, closeAll, replaceText, requestsDuring, setup, until, type World } from './support';
import { Command } from '../../src/extension/commands/idsAndContextKeys';

const schema = {
  type: 'object',
  required: ['title', 'kind'],
  properties: {
    title: { type: 'string', description: 'What the module is called' },
    kind: { enum: ['scenario', 'design'] },
    notes: { type: 'array', items: { type: 'string' }, maxItems: 3 },
  },
};

describe('schema assist in the editor', () => {
  let w: World;
  let document: vscode.TextDocument;

  before(async () => {
    w = await setup();
    const collectionId = (await w.other.createCollection('assisted')).id;
    const doc = await w.other.createSchemaDoc('assist', schema);
    await w.other.attachSchemaDoc(collectionId, doc.metadata.id);
    await vscode.commands.executeCommand(Command.refresh);
    const id = (await w.other.createBin({ record: { title: 't', kind: 'design' }, collectionId })).metadata.id;
    document = await vscode.workspace.openTextDocument(binUriOf(await vscode.commands.executeCommand(Command.openBin, id)));
    await vscode.window.showTextDocument(document);
    // Validation on open fetches the schema doc; wait for it before counting requests.
    await until(() => w.service.log.some((e) => e.path === `/v3/s/${doc.metadata.id}`) || undefined, 'the schema doc read');
  });
  after(() => closeAll());

  const completions = async (position: vscode.Position) =>
    (await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', document.uri, position)).items.filter(
      (i) => i.detail !== undefined && /required|optional|allowed value/.test(i.detail),
    );

  it('completes the properties an object lacks, and enum values, with no request', async () => {
    await replaceText(document, '{\n  "title": "t",\n  \n}');
    let properties: vscode.CompletionItem[] = [];
    const requests = await requestsDuring(w.service, async () => (properties = await completions(new vscode.Position(2, 2))));
    assert.deepEqual(requests, []);
    assert.deepEqual(
      properties.map((i) => i.label),
      ['kind', 'notes'],
    );
    assert.equal((properties[0].insertText as vscode.SnippetString).value, '"kind": "scenario"');

    await replaceText(document, '{\n  "title": "t",\n  "kind": \n}');
    const values = await completions(new vscode.Position(2, 10));
    assert.deepEqual(
      values.map((i) => i.label),
      ['"scenario"', '"design"'],
    );
  });

  it('describes a property on hover', async () => {
    await replaceText(document, '{\n  "title": "t",\n  "kind": "design"\n}');
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, new vscode.Position(1, 4));
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert.match(text, /What the module is called/);
  });

  it('offers a quick fix that adds a missing required property as a new record would start it, and the problem goes', async () => {
    await replaceText(document, '{\n  "title": "t"\n}');
    const missing = () => vscode.languages.getDiagnostics(document.uri).filter((d) => d.code === 'required');
    const [problem] = await until(() => (missing().length > 0 ? missing() : undefined), 'the missing property shown');
    let actions: vscode.CodeAction[] = [];
    const requests = await requestsDuring(w.service, async () => {
      actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, problem.range);
    });
    assert.deepEqual(requests, []);
    const fix = actions.find((a) => a.title === 'Add property "kind"');
    assert.ok(fix?.edit, `offered: ${actions.map((a) => a.title).join(', ')}`);
    assert.ok(await vscode.workspace.applyEdit(fix.edit));
    assert.equal(document.getText(), '{\n  "title": "t",\n  "kind": "scenario"\n}');
    await until(() => (missing().length === 0 ? true : undefined), 'the problem gone');
  });
});
