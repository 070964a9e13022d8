/** Structured-output definitions in the web worker host: the same problems at the same nodes as on desktop, a quick fix, a marked row, no request. */
import * as vscode from 'vscode';
import { assert } from 'chai';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { allDefinitionProblems, COURSE_DEFINITION, definitionDiagnostics, FIXABLE, fixesAt, itemBoundsIn, placed } from '../support/definitions';
import { closeAll, config, openBin, replaceText, requestsDuring, run, setup, until, type World } from './world';

describe('structured-output definitions in the web worker host', () => {
  let w: World;
  before(async () => {
    w = await setup();
  });
  afterEach(async () => {
    await closeAll();
    await config().update('structuredOutputs.providers', undefined, vscode.ConfigurationTarget.Global);
  });

  it("shows a definition bin's problems for OpenAI, then Anthropic's at their nodes, and marks its row, with no request beyond the read", async () => {
    const id = (await w.other.createBin({ record: COURSE_DEFINITION as never, name: 'web course definition' })).metadata.id;
    // Its row among the bins in no collection, listed (and so fetched) before.
    await run(Command.refresh);
    const tree = w.api.tree as vscode.TreeDataProvider<unknown>;
    const roots = (await tree.getChildren()) ?? [];
    let row: unknown;
    for (const r of (await tree.getChildren(roots.at(-1))) ?? []) {
      row = (await tree.getTreeItem(r)).label === 'web course definition' ? r : row;
    }
    assert.ok(row, 'the row of the bin');
    assert.equal(((await tree.getTreeItem(row)).iconPath as vscode.ThemeIcon).id, 'lock', 'not read yet');
    let document!: vscode.TextDocument;
    // VS Code asks again for the children of the view's expanded rows after the refresh, when it
    // gets to it: on a busy machine a collection's listing can fall in the windows measured here.
    const ours = (requests: { method: string; path: string }[]) => requests.filter((r) => !/^\/v3\/c\/[^/]+\/bins/.test(r.path));
    const read = await requestsDuring(w, async () => {
      document = await openBin(id);
      await vscode.window.showTextDocument(document);
    });
    assert.deepEqual(
      ours(read).map((r) => `${r.method} ${r.path}`),
      [`GET /v3/b/${id}/latest`],
    );
    const checked = await requestsDuring(w, async () => {
      await definitionDiagnostics(document.uri, 'OpenAI', 0);
      await config().update('structuredOutputs.providers', ['openai', 'anthropic'], vscode.ConfigurationTarget.Global);
      const expected = itemBoundsIn(document.getText());
      const anthropic = await definitionDiagnostics(document.uri, 'Anthropic', expected.length);
      assert.deepEqual(anthropic.map((d) => placed(document, d)).sort(), [...expected].sort());
      // Its row: marked from the read of its tab.
      const item = await tree.getTreeItem(row);
      assert.equal(item.description, `output definition · ${expected.length} problems`);
      assert.equal((item.iconPath as vscode.ThemeIcon).id, 'symbol-interface');
    });
    assert.deepEqual(ours(checked), []);
  });

  it('fixes an object without additionalProperties: false in an untitled tab, in one edit', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'json', content: JSON.stringify(FIXABLE, null, 2) });
    await vscode.window.showTextDocument(document);
    const problems = await definitionDiagnostics(document.uri, 'OpenAI', 3);
    const owner = problems.find((d) => document.getText(d.range) === '"owner"' && d.code === 'additionalPropertiesFalse');
    assert.ok(owner, 'the open object "owner"');
    const action = (await fixesAt(document, owner.range)).find((a) => a.title === 'Add "additionalProperties": false');
    assert.ok(action?.edit, 'the fix offered');
    assert.isTrue(await vscode.workspace.applyEdit(action.edit));
    const expected = structuredClone(FIXABLE);
    Object.assign(expected.schema.properties.owner, { additionalProperties: false });
    assert.deepEqual(JSON.parse(document.getText()), expected);
    await until(() => allDefinitionProblems(document.uri).filter((d) => d.source === 'JSONBin OpenAI').length === 2, 'its problem gone');
    assert.notOk(
      allDefinitionProblems(document.uri).some((d) => document.getText(d.range) === '"owner"' && d.code === owner.code),
      'none left on "owner"',
    );
    await replaceText(document, '{}');
    await until(() => allDefinitionProblems(document.uri).length === 0, 'no definition, no problems');
  });
});
