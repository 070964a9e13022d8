/** Schema problems at their JSON nodes as the user types, and saves refused before any request. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { binUriOf, closeAll, replaceText, idle, requestsDuring, setup, until, type World, prompter } from './support';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { schemaDiagnostics, TITLE_AND_TAGS } from '../support/workbench';

describe('schema diagnostics', () => {
  let w: World;
  let collectionId: string;
  let schemaDocId: string;

  before(async () => {
    w = await setup();
    collectionId = (await w.other.createCollection('validated')).id;
    schemaDocId = (await w.other.createSchemaDoc('course', TITLE_AND_TAGS)).metadata.id;
    await w.other.attachSchemaDoc(collectionId, schemaDocId);
    await vscode.commands.executeCommand(Command.refresh);
  });
  afterEach(() => closeAll());

  const diagnosticsOf = schemaDiagnostics;

  async function open(record: object): Promise<vscode.TextDocument> {
    const id = (await w.other.createBin({ record: record as never, collectionId, name: 'validated bin' })).metadata.id;
    return vscode.workspace.openTextDocument(binUriOf(await vscode.commands.executeCommand(Command.openBin, id)));
  }

  it('validates a bin when it opens', async () => {
    // Stored before the schema doc was attached: the service does not check stored records again.
    const bare = (await w.other.createCollection('attached later')).id;
    const id = (await w.other.createBin({ record: { title: 5, tags: ['a', 'b'] }, collectionId: bare })).metadata.id;
    await w.other.attachSchemaDoc(bare, schemaDocId);
    await vscode.commands.executeCommand(Command.refresh);
    const document = await vscode.workspace.openTextDocument(binUriOf(await vscode.commands.executeCommand(Command.openBin, id)));
    const [problem] = await diagnosticsOf(document.uri, 1);
    assert.equal(problem.code, 'type');
    assert.equal(document.getText(problem.range), '5');
  });

  it('places problems right after edits of several places at once, typed one key at a time', async () => {
    const document = await open({ title: 't', tags: ['a', 'b'], owner: { name: 'n' } });
    await diagnosticsOf(document.uri, 0);
    const editor = await vscode.window.showTextDocument(document);
    // Two cursors: both string values become numbers in one edit (the validation worker applies the edit to its copy).
    const text = document.getText();
    const title = text.indexOf('"t"');
    const name = text.indexOf('"n"');
    await editor.edit((b) => {
      b.replace(new vscode.Range(document.positionAt(title), document.positionAt(title + 3)), '1');
      b.replace(new vscode.Range(document.positionAt(name), document.positionAt(name + 3)), '2');
    });
    const both = await diagnosticsOf(document.uri, 2);
    assert.deepEqual(both.map((d) => document.getText(d.range)).sort(), ['1', '2']);
    // Then key by key at the end of the first line, and a deletion.
    for (const key of [' ', ' ', ' ']) {
      await editor.edit((b) => b.insert(document.positionAt(1), key));
    }
    await editor.edit((b) => b.delete(new vscode.Range(document.positionAt(1), document.positionAt(3))));
    await until(() => {
      const list = vscode.languages.getDiagnostics(document.uri).filter((d) => d.source?.startsWith('JSONBin'));
      const texts = list.map((d) => document.getText(d.range)).sort();
      return list.length === 2 && texts[0] === '1' && texts[1] === '2' ? true : undefined;
    }, 'both problems still on their values');
  });

  it('shows each problem at its node as the user types', async () => {
    const id = (await w.other.createBin({ record: { title: 't', tags: ['a', 'b'] }, collectionId })).metadata.id;
    const document = await vscode.workspace.openTextDocument(binUriOf(await vscode.commands.executeCommand(Command.openBin, id)));
    await diagnosticsOf(document.uri, 0);
    await replaceText(document, '{\n  "title": 5,\n  "tags": ["a"],\n  "owner": {},\n  "extra": 1\n}');
    const diagnostics = await diagnosticsOf(document.uri, 4);
    const at = (code: string) => {
      const d = diagnostics.find((x) => x.code === code);
      assert.ok(d, `no ${code} diagnostic`);
      return document.getText(d.range);
    };
    assert.equal(at('type'), '5', 'a wrong type on the value');
    assert.equal(at('required'), '"owner"', 'a missing property on the object that lacks it');
    assert.equal(at('additionalProperties'), '"extra"', 'an unexpected property on its key');
    assert.equal(at('minItems'), '"tags"', 'an item-count problem on the array');
    assert.ok(diagnostics.every((d) => d.source === 'JSONBin schema doc "course"'));
    // One source: VS Code's own JSON validation adds nothing to a syntactically valid bin. It has
    // run once it marks a broken JSON document opened after this one.
    const control = await vscode.workspace.openTextDocument({ language: 'json', content: '{"broken": }' });
    await until(() => vscode.languages.getDiagnostics(control.uri).length > 0 || undefined, "VS Code's JSON validation of a broken document", 20_000);
    assert.deepEqual(
      vscode.languages.getDiagnostics(document.uri).filter((d) => !d.source?.startsWith('JSONBin')),
      [],
    );
  });

  it('clears the problems when validation is turned off, and shows them again when it is on', async () => {
    const document = await open({ title: 't', tags: ['a', 'b'] });
    await replaceText(document, '{"title": 1, "tags": ["a", "b"]}');
    await diagnosticsOf(document.uri, 1);
    const validation = vscode.workspace.getConfiguration('jsonbin');
    await validation.update('validation.enabled', false, vscode.ConfigurationTarget.Global);
    try {
      await diagnosticsOf(document.uri, 0);
    } finally {
      await validation.update('validation.enabled', undefined, vscode.ConfigurationTarget.Global);
    }
    await diagnosticsOf(document.uri, 1);
  });

  it('refuses to save a record with schema problems, sending nothing', async () => {
    const document = await open({ title: 't', tags: ['a', 'b'] });
    await replaceText(document, '{"title": 1, "tags": []}');
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(document.uri, Buffer.from(document.getText()))), (e: Error) =>
      /2 schema problems against schema doc "course"/.test(e.message),
    );
    const requests = await requestsDuring(w.service, async () => assert.equal(await document.save(), false));
    assert.deepEqual(requests, []);
    assert.ok(document.isDirty);
  });

  it('refuses to save JSON with syntax errors, sending nothing', async () => {
    const document = await open({ title: 't', tags: ['a', 'b'] });
    await replaceText(document, '{"title": "t", "tags": ["a", "b"],,}');
    const requests = await requestsDuring(w.service, async () => assert.equal(await document.save(), false));
    assert.deepEqual(requests, []);
  });

  it('fetches the schema doc once for many bins, and revalidates open bins when it is saved', async () => {
    const first = await open({ title: 't', tags: ['a', 'b'] });
    await diagnosticsOf(first.uri, 0);
    // No problem shows before the check too: what the first bin's check reads is its own.
    await idle();
    const second = await requestsDuring(w.service, async () => {
      const document = await open({ title: 'u', tags: ['a', 'b'] });
      await diagnosticsOf(document.uri, 0);
    });
    assert.deepEqual(
      second.map((r) => r.method),
      ['POST', 'GET'],
      `the create and the open; no schema doc read: ${second.map((r) => `${r.method} ${r.path}`).join(', ')}`,
    );

    const schemaUri = binUriOf(await vscode.commands.executeCommand(Command.openSchemaDoc, schemaDocId));
    const schemaDocument = await vscode.workspace.openTextDocument(schemaUri);
    const stricter = { ...TITLE_AND_TAGS, properties: { ...TITLE_AND_TAGS.properties, title: { type: 'string', minLength: 5 } } };
    await replaceText(schemaDocument, JSON.stringify(stricter, null, 2));
    // The stored bins are checked first: both fail the stricter schema doc, and the user saves anyway.
    const asked: string[] = [];
    w.api.setPrompter(prompter({ pick: async (items, options) => (asked.push(options.placeHolder ?? ''), items.find((i) => i.label === 'Save Anyway')) }));
    try {
      assert.equal(await schemaDocument.save(), true);
      assert.equal(asked.length, 1);
      assert.match(asked[0], /^\d+ of \d+ stored bins would fail schema doc "course"$/);
      const [problem] = await diagnosticsOf(first.uri, 1);
      assert.equal(problem.code, 'minLength');
      assert.equal(first.getText(problem.range), '"t"');
      // Back as it was: earlier tests stored bins that fail it too, so it may ask again.
      await replaceText(schemaDocument, JSON.stringify(TITLE_AND_TAGS, null, 2));
      assert.equal(await schemaDocument.save(), true);
    } finally {
      w.api.setPrompter(undefined);
    }
    await diagnosticsOf(first.uri, 0);
  });
});
