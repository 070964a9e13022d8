/**
 * The quick fixes of a definition's problems, as VS Code offers them at a problem: each one edit,
 * undone at once, after which its problem is gone.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAll, config, until } from '../../support';
import { allDefinitionProblems, definitionDiagnostics, FIXABLE, fixesAt } from '../../../support/definitions';

describe('structured-output definitions: quick fixes', function () {
  this.timeout(60_000);
  let document: vscode.TextDocument;

  before(() => config().update('structuredOutputs.providers', ['openai', 'anthropic'], vscode.ConfigurationTarget.Global));
  after(() => config().update('structuredOutputs.providers', undefined, vscode.ConfigurationTarget.Global));
  beforeEach(async () => {
    document = await vscode.workspace.openTextDocument({ language: 'json', content: JSON.stringify(FIXABLE, null, 2) });
    await vscode.window.showTextDocument(document);
    // OpenAI: two objects open, one property optional; Anthropic: the same two objects, and maxItems.
    await definitionDiagnostics(document.uri, 'OpenAI', 3);
    await definitionDiagnostics(document.uri, 'Anthropic', 3);
  });
  afterEach(() => closeAll());

  /**
   * Applies the fix named `title` of a `provider` problem (on `key` when given) as VS Code offers it;
   * that problem is gone after it and one undo brings the text back. Gives the record after it.
   */
  async function applyFix(provider: 'OpenAI' | 'Anthropic', title: RegExp, key?: string): Promise<typeof FIXABLE> {
    const before = document.getText();
    const ofProvider = () => allDefinitionProblems(document.uri).filter((d) => d.source === `JSONBin ${provider}`);
    let found: { problem: vscode.Diagnostic; action: vscode.CodeAction } | undefined;
    for (const problem of ofProvider().filter((d) => key === undefined || document.getText(d.range) === key)) {
      const action = (await fixesAt(document, problem.range)).find((a) => title.test(a.title));
      found ??= action && { problem, action };
    }
    assert.ok(found?.action.edit, `a ${provider} problem${key ? ` on ${key}` : ''} with a fix ${title}`);
    const { problem, action } = found;
    const sameRule = () => ofProvider().filter((d) => d.code === problem.code).length;
    const count = sameRule();
    assert.ok(await vscode.workspace.applyEdit(action.edit!));
    const after = document.getText();
    await until(() => sameRule() < count && document.getText() === after, `the ${provider} problem ${problem.message} gone`);
    await vscode.commands.executeCommand('undo');
    assert.equal(document.getText(), before, 'one undo takes the whole fix back');
    await vscode.commands.executeCommand('redo');
    assert.equal(document.getText(), after);
    return JSON.parse(after) as typeof FIXABLE;
  }

  it('adds additionalProperties: false to one object', async () => {
    const record = await applyFix('OpenAI', /^Add "additionalProperties": false$/, '"owner"');
    const expected = structuredClone(FIXABLE);
    Object.assign(expected.schema.properties.owner, { additionalProperties: false });
    assert.deepEqual(record, expected);
  });

  it('adds additionalProperties: false to every object at once', async () => {
    const record = await applyFix('Anthropic', /to every object$/);
    const expected = structuredClone(FIXABLE);
    Object.assign(expected.schema, { additionalProperties: false });
    Object.assign(expected.schema.properties.owner, { additionalProperties: false });
    assert.deepEqual(record, expected);
    await definitionDiagnostics(document.uri, 'Anthropic', 1);
    await definitionDiagnostics(document.uri, 'OpenAI', 1);
  });

  it('requires every property, the optional one becoming nullable', async () => {
    const record = await applyFix('OpenAI', /^Require every property/);
    assert.deepEqual([...record.schema.required].sort(), ['owner', 'tags', 'title']);
    assert.deepEqual(record.schema.properties.title, FIXABLE.schema.properties.title, 'a required property stays as it was');
    assert.ok(JSON.stringify(record.schema.properties.owner).includes('"null"'), 'owner may be null');
  });

  it('moves an unsupported constraint into the description', async () => {
    const record = await applyFix('Anthropic', /into the description$/);
    const tags = record.schema.properties.tags as { maxItems?: number; description?: string };
    assert.equal(tags.maxItems, undefined);
    assert.match(tags.description ?? '', /5/);
  });
});
