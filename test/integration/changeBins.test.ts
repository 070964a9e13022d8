/**
 * Change Bins: one change previewed (one read per bin, the multi-file diff, invalid bins in the
 * Problems panel) and applied (one PUT per changed valid bin, each after its conflict read, or
 * alone with the conflict check off), counted from the local service's log.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Json } from '../../src/core/api';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import type { ChangeBinsResult } from '../../src/extension/features/changeBins/runWithProgress';
import { binUri } from '../../src/extension/fs/uris';
import { DRAFT_SCHEME } from '../../src/extension/features/draftFiles';
import { fiveBins as fiveBinsIn, PATCH } from './manyBins';
import { closeAll, idle, listCollectionsInView, pathsOf, prompter, replaceText, requestsDuring, run, setup, until, type World } from './support';

describe('Change Bins', function () {
  this.timeout(60_000);
  let w: World;
  let made = 0;
  const confirmed: string[] = [];
  /** Cancels the progress once it reports this message. */
  let cancelAt: string | undefined;

  before(async () => {
    w = await setup();
    // A visible view fetches again on every change: its requests would mix with the commands'.
    await run('workbench.action.closeSidebar');
    w.api.setPrompter(
      prompter({
        confirm: async (message) => (confirmed.push(message), true),
        progress: (_, work) => {
          const source = new vscode.CancellationTokenSource();
          return work({ report: ({ message }) => message === cancelAt && source.cancel() }, source.token);
        },
      }),
    );
  });
  beforeEach(() => {
    confirmed.length = 0;
    cancelAt = undefined;
  });
  afterEach(() => closeAll());
  after(() => w.api.setPrompter(undefined));

  const fiveBins = () => fiveBinsIn(w, `many ${++made}`);

  const changeTab = () =>
    until(() => (vscode.window.activeTextEditor?.document.uri.scheme === DRAFT_SCHEME ? vscode.window.activeTextEditor.document : undefined), 'the change tab');
  const problemsOf = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source?.startsWith('JSONBin'));
  const multiDiff = () =>
    vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => (t.input as { textDiffs?: unknown[] } | undefined)?.textDiffs !== undefined)?.input as
      { textDiffs: { modified: vscode.Uri; original: vscode.Uri }[] } | undefined;

  it('previews a patch on 5 selected bins: 5 reads, no write, the diff of the 2 that change, the inapplicable and the invalid one apart', async () => {
    const { ids, rows } = await fiveBins();
    const opening = await requestsDuring(w.service, () => run(Command.rowChangeBins, rows[0], rows));
    assert.deepEqual(opening, [], 'writing the change sends nothing');
    const tab = await changeTab();
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', tab.uri);
    assert.deepEqual(
      lenses.map((l) => l.command?.title),
      ['$(diff-multiple) Preview', '$(check-all) Apply'],
    );
    await replaceText(tab, PATCH);
    let result!: ChangeBinsResult;
    const requests = await requestsDuring(w.service, async () => (result = (await run<ChangeBinsResult>(Command.tabPreviewBinChange, tab.uri))!));
    assert.deepEqual(
      pathsOf(requests).filter((p) => p.startsWith('GET /v3/b/') || !p.startsWith('GET')),
      ids.map((id) => `GET /v3/b/${id}/latest`),
    );
    assert.deepEqual(
      result.changed.map((b) => b.id),
      ids.slice(0, 2),
    );
    assert.deepEqual(result.notApplicable, [{ id: ids[2], reason: 'operation 1 (test /kind): the test failed: the value there differs' }]);
    assert.deepEqual(
      result.invalid.map((b) => b.id),
      [ids[3]],
    );
    assert.deepEqual(result.unchanged, [ids[4]]);
    assert.equal(result.requests, requests.length, pathsOf(requests).join(', '));
    const diff = await until(multiDiff, 'the multi-file diff');
    assert.equal(diff.textDiffs.length, 2);
    const invalidUri = binUri(ids[3], `${(await w.other.readBin(ids[3])).metadata.name}`);
    await until(() => problemsOf(invalidUri).length > 0, 'the invalid bin in the Problems panel');
  });

  it('applies after the preview: a read and a PUT per changed valid bin, a bin changed since skipped, and nothing else', async () => {
    const { ids, rows } = await fiveBins();
    await run(Command.rowChangeBins, rows[0], rows);
    const tab = await changeTab();
    await replaceText(tab, PATCH);
    await run(Command.tabPreviewBinChange, tab.uri);
    await w.other.updateBin(ids[1], { kind: 'module', title: 'theirs', summary: 's' });
    let result!: ChangeBinsResult;
    const requests = await requestsDuring(w.service, async () => (result = (await run<ChangeBinsResult>(Command.tabApplyBinChange, tab.uri))!));
    assert.deepEqual(pathsOf(requests), [`GET /v3/b/${ids[0]}/latest`, `PUT /v3/b/${ids[0]}`, `GET /v3/b/${ids[1]}/latest`]);
    assert.equal(result.requests, 3, "what the apply sent: the preview's reads were the preview's");
    assert.deepEqual(
      result.changed.map((b) => b.id),
      [ids[0]],
    );
    assert.deepEqual(
      result.skipped.map((b) => b.id),
      [ids[1]],
    );
    assert.deepEqual((await w.other.readBin(ids[0])).record, { kind: 'module', title: 'a', summary: 's', level: 2 });
    assert.deepEqual((await w.other.readBin(ids[1])).record, { kind: 'module', title: 'theirs', summary: 's' });
  });

  it('applies after the preview with jsonbin.conflictCheck off: one PUT per changed valid bin and nothing else', async () => {
    const config = vscode.workspace.getConfiguration('jsonbin');
    await config.update('conflictCheck', false, vscode.ConfigurationTarget.Global);
    try {
      const { ids, rows } = await fiveBins();
      await run(Command.rowChangeBins, rows[0], rows);
      const tab = await changeTab();
      await replaceText(tab, PATCH);
      await run(Command.tabPreviewBinChange, tab.uri);
      let result!: ChangeBinsResult;
      const requests = await requestsDuring(w.service, async () => (result = (await run<ChangeBinsResult>(Command.tabApplyBinChange, tab.uri))!));
      assert.deepEqual(pathsOf(requests), [`PUT /v3/b/${ids[0]}`, `PUT /v3/b/${ids[1]}`]);
      assert.equal(result.requests, 2, 'two PUTs: the preview said its five reads');
      assert.deepEqual((await w.other.readBin(ids[1])).record, { kind: 'module', title: 'b', summary: 's', level: 2 });
    } finally {
      await config.update('conflictCheck', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('leaves out a bin whose tab holds unsaved edits, unread, and a clean tab shows the applied record', async () => {
    const { ids, rows } = await fiveBins();
    const dirty = await vscode.workspace.openTextDocument(await run<vscode.Uri>(Command.openBin, ids[0]));
    await replaceText(dirty, '{"kind": "module", "title": "mine"}');
    const clean = await vscode.workspace.openTextDocument(await run<vscode.Uri>(Command.openBin, ids[1]));
    await run(Command.rowChangeBins, rows[0], rows.slice(0, 2));
    const tab = await changeTab();
    await replaceText(tab, '{"level": 3}');
    let result!: ChangeBinsResult;
    const requests = await requestsDuring(w.service, async () => (result = (await run<ChangeBinsResult>(Command.tabApplyBinChange, tab.uri))!));
    // Apply without a preview of this text: each bin read once, and written once.
    assert.deepEqual(pathsOf(requests), [`GET /v3/b/${ids[1]}/latest`, `PUT /v3/b/${ids[1]}`]);
    assert.deepEqual(result.skipped, [{ id: ids[0], reason: 'a tab holds unsaved edits: save or revert it first' }]);
    assert.equal(result.requests, requests.length, pathsOf(requests).join(', '));
    await until(() => (JSON.parse(clean.getText()) as { level?: number }).level === 3 || undefined, 'the clean tab showing the new record');
    assert.ok(dirty.isDirty);
  });

  it('finishes a cut-short apply when run again, no bin changed twice', async () => {
    const { ids, rows } = await fiveBins();
    await run(Command.rowChangeBins, rows[0], rows.slice(0, 2));
    const tab = await changeTab();
    await replaceText(tab, '{"level": 7}');
    await run(Command.tabPreviewBinChange, tab.uri);
    cancelAt = '1 of 2 sent';
    const first = await requestsDuring(w.service, () => run(Command.tabApplyBinChange, tab.uri));
    assert.deepEqual(pathsOf(first), [`GET /v3/b/${ids[0]}/latest`, `PUT /v3/b/${ids[0]}`]);
    cancelAt = undefined;
    let result!: ChangeBinsResult;
    const again = await requestsDuring(w.service, async () => (result = (await run<ChangeBinsResult>(Command.tabApplyBinChange, tab.uri))!));
    assert.deepEqual(pathsOf(again), [`GET /v3/b/${ids[0]}/latest`, `GET /v3/b/${ids[1]}/latest`, `PUT /v3/b/${ids[1]}`]);
    assert.deepEqual(result.unchanged, [ids[0]]);
    assert.deepEqual(
      result.changed.map((b) => b.id),
      [ids[1]],
    );
    assert.equal(result.requests, 3);
  });

  it('programmatic: previews only without apply (opens nothing), and with apply reads and writes each bin once', async () => {
    const { collection, ids } = await fiveBins();
    const patch = JSON.parse(PATCH) as unknown[];
    let preview!: ChangeBinsResult;
    const previewing = await requestsDuring(w.service, async () => (preview = (await run<ChangeBinsResult>(Command.changeBins, { binIds: ids }, { patch }))!));
    assert.deepEqual(
      pathsOf(previewing).filter((p) => p.startsWith('GET /v3/b/') || !p.startsWith('GET')),
      ids.map((id) => `GET /v3/b/${id}/latest`),
    );
    // With the look-up of the collection's schema doc, which the preview's checks needed.
    assert.equal(preview.requests, previewing.length, pathsOf(previewing).join(', '));
    assert.equal(vscode.window.tabGroups.all.flatMap((g) => g.tabs).length, 0);
    let applied!: ChangeBinsResult;
    const applying = await requestsDuring(
      w.service,
      async () => (applied = (await run<ChangeBinsResult>(Command.changeBins, { collectionId: collection.id }, { patch }, { apply: true }))!),
    );
    // In the listing's order, newest first.
    assert.deepEqual(
      pathsOf(applying).filter((p) => p.startsWith('PUT')),
      ids
        .slice(0, 2)
        .reverse()
        .map((id) => `PUT /v3/b/${id}`),
    );
    assert.equal(pathsOf(applying).filter((p) => p.startsWith('GET /v3/b/')).length, 5);
    assert.deepEqual(applied.invalid, [{ id: ids[3], problems: applied.invalid[0].problems }]);
    assert.equal(applied.requests, applying.length, 'one page, five reads, two PUTs');
    assert.equal(applied.requests, 1 + 5 + 2);
    await assert.rejects(run(Command.changeBins, { binIds: ids }, { patch: {} }), /A JSON Patch is a list of operations/);
    // Above warnAboveRequests, the reads and then the PUTs are said first.
    await run(Command.changeBins, { binIds: ids.slice(0, 2) }, { mergePatch: { checked: true } }, { apply: true, warnAboveRequests: 1 });
    assert.deepEqual(confirmed, ['Previewing the change of 2 bins sends 2 requests. Send them?', 'Changing 2 bins sends 2 requests. Send them?']);
  });

  it('says what a preview sent: 3 bins of a collection with a schema doc, read, and the schema doc looked up for the checks (4)', async () => {
    const collection = await w.other.createCollection(`counted ${++made}`);
    const doc = await w.other.createSchemaDoc(`counted ${made}`, { type: 'object', properties: { count: { type: 'integer' } } });
    await w.other.attachSchemaDoc(collection.id, doc.metadata.id);
    const ids: string[] = [];
    for (let count = 0; count < 3; count++) {
      ids.push((await w.other.createBin({ record: { count }, collectionId: collection.id })).metadata.id);
    }
    // The collections are listed (the view, when shown, lists them), their schema docs not read yet.
    await run(Command.refresh);
    await listCollectionsInView(w);
    await idle();
    let result!: ChangeBinsResult;
    const requests = await requestsDuring(
      w.service,
      async () => (result = (await run<ChangeBinsResult>(Command.changeBins, { binIds: ids }, { patch: [{ op: 'replace', path: '/count', value: 9 }] }))!),
    );
    assert.deepEqual(pathsOf(requests).sort(), [...ids.map((id) => `GET /v3/b/${id}/latest`), `GET /v3/s/${doc.metadata.id}`].sort());
    assert.equal(result.requests, 4);
    assert.deepEqual(
      result.changed.map((b) => b.id),
      ids,
    );
  });

  it('fixes the failing bins Validate Collection found: one change previewed and applied, and the collection validates', async () => {
    const collection = await w.other.createCollection(`fix ${++made}`);
    const ids: string[] = [];
    for (const record of [{ title: 'x', level: 1 }, { title: 'y' }, { title: 'z', level: 2 }] as Json[]) {
      ids.push((await w.other.createBin({ record, collectionId: collection.id })).metadata.id);
    }
    const doc = await w.other.createSchemaDoc(`fix ${made} levels`, { type: 'object', if: { required: ['level'] }, then: { required: ['summary'] } });
    await w.other.attachSchemaDoc(collection.id, doc.metadata.id);
    const validated = await run<{ failing: { id: string }[] }>(Command.validateCollection, collection.id);
    assert.deepEqual(validated.failing.map((b) => b.id).sort(), [ids[0], ids[2]].sort(), 'a level without a summary');
    const opening = await requestsDuring(w.service, () => run(Command.fixFailingBins, collection.id));
    assert.deepEqual(opening, []);
    const tab = await changeTab();
    await replaceText(tab, '{"summary": "added"}');
    await run(Command.tabPreviewBinChange, tab.uri);
    let result!: ChangeBinsResult;
    const applying = await requestsDuring(w.service, async () => (result = (await run<ChangeBinsResult>(Command.tabApplyBinChange, tab.uri))!));
    assert.deepEqual(pathsOf(applying).sort(), [ids[0], ids[2]].flatMap((id) => [`GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`]).sort());
    assert.equal(result.requests, 4);
    const again = await run<{ failing: unknown[] }>(Command.validateCollection, collection.id);
    assert.deepEqual(again.failing, []);
  });

  it("completes a change's operations, and its paths from the schema doc of the bins' collection", async () => {
    const collection = await w.other.createCollection(`paths ${++made}`);
    const schema = { type: 'object', properties: { title: { type: 'string' }, meta: { type: 'object', properties: { level: { type: 'integer' } } } } };
    await w.other.attachSchemaDoc(collection.id, (await w.other.createSchemaDoc(`paths ${made}`, schema)).metadata.id);
    await run(Command.changeBins, { collectionId: collection.id });
    const tab = await changeTab();
    const text = '[{ "op": "", "path": "" }]';
    await replaceText(tab, text);
    const labels = async (at: number) =>
      (await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', tab.uri, tab.positionAt(at))).items.map((i) =>
        typeof i.label === 'string' ? i.label : i.label.label,
      );
    assert.ok((await labels(text.indexOf('""') + 1)).includes('"replace"'));
    const paths = await labels(text.lastIndexOf('""') + 1);
    assert.ok(paths.includes('"/title"') && paths.includes('"/meta/level"'), paths.join(', '));
  });
});
