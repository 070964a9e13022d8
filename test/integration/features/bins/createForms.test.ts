/**
 * Create Bin into a collection with a schema doc: the record is written in an untitled JSON tab,
 * started from what the schema doc requires and checked as it is typed, and its CodeLens creates
 * the bin with one POST. A schema doc's tab is never offered as the record.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../../../src/extension/commands/idsAndContextKeys';
import type { Node } from '../../../../src/extension/features/tree/nodes';
import type { Prompter } from '../../../../src/extension/ui/prompter';
import { closeAll, labelOf, listCollectionsInView, pathsOf, prompter, replaceText, requestsDuring, run, setup, until, type World } from '../../support';
import { schemaDiagnostics } from '../../../support/workbench';

describe('Create Bin into a collection with a schema doc', function () {
  this.timeout(60_000);
  let w: World;
  let collectionId: string;
  let schemaDocId: string;
  /** Every question asked, in order: a prompt's or a pick's placeholder. */
  const asked: string[] = [];
  /** What each input box offered, in order. */
  const offeredValues: (string | undefined)[] = [];
  const answers: Prompter = prompter({
    input: async (options) => (
      asked.push(options.prompt ?? ''),
      offeredValues.push(options.value),
      options.prompt?.startsWith('Name') ? 'from the tab' : undefined
    ),
    pick: async (items, options) => (asked.push(options.placeHolder ?? ''), items.find((i) => ['Public', '$(folder) starts valid'].includes(i.label))),
  });
  const starting = `${JSON.stringify({ title: '', level: 'beginner', tags: [''] }, null, 2)}\n`;

  before(async () => {
    w = await setup();
    collectionId = (await w.other.createCollection('starts valid')).id;
    const schema = {
      type: 'object',
      required: ['title', 'level', 'tags'],
      properties: { title: { type: 'string' }, level: { enum: ['beginner', 'advanced'] }, tags: { type: 'array', minItems: 1, items: { type: 'string' } } },
    };
    schemaDocId = (await w.other.createSchemaDoc('starting point', schema)).metadata.id;
    await w.other.attachSchemaDoc(collectionId, schemaDocId);
    await run(Command.refresh);
    await listCollectionsInView(w);
    w.api.setPrompter(answers);
  });
  beforeEach(async () => {
    await closeAll();
    // A visible view fetches again on every change: its requests would mix with the command's.
    await run('workbench.action.closeSidebar');
    asked.length = 0;
    offeredValues.length = 0;
  });
  after(async () => {
    w.api.setPrompter(undefined);
    await closeAll();
    // Create Bin revealed the new row, which shows the view: a visible view fetches on every change, and later suites count requests.
    await run('workbench.action.closeSidebar');
  });

  const collectionRow = async (): Promise<Node> => {
    const [collections] = (await w.api.tree.getChildren()) ?? [];
    for (const node of (await w.api.tree.getChildren(collections)) ?? []) {
      if (labelOf(await w.api.tree.getTreeItem(node)) === 'starts valid') {
        return node;
      }
    }
    assert.fail('no collection row');
  };
  const draftTab = () =>
    until(() => (vscode.window.activeTextEditor?.document.uri.scheme === 'untitled' ? vscode.window.activeTextEditor.document : undefined), 'the untitled tab');
  const lensOf = async (document: vscode.TextDocument) => {
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri);
    assert.equal(lenses.length, 1, 'one CodeLens');
    return lenses[0].command!;
  };
  /** A draft opened from the collection's row: the schema doc was read once already, so no request. */
  const newDraft = async () => {
    await run(Command.rowCreateBin, await collectionRow());
    return draftTab();
  };

  it("from the collection's row opens the record its schema doc requires in an untitled JSON tab with a Create Bin CodeLens, asking nothing", async () => {
    const row = await collectionRow();
    const requests = await requestsDuring(w.service, () => run(Command.rowCreateBin, row));
    const draft = await draftTab();
    assert.equal(draft.languageId, 'json');
    assert.equal(draft.getText(), starting, 'each required property with a typed placeholder or the first enum value');
    const lens = await lensOf(draft);
    assert.equal(lens.title, '$(cloud-upload) Create Bin in starts valid');
    assert.equal(lens.command, Command.tabCreateBin);
    assert.deepEqual(asked, []);
    // The schema doc is read once a session, for this and for the checks as the user types.
    assert.deepEqual(pathsOf(requests), [`GET /v3/s/${schemaDocId}`]);
    assert.deepEqual(await schemaDiagnostics(draft.uri, 0), []);
  });

  it('shows its problems as the user types, with no request, and the quick fix of a missing property', async () => {
    const draft = await newDraft();
    const requests = await requestsDuring(w.service, async () => {
      await replaceText(draft, '{\n  "title": 5,\n  "tags": []\n}');
      await schemaDiagnostics(draft.uri, 3);
    });
    assert.deepEqual(requests, []);
    const problems = await schemaDiagnostics(draft.uri, 3);
    assert.deepEqual(problems.map((d) => d.code).sort(), ['minItems', 'required', 'type']);
    const missing = problems.find((d) => d.code === 'required')!;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', draft.uri, missing.range);
    assert.ok(
      actions.some((a) => a.title === 'Add property "level"'),
      `offered: ${actions.map((a) => a.title).join(', ')}`,
    );
  });

  it('refuses an invalid record from its CodeLens: nothing asked, nothing sent, the text kept', async () => {
    const draft = await newDraft();
    const invalid = '{\n  "title": "no level",\n  "tags": ["a"]\n}';
    await replaceText(draft, invalid);
    const lens = await lensOf(draft);
    const requests = await requestsDuring(w.service, () => run(lens.command, ...(lens.arguments as unknown[])));
    assert.deepEqual(requests, []);
    assert.deepEqual(asked, []);
    assert.ok(!draft.isClosed, 'the tab stays');
    assert.equal(draft.getText(), invalid);
    assert.equal((await lensOf(draft)).command, Command.tabCreateBin, 'still a new bin’s record');
  });

  it('creates the bin from its CodeLens with one POST of the text as edited, after its name and privacy, and shows it in place of the untitled tab', async () => {
    const draft = await newDraft();
    const record = '{\n  "title": "Made in a tab",\n  "level": "advanced",\n  "tags": ["x"]\n}\n';
    await replaceText(draft, record);
    const lens = await lensOf(draft);
    const requests = await requestsDuring(w.service, () => run(lens.command, ...(lens.arguments as unknown[])));
    assert.deepEqual(asked, ['Name of the bin (optional, 1 to 128 characters)', 'Privacy']);
    assert.deepEqual(offeredValues, ['Made in a tab'], "the record's title is offered as its name");
    const [post, ...rest] = requests;
    assert.equal(`${post?.method} ${post?.path}`, 'POST /v3/b');
    assert.equal(post.body, record, 'the text as written');
    assert.equal(post.headers['x-collection-id'], collectionId);
    assert.equal(post.headers['x-bin-name'], 'from the tab');
    assert.equal(post.headers['x-bin-private'], 'false');
    const shown = await until(() => vscode.window.activeTextEditor?.document.uri, 'the new bin’s tab');
    assert.equal(shown.scheme, 'jsonbin');
    const [, id, title] = /^\/bin\/(\w+)\/(.*)$/.exec(decodeURIComponent(shown.path)) ?? [];
    assert.equal(title, 'from the tab.json');
    // What every Create Bin costs after its POST: the new bin's tab reads it, and its row is listed to be revealed.
    assert.deepEqual(pathsOf(rest).sort(), [`GET /v3/b/${id}/latest`, `GET /v3/c/${collectionId}/bins`].sort());
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.uri.toString() === draft.uri.toString() && !d.isClosed), 'the untitled tab is closed');
  });

  it('from the palette asks the collection first; with a schema doc’s tab active, it is not offered as the record', async () => {
    await run(Command.openSchemaDoc, schemaDocId);
    const requests = await requestsDuring(w.service, () => run(Command.createBin));
    assert.deepEqual(asked, ['Collection'], 'no choice of the active editor’s JSON');
    const draft = await draftTab();
    assert.equal(draft.getText(), starting);
    assert.deepEqual(requests, []);
  });

  it("offers a bin's tab as the record beside writing it in a new tab", async () => {
    const { id } = (await w.other.createBin({ record: { title: 'copied', level: 'beginner', tags: ['a'] }, collectionId, name: 'to copy' })).metadata;
    await run(Command.openBin, id);
    const offered: string[][] = [];
    w.api.setPrompter({ ...answers, pick: async (items, options) => (offered.push(items.map((i) => i.label)), answers.pick(items, options)) });
    try {
      await run(Command.createBin);
    } finally {
      w.api.setPrompter(answers);
    }
    assert.deepEqual(offered[1], ['Use the JSON of the active editor', 'Write it in a new tab, from what schema doc "starting point" requires']);
  });

  it("offers the record's title as the name when the JSON is typed, and nothing when it has none that can be a name", async () => {
    const typed = prompter({
      input: async (options) => (
        offeredValues.push(options.value),
        options.prompt?.startsWith('Name') ? '' : offeredValues.length === 1 ? '{"title": "  Typed title "}' : '{"title": "π", "name": 7}'
      ),
      // The first bin's tab is active for the second: its JSON is offered, and typing is chosen.
      pick: async (items) => items.find((i) => ['$(inbox) No collection', 'Type the JSON', 'Public'].includes(i.label)),
    });
    w.api.setPrompter(typed);
    try {
      await run(Command.createBin);
      await run(Command.createBin);
    } finally {
      w.api.setPrompter(answers);
    }
    // The record typed, then its name: offered trimmed; a title that cannot be a bin's name (not Latin-1) and a number are not offered.
    assert.deepEqual(offeredValues, [undefined, 'Typed title', undefined, undefined]);
  });

  it('called with arguments, never asks and opens no tab: one POST', async () => {
    const record = { title: 'given', level: 'beginner', tags: ['b'] };
    const requests = await requestsDuring(w.service, () => run(Command.createBin, { record, collectionId }));
    assert.deepEqual(pathsOf(requests), ['POST /v3/b']);
    assert.deepEqual(asked, []);
    assert.equal(vscode.window.activeTextEditor, undefined);
  });
});
