/** A definition bin's row is marked once its record was read, from what the store read: no request of its own. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../../../src/extension/commands/idsAndContextKeys';
import { binUriOf, closeAll, config, labelOf, requestsDuring, run, setup, until, type World } from '../../support';
import { COURSE_DEFINITION, itemBoundsIn } from '../../../support/definitions';

describe('structured-output definitions: bin rows', function () {
  this.timeout(60_000);
  let w: World;
  let definitionId: string;
  const tree = () => w.api.tree as vscode.TreeDataProvider<unknown>;

  /** The rows of a collection's bins, listed as the view lists them. */
  async function rows(collectionName: string): Promise<Map<string, unknown>> {
    const [collections] = (await tree().getChildren()) ?? [];
    for (const collection of (await tree().getChildren(collections)) ?? []) {
      if (labelOf(await tree().getTreeItem(collection)) === collectionName) {
        const bins = (await tree().getChildren(collection)) ?? [];
        return new Map(await Promise.all(bins.map(async (b) => [labelOf(await tree().getTreeItem(b)), b] as const)));
      }
    }
    assert.fail(`no collection ${collectionName}`);
  }
  const item = async (row: unknown) => tree().getTreeItem(row);
  const icon = async (row: unknown) => ((await item(row)).iconPath as vscode.ThemeIcon).id;

  before(async () => {
    w = await setup();
    const collectionId = (await w.other.createCollection('Definitions')).id;
    definitionId = (await w.other.createBin({ record: COURSE_DEFINITION as never, name: 'course definition', collectionId })).metadata.id;
    await w.other.createBin({ record: { title: 'an output', schema: 'not one' }, name: 'course output', collectionId });
    await run(Command.refresh);
  });
  after(async () => {
    await closeAll();
    await config().update('structuredOutputs.providers', undefined, vscode.ConfigurationTarget.Global);
  });

  it('marks the row once the bin was read, and follows the providers setting, with no request', async () => {
    const listed = await rows('Definitions');
    const definition = listed.get('course definition')!;
    const output = listed.get('course output')!;
    assert.equal((await item(definition)).description, undefined, 'not read yet: nothing known of its record');
    assert.equal(await icon(definition), 'lock');
    let text = '';
    const read = await requestsDuring(w.service, async () => {
      text = (await vscode.workspace.openTextDocument(binUriOf(await run(Command.openBin, definitionId)))).getText();
    });
    assert.equal(read.length, 1, 'the tab read it once');
    const marked = await requestsDuring(w.service, async () => {
      const again = (await rows('Definitions')).get('course definition')!;
      assert.equal((await item(again)).description, 'output definition');
      assert.equal(await icon(again), 'symbol-interface');
      assert.match((await item(again)).tooltip as string, /Structured-output definition: course_module\nOpenAI strict mode: accepted$/);
      assert.equal((await item(output)).description, undefined, 'a record with a "schema" that is no definition');
      assert.equal(await icon(output), 'lock');
      await config().update('structuredOutputs.providers', ['openai', 'anthropic'], vscode.ConfigurationTarget.Global);
      const problems = itemBoundsIn(text).length;
      assert.equal((await item(again)).description, `output definition · ${problems} problems`);
      assert.match((await item(again)).tooltip as string, new RegExp(`OpenAI strict mode: accepted\\nAnthropic strict mode: ${problems} problems$`));
      assert.match((await item(again)).contextValue ?? '', /;definition$/, 'its menu offers what takes a definition');
    });
    assert.deepEqual(marked, []);
    // The providers' problems are said on the row's description: its problem badge counts schema problems only.
    const uri = (await item((await rows('Definitions')).get('course definition'))).resourceUri!;
    await until(() => vscode.languages.getDiagnostics(uri).some((d) => d.source === 'JSONBin Anthropic') || undefined, "Anthropic's problems in the tab");
    await vscode.workspace.getConfiguration('problems').update('decorations.enabled', false, vscode.ConfigurationTarget.Global);
    try {
      assert.equal(await w.api.problemDecorations.provideFileDecoration(uri, new vscode.CancellationTokenSource().token), undefined);
    } finally {
      await vscode.workspace.getConfiguration('problems').update('decorations.enabled', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('unmarks the row when recognition is turned off', async () => {
    const row = (await rows('Definitions')).get('course definition')!;
    assert.equal(await icon(row), 'symbol-interface');
    await config().update('structuredOutputs.enabled', false, vscode.ConfigurationTarget.Global);
    try {
      assert.equal((await item(row)).description, undefined);
      assert.equal(await icon(row), 'lock');
    } finally {
      await config().update('structuredOutputs.enabled', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
