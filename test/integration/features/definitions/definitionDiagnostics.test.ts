/**
 * Structured-output definitions recognized in a bin's tab, an untitled tab and a workspace file,
 * each provider's strict-mode problems at their nodes as the settings say, cleared when recognition
 * is turned off; no request of their own.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../../../src/extension/commands/idsAndContextKeys';
import { binUriOf, closeAll, config, replaceText, requestsDuring, run, setup, until, type World } from '../../support';
import { allDefinitionProblems, COURSE_DEFINITION, definitionDiagnostics, itemBoundsIn, OPEN_OBJECT, placed } from '../../../support/definitions';

describe('structured-output definitions: diagnostics', function () {
  this.timeout(60_000);
  let w: World;

  before(async () => {
    w = await setup();
  });
  afterEach(async () => {
    await closeAll();
    await config().update('structuredOutputs.providers', undefined, vscode.ConfigurationTarget.Global);
    await config().update('structuredOutputs.enabled', undefined, vscode.ConfigurationTarget.Global);
  });

  it("shows a definition bin's problems for OpenAI, then Anthropic's too once the setting names it, at their nodes", async () => {
    const id = (await w.other.createBin({ record: COURSE_DEFINITION as never, name: 'course definition' })).metadata.id;
    let document!: vscode.TextDocument;
    // One read opens the tab; the problems cost nothing more.
    const requests = await requestsDuring(w.service, async () => {
      document = await vscode.workspace.openTextDocument(binUriOf(await run(Command.openBin, id)));
      await vscode.window.showTextDocument(document);
    });
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.path}`),
      [`GET /v3/b/${id}/latest`],
    );
    // OpenAI accepts the example: every object closed, every property required.
    await definitionDiagnostics(document.uri, 'OpenAI', 0);
    const changed = await requestsDuring(w.service, () =>
      config().update('structuredOutputs.providers', ['openai', 'anthropic'], vscode.ConfigurationTarget.Global),
    );
    assert.deepEqual(changed, []);
    const expected = itemBoundsIn(document.getText());
    assert.ok(expected.length > 10, 'the example has many item bounds');
    const anthropic = await definitionDiagnostics(document.uri, 'Anthropic', expected.length);
    assert.deepEqual(anthropic.map((d) => placed(document, d)).sort(), [...expected].sort());
    assert.ok(anthropic.every((d) => d.message.includes('Anthropic') && typeof d.code === 'string'));
    // Typed open: the first object loses `additionalProperties: false`, and OpenAI says so on its key.
    const text = document.getText();
    const closed = text.indexOf('"additionalProperties": false,');
    await replaceText(document, text.slice(0, closed) + text.slice(closed + '"additionalProperties": false,'.length));
    const [open] = await definitionDiagnostics(document.uri, 'OpenAI', 1);
    assert.equal(placed(document, open), `${document.getText().indexOf('"schema"')}:"schema"`, 'on the key of the schema that lacks it');
  });

  it('recognizes an untitled JSON tab and a workspace file, and clears both when recognition is turned off', async () => {
    const untitled = await vscode.workspace.openTextDocument({ language: 'json', content: JSON.stringify(OPEN_OBJECT, null, 2) });
    const file = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'answer-definition.json');
    await vscode.workspace.fs.writeFile(file, new TextEncoder().encode(JSON.stringify({ type: 'json_schema', json_schema: OPEN_OBJECT }, null, 2)));
    const onDisk = await vscode.workspace.openTextDocument(file);
    try {
      const requests = await requestsDuring(w.service, async () => {
        for (const document of [untitled, onDisk]) {
          const [problem] = await definitionDiagnostics(document.uri, 'OpenAI', 1);
          assert.equal(document.getText(problem.range), '"schema"', 'on the key of the schema that lacks it');
        }
      });
      assert.deepEqual(requests, []);
      await config().update('structuredOutputs.enabled', false, vscode.ConfigurationTarget.Global);
      await until(() => allDefinitionProblems(untitled.uri).length + allDefinitionProblems(onDisk.uri).length === 0, 'the problems cleared');
      // On again, mid-session: they come back.
      await config().update('structuredOutputs.enabled', undefined, vscode.ConfigurationTarget.Global);
      await definitionDiagnostics(onDisk.uri, 'OpenAI', 1);
    } finally {
      await vscode.workspace.fs.delete(file);
    }
  });

  it('clears the problems of a tab that stops being a definition', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'json', content: JSON.stringify(OPEN_OBJECT, null, 2) });
    await definitionDiagnostics(document.uri, 'OpenAI', 1);
    await replaceText(document, JSON.stringify({ title: 'not a definition', schema: 1 }, null, 2));
    await until(() => allDefinitionProblems(document.uri).length === 0, 'no problems once it is no definition');
  });
});
