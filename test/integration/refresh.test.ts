/** Refresh from Service: one read; a clean tab shows the service's record, a dirty one keeps the user's text. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { binUriOf, closeAll, config, pathsOf, replaceText, requestsDuring, run, setup, until, type World, prompter } from './support';

describe('Refresh from Service', function () {
  this.timeout(60_000);
  let w: World;
  let made = 0;
  /** What the user picks when a dirty tab's record moved: its label, or undefined to dismiss. */
  let choice: string | undefined;
  const picks: string[] = [];

  before(async () => {
    w = await setup();
    w.api.setPrompter(prompter({ pick: async (items, options) => (picks.push(options.placeHolder ?? ''), items.find((i) => i.label === choice)) }));
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
  /** A tab with unsaved edits whose record someone else changed meanwhile. */
  async function editedHereAndThere(): Promise<{ id: string; document: vscode.TextDocument }> {
    const opened = await openBin({ v: 1 });
    await replaceText(opened.document, '{"v": "mine"}');
    await w.other.updateBin(opened.id, { v: 'theirs' });
    return opened;
  }

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
    const { id, document } = await editedHereAndThere();
    assert.deepEqual(await run(Command.refreshBin, id), { changed: true });
    assert.equal(document.getText(), '{"v": "mine"}');
    assert.ok(document.isDirty);
    assert.deepEqual(picks, []);
    let asked = 0;
    w.api.setConflictPrompt(async () => (asked++, 'cancel'));
    try {
      await vscode.window.showTextDocument(document);
      assert.equal(await document.save(), false, 'the save was cancelled at the conflict question');
      assert.equal(asked, 1);
      assert.ok(document.isDirty);
    } finally {
      w.api.setConflictPrompt(async () => assert.fail('a save asked about a conflict'));
    }
  });

  it('from the tab title, Keep Mine keeps the edits and moves the base: the save then overwrites without asking', async () => {
    const { id, document } = await editedHereAndThere();
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
    const { id, document } = await editedHereAndThere();
    choice = 'Take Theirs';
    const requests = await requestsDuring(w.service, () => run(Command.tabRefreshBin, document.uri));
    assert.deepEqual(pathsOf(requests), [`GET /v3/b/${id}/latest`]);
    assert.deepEqual(recordOf(document), { v: 'theirs' });
    assert.equal(document.isDirty, false);
  });

  describe('a schema doc', () => {
    async function openSchemaDoc(schema: object): Promise<{ id: string; document: vscode.TextDocument }> {
      const id = (await w.other.createSchemaDoc(`refresh ${++made}`, schema as never)).metadata.id;
      const document = await vscode.workspace.openTextDocument(binUriOf(await run(Command.openSchemaDoc, id)));
      await vscode.window.showTextDocument(document);
      return { id, document };
    }

    it('shows the schema doc changed elsewhere in a clean tab, with one read, called with { schemaDocId }', async () => {
      const { id, document } = await openSchemaDoc({ type: 'object' });
      await w.other.updateSchemaDoc(id, { type: 'array' }, `refresh ${made}`);
      let result: unknown;
      const requests = await requestsDuring(w.service, async () => {
        result = await run(Command.refreshBin, { schemaDocId: id });
        await until(() => JSON.stringify(recordOf(document)) === '{"type":"array"}' || undefined, "the tab to show the service's schema doc");
      });
      assert.deepEqual(result, { changed: true });
      assert.deepEqual(pathsOf(requests), [`GET /v3/s/${id}`]);
      assert.equal(document.isDirty, false);
    });

    it("from the tab title of a dirty schema doc tab, Take Theirs shows the service's schema doc, with one read", async () => {
      const { id, document } = await openSchemaDoc({ type: 'object' });
      await replaceText(document, '{"type": "string"}');
      await w.other.updateSchemaDoc(id, { type: 'number' }, `refresh ${made}`);
      choice = 'Take Theirs';
      const requests = await requestsDuring(w.service, () => run(Command.tabRefreshBin, document.uri));
      assert.deepEqual(pathsOf(requests), [`GET /v3/s/${id}`]);
      assert.equal(picks.length, 1);
      assert.deepEqual(recordOf(document), { type: 'number' });
      assert.equal(document.isDirty, false);
    });
  });

  describe('on focus (jsonbin.checkForChanges.onFocusAfterMinutes)', () => {
    /** The tab made active, as the extension sees it: its check, if any, has begun. */
    const activate = async (document: vscode.TextDocument) => {
      await vscode.window.showTextDocument(document);
      await until(() => vscode.window.activeTextEditor?.document === document || undefined, 'the tab to be active');
    };
    const every = (minutes: number | undefined) => config().update('checkForChanges.onFocusAfterMinutes', minutes, vscode.ConfigurationTarget.Global);
    afterEach(() => every(undefined));

    it('checks nothing by default: switching tabs sends no request', async () => {
      const a = await openBin({ a: 1 });
      const b = await openBin({ b: 1 });
      const requests = await requestsDuring(w.service, async () => {
        await activate(a.document);
        await activate(b.document);
        await activate(a.document);
      });
      assert.deepEqual(requests, []);
    });

    it('reads once when a tab becomes active after the interval: a clean tab shows the new record', async () => {
      const a = await openBin({ a: 1 });
      await openBin({ b: 1 });
      await w.other.updateBin(a.id, { a: 2 });
      // An interval far shorter than opening a tab takes: it has passed when the tab becomes active.
      await every(0.000_01);
      const requests = await requestsDuring(w.service, async () => {
        await activate(a.document);
        await until(() => JSON.stringify(recordOf(a.document)) === '{"a":2}' || undefined, "the tab to show the service's record");
      });
      assert.deepEqual(pathsOf(requests), [`GET /v3/b/${a.id}/latest`]);
      assert.equal(a.document.isDirty, false);
    });

    it('checks a tab at most once per interval, and keeps the unsaved edits of a tab whose record moved', async () => {
      const a = await openBin({ a: 1 });
      const b = await openBin({ b: 1 });
      await replaceText(a.document, '{"a": "mine"}');
      await activate(b.document);
      await w.other.updateBin(a.id, { a: 'theirs' });
      await every(0.000_01);
      const first = await requestsDuring(w.service, () => activate(a.document));
      assert.deepEqual(pathsOf(first), [`GET /v3/b/${a.id}/latest`]);
      assert.equal(a.document.getText(), '{"a": "mine"}');
      assert.ok(a.document.isDirty);
      await every(60);
      const again = await requestsDuring(w.service, async () => {
        await activate(b.document);
        await activate(a.document);
      });
      assert.deepEqual(again, []);
    });
  });
});
