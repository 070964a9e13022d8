/**
 * The quick fixes of a definition's problems, as VS Code offers them at a problem: each one edit,
 * undone at once, after which its problem is gone.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAll, config, setup, until } from '../../support';
import { allDefinitionProblems, definitionDiagnostics, FIXABLE, fixesAt } from '../../../support/definitions';

describe('structured-output definitions: quick fixes', function () {
  this.timeout(60_000);
  let document: vscode.TextDocument;

  before(async () => {
    await setup();
    await config().update('structuredOutputs.providers', ['openai', 'anthropic'], vscode.ConfigurationTarget.Global);
  });
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
   * Applies the fix named `title` of a `provider` problem of `rule` (on `key` when given) as VS Code offers it;
   * that problem is gone after it and one undo brings the text back. Gives the text after it.
   */
  async function applyFix(provider: 'OpenAI' | 'Anthropic', rule: string, title: RegExp, key?: string): Promise<string> {
    const before = document.getText();
    const ofProvider = () => allDefinitionProblems(document.uri).filter((d) => d.source === `JSONBin ${provider}`);
    let found: { problem: vscode.Diagnostic; action: vscode.CodeAction } | undefined;
    // The rule's problem: another provider's or rule's may share its place.
    for (const problem of ofProvider().filter((d) => d.code === rule && (key === undefined || document.getText(d.range) === key))) {
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
    return after;
  }

  /** The text a record is written with in these tabs: a fix keeps that layout. */
  const written = (record: unknown) => JSON.stringify(record, null, 2);

  it('adds additionalProperties: false to one object', async () => {
    const after = await applyFix('OpenAI', 'additionalPropertiesFalse', /^Add "additionalProperties": false$/, '"owner"');
    const expected = structuredClone(FIXABLE);
    Object.assign(expected.schema.properties.owner, { additionalProperties: false });
    assert.equal(after, written(expected), 'the keyword last in the object that lacked it, the rest as it was');
  });

  it('adds additionalProperties: false to every object at once', async () => {
    const after = await applyFix('Anthropic', 'additionalPropertiesFalse', /to every object$/);
    const expected = structuredClone(FIXABLE);
    Object.assign(expected.schema, { additionalProperties: false });
    Object.assign(expected.schema.properties.owner, { additionalProperties: false });
    assert.equal(after, written(expected));
    await definitionDiagnostics(document.uri, 'Anthropic', 1);
    await definitionDiagnostics(document.uri, 'OpenAI', 1);
  });

  it('requires every property, the optional one becoming nullable', async () => {
    const after = await applyFix('OpenAI', 'requireEvery', /^Require every property/);
    const before = written(FIXABLE);
    assert.equal(
      after,
      before
        .replace('"owner": {\n        "type": "object"', '"owner": {\n        "type": ["object", "null"]')
        .replace('"tags"\n    ]\n  }\n}', '"tags",\n      "owner"\n    ]\n  }\n}'),
    );
  });

  it('moves an unsupported constraint into the description', async () => {
    const after = await applyFix('Anthropic', 'keyword', /into the description$/);
    assert.equal(after, written(FIXABLE).replace('"maxItems": 5', '"description": "maxItems: 5"'));
  });
});
