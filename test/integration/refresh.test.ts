/** Refresh from Service: one read; a clean tab shows the service's record, a dirty one keeps the user's text. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../src/commands/ids';
import { binUriOf, closeAll, pathsOf, replaceText, requestsDuring, run, setup, until, type World } from './support';

describe('Refresh from Service', function () {
  this.timeout(60_000);
  let w: World;
  let made = 0;
  /** What the user picks when a dirty tab's record moved: its label, or undefined to dismiss. */
  let choice: string | undefined;
  const picks: string[] = [];

  before(async () => {
    w = await setup();
    w.api.setPrompter({
      input: async (options) => assert.fail(`unexpected question: ${options.prompt}`),
      pick: async (items, options) => (picks.push(options.placeHolder ?? ''), items.find((i) => i.label === choice)),
      confirm: async (message) => assert.fail(`unexpected confirmation: ${message}`),
      progress: (_, work) => work({ report: () => undefined }, new vscode.CancellationTokenSource().token),
    });
    // A save that asked about a conflict would fail the test: Keep Mine moves the base.
    w.api.setConflictPrompt(async () => assert.fail('a save asked about a conflict'));
  });
  beforeEach(() => {
    picks.length = 0;
    choice = undefined;
  });
  afterEach(() => closeAll());
  after(() => {
    w.api.setPrompter(undefined);
    w.api.setConflictPrompt(undefined);
  });

  async function openBin(record: object): Promise<{ id: string; document: vscode.TextDocument }> {
    const id = (await w.other.createBin({ record: record as never, name: `refresh ${++made}` })).metadata.id;
    const document = await vscode.workspace.openTextDocument(binUriOf(await run(Command.openBin, id)));
    await vscode.window.showTextDocument(document);
    return { id, document };
  }
  const recordOf = (document: vscode.TextDocument) => JSON.parse(document.getText()) as unknown;

  it('shows the record changed elsewhere in a clean tab, with one read', async () => {
    const { id, document } = await openBin({ v: 1 });
    await w.other.updateBin(id, { v: 2 });
    let result: unknown;
    const requests = await requestsDuring(w.service, async () => {
      result = await run(Command.refreshBin, id);
      await until(() => JSON.stringify(recordOf(document)) === '{"v":2}' || undefined, "the tab to show the service's record");
    });
    assert.deepEqual(result, { changed: true });
    assert.deepEqual(pathsOf(requests), [`GET /v3/b/${id}/latest`]);
    assert.equal(document.isDirty, false);
  });

  it('says nothing changed when the service holds what the tab read, with one read', async () => {
    const { id, document } = await openBin({ v: 1 });
    let result: unknown;
    const requests = await requestsDuring(w.service, async () => (result = await run(Command.refreshBin, id)));
    assert.deepEqual(result, { changed: false });
    assert.deepEqual(pathsOf(requests), [`GET /v3/b/${id}/latest`]);
    assert.deepEqual(recordOf(document), { v: 1 });
  });

  it('keeps a dirty tab as it is when called programmatically: the next save still asks', async () => {
    const { id, document } = await openBin({ v: 1 });
    await replaceText(document, '{"v": "mine"}');
    await w.other.updateBin(id, { v: 'theirs' });
    assert.deepEqual(await run(Command.refreshBin, id), { changed: true });
    assert.equal(document.getText(), '{"v": "mine"}');
    assert.ok(document.isDirty);
    assert.deepEqual(picks, []);
  });

  it('from the tab title, Keep Mine keeps the edits and moves the base: the save then overwrites without asking', async () => {
    const { id, document } = await openBin({ v: 1 });
    await replaceText(document, '{"v": "mine"}');
    await w.other.updateBin(id, { v: 'theirs' });
    choice = 'Keep Mine';
    const refreshed = await requestsDuring(w.service, () => run(Command.tabRefreshBin, document.uri));
    assert.deepEqual(pathsOf(refreshed), [`GET /v3/b/${id}/latest`]);
    assert.equal(picks.length, 1);
    assert.equal(document.getText(), '{"v": "mine"}');
    await vscode.window.showTextDocument(document);
    const saved = await requestsDuring(w.service, async () => assert.ok(await document.save()));
    assert.deepEqual(pathsOf(saved), [`GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`]);
    assert.deepEqual((await w.other.readBin(id)).record, { v: 'mine' });
  });

  it("from the tab title, Take Theirs shows the service's record in the tab, clean, with one read", async () => {
    const { id, document } = await openBin({ v: 1 });
    await replaceText(document, '{"v": "mine"}');
    await w.other.updateBin(id, { v: 'theirs' });
    choice = 'Take Theirs';
    const requests = await requestsDuring(w.service, () => run(Command.tabRefreshBin, document.uri));
    assert.deepEqual(pathsOf(requests), [`GET /v3/b/${id}/latest`]);
    assert.deepEqual(recordOf(document), { v: 'theirs' });
    assert.equal(document.isDirty, false);
  });
});
