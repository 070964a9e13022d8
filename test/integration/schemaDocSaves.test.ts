/** Saving a schema doc: the stored bins it validates are checked against the text being saved, and the user decides if any would fail. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { binUri } from '../../src/extension/fs/uris';
import { binUriOf, closeAll, config, listCollectionsInView, pathsOf, replaceText, requestsDuring, run, setup, type World, prompter } from './support';

describe('saving a schema doc', function () {
  this.timeout(60_000);
  let w: World;
  let collectionId: string;
  let schemaDocId: string;
  /** The stored bins: the second has no title. */
  const bins: { id: string; name: string }[] = [];
  /** What the user picks when asked, and the questions asked. */
  let choice: string | undefined;
  const asked: string[] = [];

  before(async () => {
    w = await setup();
    collectionId = (await w.other.createCollection('guarded by its schema doc')).id;
    for (const [i, record] of [{ title: 'a' }, { untitled: true }, { title: 'c' }].entries() as Iterable<[number, Record<string, string | boolean>]>) {
      const name = `guarded ${i}`;
      bins.push({ id: (await w.other.createBin({ record, collectionId, name })).metadata.id, name });
    }
    schemaDocId = (await w.other.createSchemaDoc('guard', { type: 'object' })).metadata.id;
    await w.other.attachSchemaDoc(collectionId, schemaDocId);
    await run(Command.refresh);
    await listCollectionsInView(w);
    w.api.setPrompter(prompter({ pick: async (items, options) => (asked.push(options.placeHolder ?? ''), items.find((i) => i.label === choice)) }));
  });
  beforeEach(() => {
    asked.length = 0;
    choice = undefined;
  });
  afterEach(async () => {
    await config().update('schemaDocs.checkBinsBeforeSave', undefined, vscode.ConfigurationTarget.Global);
    await closeAll();
  });
  after(() => w.api.setPrompter(undefined));

  async function edited(schema: object, id = schemaDocId): Promise<vscode.TextDocument> {
    const document = await vscode.workspace.openTextDocument(binUriOf(await run(Command.openSchemaDoc, id)));
    await replaceText(document, JSON.stringify(schema, null, 2));
    await w.api.whenIdle();
    return document;
  }
  /** What a save sent besides the conflict check's read of the schema doc (made or not as VS Code's own check allows): bins read in listing order, newest first. */
  const sent = (requests: { method: string; path: string }[], id = schemaDocId) => pathsOf(requests).filter((p) => p !== `GET /v3/s/${id}`);
  const reads = () => bins.map((b) => `GET /v3/b/${b.id}/latest`).reverse();
  const TIGHTER = { type: 'object', required: ['title'] };

  it('asks when a stored bin would fail; Cancel sends no PUT and keeps the edits', async () => {
    const document = await edited(TIGHTER);
    choice = 'Cancel';
    const requests = await requestsDuring(w.service, async () => assert.equal(await document.save(), false));
    assert.deepEqual(asked, ['1 of 3 stored bins would fail schema doc "guard"']);
    assert.deepEqual(sent(requests), [`GET /v3/c/${collectionId}/bins`, ...reads()]);
    assert.ok(document.isDirty);
    assert.deepEqual((await w.other.readSchemaDoc(schemaDocId)).record, { type: 'object' });
  });

  it('Show Failing Bins sends nothing and lists the failing bin in the Problems panel, its tab closed', async () => {
    const document = await edited(TIGHTER);
    choice = 'Show Failing Bins';
    const requests = await requestsDuring(w.service, async () => assert.equal(await document.save(), false));
    assert.ok(!pathsOf(requests).some((p) => p.startsWith('PUT')));
    const [problem] = vscode.languages.getDiagnostics(binUri(bins[1].id, bins[1].name)).filter((d) => d.source?.startsWith('JSONBin'));
    assert.equal(problem?.code, 'required');
    assert.equal(problem.source, 'JSONBin schema doc "guard" as edited');
  });

  it('Save Anyway: the reads, then one PUT', async () => {
    const document = await edited(TIGHTER);
    choice = 'Save Anyway';
    const requests = await requestsDuring(w.service, async () => assert.ok(await document.save()));
    assert.deepEqual(sent(requests), [`GET /v3/c/${collectionId}/bins`, ...reads(), `PUT /v3/s/${schemaDocId}`]);
  });

  it('asks nothing when no stored bin would fail: the reads, then the save', async () => {
    const document = await edited({ type: 'object', properties: { title: { type: 'string' } } });
    const requests = await requestsDuring(w.service, async () => assert.ok(await document.save()));
    assert.deepEqual(asked, []);
    assert.deepEqual(sent(requests), [`GET /v3/c/${collectionId}/bins`, ...reads(), `PUT /v3/s/${schemaDocId}`]);
  });

  for (const minimal of [false, true]) {
    it(`lists the collections once a session to learn a schema doc is on none, then sends only its PUT${minimal ? ' (a service of required fields only)' : ''}`, async () => {
      // A visible view lists the collections on a refresh by itself: closed, as at the start of a session.
      await run('workbench.action.closeSidebar');
      w.service.minimal = minimal;
      try {
        const loose = (await w.other.createSchemaDoc(`alone ${minimal}`, { type: 'object' })).metadata.id;
        await run(Command.refresh);
        await w.api.whenIdle();
        const first = await edited(TIGHTER, loose);
        const listed = await requestsDuring(w.service, async () => assert.ok(await first.save()));
        assert.deepEqual(sent(listed, loose), ['GET /v3/c', `PUT /v3/s/${loose}`]);
        const again = await edited({ type: 'object', required: ['name'] }, loose);
        const known = await requestsDuring(w.service, async () => assert.ok(await again.save()));
        assert.deepEqual(sent(known, loose), [`PUT /v3/s/${loose}`]);
      } finally {
        w.service.minimal = false;
      }
    });
  }

  it('reads no bin for a schema doc on no collection, nor with jsonbin.schemaDocs.checkBinsBeforeSave set to never', async () => {
    const loose = (await w.other.createSchemaDoc('on no collection', { type: 'object' })).metadata.id;
    const alone = await edited(TIGHTER, loose);
    const unattached = await requestsDuring(w.service, async () => assert.ok(await alone.save()));
    assert.deepEqual(sent(unattached, loose), [`PUT /v3/s/${loose}`]);

    await config().update('schemaDocs.checkBinsBeforeSave', 'never', vscode.ConfigurationTarget.Global);
    const document = await edited(TIGHTER);
    const unchecked = await requestsDuring(w.service, async () => assert.ok(await document.save()));
    assert.deepEqual(asked, []);
    assert.deepEqual(sent(unchecked), [`PUT /v3/s/${schemaDocId}`]);
  });
});
