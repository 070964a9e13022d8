/**
 * Restore This Version: one PUT of the version's record, after the reads it needs and the checks a
 * save passes; open tabs show the restored record without reading it again.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { binUri } from '../../src/extension/fs/uris';
import type { Prompter } from '../../src/extension/ui/prompter';
import { binUriOf, closeAll, pathsOf, replaceText, requestsDuring, run, setup, until, type World } from './support';

describe('restoring a version', function () {
  this.timeout(30_000);
  let w: World;
  let made = 0;
  const confirmed: string[] = [];
  let confirm = true;
  const prompter: Prompter = {
    input: async () => assert.fail('nothing to type'),
    pick: async () => assert.fail('nothing to pick'),
    confirm: async (message) => {
      confirmed.push(message);
      return confirm;
    },
  };

  before(async () => (w = await setup()));
  beforeEach(() => {
    confirmed.length = 0;
    confirm = true;
    w.api.setPrompter(prompter);
  });
  afterEach(async () => {
    w.api.setPrompter(undefined);
    w.api.setConflictPrompt(undefined);
    await closeAll();
  });

  /** A public bin (versioned on the free plan too): base {n: 0}, version 1 {n: 1}, latest {n: 2}. */
  async function versionedBin(collectionId?: string): Promise<{ id: string; name: string }> {
    const name = `restore ${++made}`;
    const id = (await w.other.createBin({ record: { n: 0 }, name, private: false, collectionId })).metadata.id;
    await w.other.updateBin(id, { n: 1 });
    await w.other.updateBin(id, { n: 2 });
    return { id, name };
  }

  const openBin = async (id: string) => vscode.workspace.openTextDocument(binUriOf(await run(Command.openBin, id)));
  const recordOf = (document: vscode.TextDocument) => JSON.parse(document.getText()) as unknown;

  it('programmatically: reads the version and the current record, sends one PUT, and open tabs show it without a read', async () => {
    const { id } = await versionedBin();
    const latest = await openBin(id);
    assert.deepEqual(recordOf(latest), { n: 2 });
    let result: unknown;
    const requests = await requestsDuring(w.service, async () => {
      result = await run(Command.restoreVersion, id, 1);
      await until(() => JSON.stringify(recordOf(latest)) === '{"n":1}' || undefined, 'the open tab to show the restored record');
    });
    assert.deepEqual(pathsOf(requests), [`GET /v3/b/${id}/1`, `GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`]);
    assert.equal(requests[2].body, '{"n":1}', "the version's record, compact");
    assert.deepEqual(result, { alreadyLatest: false });
    assert.deepEqual(confirmed, [], 'the programmatic form does not ask');
    assert.equal(latest.isDirty, false);
    assert.deepEqual((await w.other.readBin(id)).record, { n: 1 });
    // The tab's base moved with it: saving an edit now writes without asking.
    await replaceText(latest, '{"n": "edited"}');
    const saved = await requestsDuring(w.service, async () => assert.equal(await latest.save(), true));
    assert.deepEqual(pathsOf(saved), [`GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`]);
  });

  it('sends nothing when the version already is the latest record', async () => {
    const { id } = await versionedBin();
    const requests = await requestsDuring(w.service, async () => assert.deepEqual(await run(Command.restoreVersion, id, 2), { alreadyLatest: true }));
    assert.deepEqual(pathsOf(requests), [`GET /v3/b/${id}/2`, `GET /v3/b/${id}/latest`]);
  });

  it('rejects a missing or malformed version before any request', async () => {
    const { id } = await versionedBin();
    const requests = await requestsDuring(w.service, async () => {
      await assert.rejects(run(Command.restoreVersion, id), /jsonbin\.restoreVersion needs a version/);
      await assert.rejects(run(Command.restoreVersion, id, -1), /needs a version: an integer/);
      await assert.rejects(run(Command.restoreVersion, undefined, 1), /jsonbin\.restoreVersion needs a bin id/);
    });
    assert.deepEqual(requests, []);
  });

  it("from the version's tab: reads nothing for the version, shows the diff, asks, and sends nothing when declined", async () => {
    const { id, name } = await versionedBin();
    const uri = binUri(id, `${name} (version 1)`, 1);
    await vscode.window.showTextDocument(uri);
    confirm = false;
    const declined = await requestsDuring(w.service, () => run(Command.tabRestoreVersion, uri));
    assert.deepEqual(pathsOf(declined), [`GET /v3/b/${id}/latest`]);
    assert.deepEqual(confirmed, [`Restore version 1 of ${name}?`]);
    const diff = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    assert.ok(diff instanceof vscode.TabInputTextDiff, 'no diff shown');
    assert.equal(diff.modified.toString(), uri.toString(), 'the version on the right, from its tab');
    assert.deepEqual(JSON.parse((await vscode.workspace.openTextDocument(diff.original)).getText()), { n: 2 }, 'the current record on the left');
    assert.deepEqual((await w.other.readBin(id)).record, { n: 2 });
    confirm = true;
    const restored = await requestsDuring(w.service, () => run(Command.tabRestoreVersion, uri));
    assert.deepEqual(pathsOf(restored), [`GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`]);
    assert.deepEqual((await w.other.readBin(id)).record, { n: 1 });
  });

  it("never sends a version its collection's schema doc refuses, and says why", async () => {
    const collectionId = (await w.other.createCollection('Restore validated')).id;
    // Versions made before the schema doc was attached: the base record's n is below its minimum.
    const { id } = await versionedBin(collectionId);
    const schemaDoc = await w.other.createSchemaDoc('n is positive', { type: 'object', properties: { n: { type: 'number', minimum: 1 } } });
    await w.other.attachSchemaDoc(collectionId, schemaDoc.metadata.id);
    await run(Command.refresh);
    const requests = await requestsDuring(w.service, () =>
      assert.rejects(run(Command.restoreVersion, id, 0), /Not restored: 1 schema problem against schema doc "n is positive"/),
    );
    // The version, then what validation needs (the collections and the schema doc): no current read, no PUT.
    assert.deepEqual(pathsOf(requests), [`GET /v3/b/${id}/0`, 'GET /v3/c', `GET /v3/s/${schemaDoc.metadata.id}`]);
    assert.deepEqual((await w.other.readBin(id)).record, { n: 2 });
  });

  it('asks as a save does when the bin changed since its open tab read it; the programmatic form refuses instead', async () => {
    const { id, name } = await versionedBin();
    const latest = await openBin(id);
    await w.other.updateBin(id, { n: 'theirs' });
    const refused = await requestsDuring(w.service, () =>
      assert.rejects(run(Command.restoreVersion, id, 1), /Not restored: bin \w+ changed on the service since its open tab read it/),
    );
    assert.deepEqual(pathsOf(refused), [`GET /v3/b/${id}/1`, `GET /v3/b/${id}/latest`]);
    const conflicts: string[] = [];
    let choice: 'cancel' | 'overwrite' = 'cancel';
    w.api.setConflictPrompt(async (uri) => {
      conflicts.push(uri.toString());
      return choice;
    });
    const version = binUri(id, `${name} (version 1)`, 1);
    await vscode.window.showTextDocument(version);
    const cancelled = await requestsDuring(w.service, () => run(Command.tabRestoreVersion, version));
    assert.deepEqual(pathsOf(cancelled), [`GET /v3/b/${id}/latest`]);
    assert.deepEqual(conflicts, [latest.uri.toString()]);
    assert.deepEqual((await w.other.readBin(id)).record, { n: 'theirs' });
    choice = 'overwrite';
    const overwritten = await requestsDuring(w.service, async () => {
      await run(Command.tabRestoreVersion, version);
      await until(() => JSON.stringify(recordOf(latest)) === '{"n":1}' || undefined, 'the open tab to show the restored record');
    });
    assert.deepEqual(pathsOf(overwritten), [`GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`]);
    assert.deepEqual((await w.other.readBin(id)).record, { n: 1 });
  });

  it('keeps the unsaved edits of an open tab, whose next save then asks', async () => {
    const { id } = await versionedBin();
    const latest = await openBin(id);
    await replaceText(latest, '{"n": "mine"}');
    await run(Command.restoreVersion, id, 1);
    assert.ok(latest.isDirty);
    assert.equal(latest.getText(), '{"n": "mine"}');
    const asked: string[] = [];
    w.api.setConflictPrompt(async (uri) => {
      asked.push(uri.toString());
      return 'cancel';
    });
    // Written as another extension would, past VS Code's own check of the file's time.
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(latest.uri, Buffer.from(latest.getText()))), /changed on the service/);
    assert.deepEqual(asked, [latest.uri.toString()]);
    assert.deepEqual((await w.other.readBin(id)).record, { n: 1 });
  });
});
