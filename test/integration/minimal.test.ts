/**
 * The main paths against a service that answers only the required fields and lacks the routes
 * beyond the contract: validation still knows each bin's collection, from creates and listings
 * or from the user, and what the service lacks is said, not guessed.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { BinClient, type Json } from '../../src/core/api';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { binUri } from '../../src/extension/fs/uris';
import type { Prompter } from '../../src/extension/ui/prompter';
import { BinService } from '../service/server';
import { closeAll, config, labelOf, prompter, replaceText, requestsDuring, setup, TEST_KEY, until, type World } from './support';

const schema = { type: 'object', required: ['title'], properties: { title: { type: 'string' } } };

describe('against a minimal service (required fields only, contract routes only)', function () {
  this.timeout(30_000);
  let w: World;
  const minimal = new BinService({ minimal: true, bareRoutes: true });
  let other: BinClient;
  let collection: { id: string; name: string };

  const diagnostics = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source?.startsWith('JSONBin'));
  const problemsOf = (uri: vscode.Uri, count: number) =>
    until(() => (diagnostics(uri).length === count ? diagnostics(uri).map((d) => d.message) : undefined), `${count} diagnostics`);
  /** Each bin answered once, on the contract's route (a first `/latest` may be tried once a session, and refused). */
  const assertReadOnContractRoute = (requests: { path: string; status: number | 'dropped' }[], ids: string[]) =>
    assert.deepEqual(
      requests
        .filter((r) => r.status === 200 && r.path.startsWith('/v3/b/'))
        .map((r) => r.path)
        .sort(),
      ids.map((id) => `/v3/b/${id}`).sort(),
    );
  const open = async (id: string) => {
    const uri = await vscode.commands.executeCommand<vscode.Uri>(Command.openBin, id);
    return vscode.workspace.openTextDocument(uri);
  };

  before(async () => {
    w = await setup();
    const url = await minimal.start();
    minimal.addAccount('free', undefined, TEST_KEY);
    other = new BinClient({ baseUrl: url, key: () => TEST_KEY });
    const made = await other.createCollection('Minimal validated');
    collection = { id: made.id, name: 'Minimal validated' };
    await other.attachSchemaDoc(made.id, (await other.createSchemaDoc('minimal schema', schema)).metadata.id);
    await config().update('apiUrl', url, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand(Command.setApiKey, TEST_KEY);
  });
  after(async () => {
    await closeAll();
    w.api.setPrompter(undefined);
    await config().update('apiUrl', w.service.baseUrl, vscode.ConfigurationTarget.Global);
    await other.close();
    await minimal.stop();
  });
  afterEach(() => closeAll());

  it('a bin created into a collection is validated as the user types, and a breaking save sends nothing', async () => {
    const created = await vscode.commands.executeCommand<{ id: string }>(Command.createBin, {
      record: { title: 'ok' },
      name: 'made here',
      collectionId: collection.id,
    });
    const document = await open(created.id);
    assert.equal(w.api.validationStatus.visible, false);
    await replaceText(document, '{"title": 5}');
    assert.deepEqual(await problemsOf(document.uri, 1), ['Expected a string at /title']);
    const requests = await requestsDuring(minimal, async () => assert.equal(await document.save(), false));
    assert.deepEqual(requests, []);
    assert.ok(document.isDirty);
  });

  it("lets an agent create, check and patch a bin through the tools, with the contract's routes", async () => {
    const invoke = async (name: string, input: object) => {
      let answer!: { requests: number } & Record<string, unknown>;
      const requests = await requestsDuring(minimal, async () => {
        const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
        answer = JSON.parse((result.content[0] as vscode.LanguageModelTextPart).value) as typeof answer;
      });
      assert.equal(answer.requests, requests.length, name);
      return { answer, requests };
    };
    const created = await invoke('jsonbin_createBin', { record: { title: 'made by an agent' }, collectionId: collection.id });
    const id = created.answer.binId as string;
    assert.ok(id);
    const checked = await invoke('jsonbin_checkRecord', { record: { title: 5 }, binId: id });
    assert.deepEqual(checked.requests, []);
    assert.deepEqual(checked.answer.problems, [{ path: '/title', message: 'Expected a string at /title' }]);
    assert.deepEqual((await invoke('jsonbin_readBin', { binId: id })).requests, []);
    const patched = await invoke('jsonbin_updateBin', { binId: id, patch: [{ op: 'add', path: '/level', value: 2 }] });
    assert.equal(patched.answer.updated, true);
    assert.deepEqual(
      patched.requests.filter((r) => r.method === 'PUT').map((r) => r.path),
      [`/v3/b/${id}`],
    );
    assert.deepEqual((await other.readBin(id)).record, { title: 'made by an agent', level: 2 });
  });

  it('a bin listed under a collection in the view is validated when opened', async () => {
    const id = (await other.createBin({ record: { title: 'listed' }, collectionId: collection.id })).metadata.id;
    // The extension learns the bin's collection from the listing the view fetches (reads do not say).
    const [collections] = (await w.api.tree.getChildren()) ?? [];
    await vscode.commands.executeCommand(Command.refresh);
    for (const row of (await w.api.tree.getChildren(collections)) ?? []) {
      if (labelOf(await w.api.tree.getTreeItem(row)) === collection.name) {
        await w.api.tree.getChildren(row);
      }
    }
    const document = await open(id);
    await replaceText(document, '{}');
    assert.deepEqual(await problemsOf(document.uri, 1), ['Missing property "title"']);
  });

  it('a bin of unknown collection says so in the status bar, and the user can tell it', async () => {
    const id = (await other.createBin({ record: { title: 'untold' }, collectionId: collection.id })).metadata.id;
    const document = await open(id);
    await replaceText(document, '{"untitled": true}');
    await until(() => w.api.validationStatus.visible || undefined, 'the "Not validated" status');
    assert.deepEqual(diagnostics(document.uri), []);
    const command = w.api.validationStatus.command!;
    const prompter: Prompter = {
      input: async () => undefined,
      pick: async (items) => items.find((i) => i.label.includes(collection.name)),
      confirm: async () => false,
    };
    w.api.setPrompter(prompter);
    const requests = await requestsDuring(minimal, () => vscode.commands.executeCommand(command.command, ...((command.arguments ?? []) as unknown[])));
    w.api.setPrompter(undefined);
    assert.ok(
      requests.every((r) => r.path.endsWith('/c') || r.path.includes('/s/')),
      requests.map((r) => r.path).join(),
    );
    assert.deepEqual(await problemsOf(document.uri, 1), ['Missing property "title"']);
    assert.equal(w.api.validationStatus.visible, false);
  });

  it('refreshes a clean tab from the service with one read, though the answer carries no name', async () => {
    const id = (await other.createBin({ record: { title: 'before' } })).metadata.id;
    const document = await open(id);
    await other.updateBin(id, { title: 'after' });
    let result: unknown;
    const requests = await requestsDuring(minimal, async () => {
      result = await vscode.commands.executeCommand(Command.refreshBin, id);
      await until(() => document.getText().includes('after') || undefined, "the tab to show the service's record");
    });
    assert.deepEqual(result, { changed: true });
    // The contract's read of the latest record: this service has no `/latest` route.
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.path}`),
      [`GET /v3/b/${id}`],
    );
    assert.equal(document.isDirty, false);
  });

  it('validates a collection, though listings carry no names: its failing bins are named by id, in the Problems panel', async () => {
    // Stored before the schema doc was attached: the service checked neither.
    const checkedLater = (await other.createCollection('Minimal checked later')).id;
    const good = (await other.createBin({ record: { title: 'fine' }, collectionId: checkedLater })).metadata.id;
    const bad = (await other.createBin({ record: { untitled: true }, collectionId: checkedLater })).metadata.id;
    await other.attachSchemaDoc(checkedLater, (await other.createSchemaDoc('minimal schema, later', schema)).metadata.id);
    await vscode.commands.executeCommand(Command.refresh);
    let result!: { checked: number; failing: { id: string; name?: string }[]; notRead: unknown[] };
    const requests = await requestsDuring(minimal, async () => (result = await vscode.commands.executeCommand(Command.validateCollection, checkedLater)));
    assert.equal(result.checked, 2);
    assert.deepEqual(result.notRead, []);
    assert.ok(result.failing.some((b) => b.id === bad && b.name === undefined));
    assert.ok(!result.failing.some((b) => b.id === good));
    assert.ok(
      requests.some((r) => r.path === `/v3/b/${bad}`),
      'read with the contract route',
    );
    assert.equal(diagnostics(binUri(bad, bad))[0]?.code, 'required');
    // The same bins validated by id, their collection known from its listing: a read each, no listing.
    let byId!: typeof result;
    const again = await requestsDuring(minimal, async () => (byId = await vscode.commands.executeCommand(Command.validateBins, { binIds: [good, bad] })));
    assert.equal(byId.checked, 2);
    assert.deepEqual(
      byId.failing.map((b) => b.id),
      [bad],
    );
    assertReadOnContractRoute(again, [good, bad]);
    assert.ok(!again.some((r) => r.path.includes('/bins')));
  });

  it("changes a collection's bins, checked against its schema doc though reads carry no collection: a listing, a read and a PUT each", async () => {
    const changed = (await other.createCollection('Minimal changed')).id;
    const a = (await other.createBin({ record: { title: 'a' }, collectionId: changed })).metadata.id;
    const b = (await other.createBin({ record: { title: 'b' }, collectionId: changed })).metadata.id;
    await other.attachSchemaDoc(changed, (await other.createSchemaDoc('minimal schema, changed', schema)).metadata.id);
    const change = {
      patch: [
        { op: 'test', path: '/title', value: 'a' },
        { op: 'replace', path: '/title', value: 'A' },
      ],
    };
    let preview!: { changed: { id: string }[]; notApplicable: { id: string }[]; invalid: { id: string }[] };
    const previewing = await requestsDuring(
      minimal,
      async () => (preview = await vscode.commands.executeCommand(Command.changeBins, { collectionId: changed }, { mergePatch: { title: null } })),
    );
    // Removing the required title: both would be invalid, and nothing is sent.
    assert.deepEqual(preview.invalid.map((i) => i.id).sort(), [a, b].sort());
    assert.ok(!previewing.some((r) => r.method !== 'GET'));
    let applied!: typeof preview;
    const applying = await requestsDuring(
      minimal,
      async () => (applied = await vscode.commands.executeCommand(Command.changeBins, { collectionId: changed }, change, { apply: true })),
    );
    assert.deepEqual(
      applied.changed.map((c) => c.id),
      [a],
    );
    assert.deepEqual(
      applied.notApplicable.map((c) => c.id),
      [b],
    );
    assert.deepEqual(
      applying.filter((r) => r.method === 'PUT').map((r) => r.path),
      [`/v3/b/${a}`],
    );
    assertReadOnContractRoute(
      applying.filter((r) => r.method === 'GET'),
      [a, b],
    );
    assert.deepEqual((await other.readBin(a)).record, { title: 'A' });
  });

  it('drafts a schema doc from a collection and copies types of a bin, reading each bin with the contract route', async () => {
    const drafted = (await other.createCollection('Minimal drafted')).id;
    const ids: string[] = [];
    for (const record of [{ title: 'a', n: 1 }, { title: 'b' }] as Json[]) {
      ids.push((await other.createBin({ record, collectionId: drafted })).metadata.id);
    }
    let result!: { schema: { required: string[] }; sampled: string[] };
    const requests = await requestsDuring(
      minimal,
      async () => (result = await vscode.commands.executeCommand(Command.draftSchemaDoc, { collectionId: drafted })),
    );
    assert.deepEqual(result.schema.required, ['title']);
    assert.deepEqual([...result.sampled].sort(), [...ids].sort());
    assertReadOnContractRoute(requests, ids);
    const types: string = await vscode.commands.executeCommand(Command.copyTypeScriptTypes, { binId: ids[0] });
    assert.match(types, /title: string\s+n: number/);
  });

  it("checks a schema doc's stored bins before its save, with the contract's routes; Cancel sends no PUT", async () => {
    const guarded = (await other.createCollection('Minimal guarded')).id;
    const ids: string[] = [];
    for (const record of [{ title: 'kept' }, { untitled: true }] as Json[]) {
      ids.push((await other.createBin({ record, collectionId: guarded })).metadata.id);
    }
    const schemaDocId = (await other.createSchemaDoc('minimal guard', { type: 'object' })).metadata.id;
    await other.attachSchemaDoc(guarded, schemaDocId);
    await vscode.commands.executeCommand(Command.refresh);
    const asked: string[] = [];
    w.api.setPrompter(prompter({ pick: async (items, options) => (asked.push(options.placeHolder ?? ''), items.find((i) => i.label === 'Cancel')) }));
    const uri = await vscode.commands.executeCommand<vscode.Uri>(Command.openSchemaDoc, schemaDocId);
    const document = await vscode.workspace.openTextDocument(uri);
    await replaceText(document, JSON.stringify({ type: 'object', required: ['title'] }));
    await w.api.whenIdle();
    const requests = await requestsDuring(minimal, async () => assert.equal(await document.save(), false));
    assert.deepEqual(asked, ['1 of 2 stored bins would fail schema doc "minimal guard"']);
    assertReadOnContractRoute(requests, ids);
    assert.equal(requests.filter((r) => r.method === 'PUT').length, 0);
    assert.ok(document.isDirty, 'the edits stay');
    w.api.setPrompter(undefined);
  });

  it('lists versions by asking for a number, since the service cannot count them', async () => {
    const id = (await other.createBin({ record: { title: 'v0' }, private: false, collectionId: collection.id })).metadata.id;
    await other.updateBin(id, { title: 'v1' });
    await vscode.window.showTextDocument(await open(id));
    const asked: string[] = [];
    w.api.setPrompter({
      input: async (options) => {
        asked.push(options.prompt ?? '');
        assert.equal(await options.validateInput?.('x'), 'A whole number, 0 for the base record');
        return '1';
      },
      pick: async () => assert.fail('nothing to pick from'),
      confirm: async () => false,
    });
    const requests = await requestsDuring(minimal, () => vscode.commands.executeCommand(Command.openVersion));
    w.api.setPrompter(undefined);
    assert.match(asked.join(), /does not say how many versions/);
    assert.deepEqual(
      requests.map((r) => `${r.status} ${r.path.replace(id, 'ID')}`),
      ['404 /v3/b/ID/versions/count', '200 /v3/b/ID/1'],
    );
    assert.deepEqual(JSON.parse(vscode.window.activeTextEditor!.document.getText()), { title: 'v1' });
  });

  it('restores a version from its tab with the contract routes, validated against the collection it was told', async () => {
    const id = (await other.createBin({ record: { title: 'first' }, private: false, collectionId: collection.id })).metadata.id;
    await other.updateBin(id, { title: 'second' });
    await vscode.commands.executeCommand(Command.setBinCollection, id, collection.id);
    const uri = binUri(id, 'minimal (base record)', 0);
    await vscode.window.showTextDocument(uri);
    w.api.setPrompter({ input: async () => undefined, pick: async () => undefined, confirm: async () => true });
    const requests = await requestsDuring(minimal, () => vscode.commands.executeCommand(Command.tabRestoreVersion, uri));
    w.api.setPrompter(undefined);
    // The current record is read through /b/<id> (the service lacks /latest), then one PUT (validation may read the schema doc).
    assert.deepEqual(
      requests.filter((r) => r.status === 200 && r.path.startsWith('/v3/b/')).map((r) => `${r.method} ${r.path.replace(id, 'ID')}`),
      ['GET /v3/b/ID', 'PUT /v3/b/ID'],
    );
    assert.deepEqual((await other.readBin(id)).record, { title: 'first' });
  });

  it("renames a schema doc with the contract's update; says that renaming a collection is not offered", async () => {
    const id = (await other.createSchemaDoc('minimal named', { type: 'object' })).metadata.id;
    const renamed = await requestsDuring(minimal, () => vscode.commands.executeCommand(Command.renameSchemaDoc, id, 'minimal renamed'));
    assert.deepEqual(
      renamed.map((r) => `${r.method} ${r.path.replace(id, 'ID')} ${r.status}`),
      ['GET /v3/s/ID 200', 'PUT /v3/s/ID 200'],
    );
    assert.equal((await other.readSchemaDoc(id)).metadata.name, 'minimal renamed');
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand(Command.renameCollection, collection.id, 'new name')),
      /This bin service does not offer PUT \/c\/…\/meta\/name/,
    );
  });

  it('saves, deletes versions and reads a version with the contract routes; says what is missing', async () => {
    const id = (await other.createBin({ record: { title: 'v' }, collectionId: collection.id })).metadata.id;
    await vscode.commands.executeCommand(Command.setBinCollection, id, collection.id);
    const document = await open(id);
    await replaceText(document, '{"title": "saved"}');
    const saved = await requestsDuring(minimal, async () => assert.equal(await document.save(), true));
    // The conflict check reads through /b/<id> (the service lacks /latest), then one PUT.
    assert.deepEqual(
      saved.filter((r) => r.status === 200).map((r) => `${r.method} ${r.path.replace(id, 'ID')}`),
      ['GET /v3/b/ID', 'PUT /v3/b/ID'],
    );
    const deleted = await requestsDuring(minimal, () => vscode.commands.executeCommand(Command.deleteVersions, id, { preserveLatest: true }));
    // The open tab then reloads the record that may have changed.
    assert.deepEqual(
      deleted.filter((r) => r.method === 'DELETE').map((r) => `${r.path.replace(id, 'ID')} ${r.status}`),
      ['/v3/b/ID/versions 200'],
    );
    const version = await vscode.workspace.openTextDocument(binUri(id, 'v', 0));
    assert.deepEqual(JSON.parse(version.getText()), { title: 'saved' });
    await assert.rejects(
      Promise.resolve(vscode.commands.executeCommand(Command.renameBin, id, 'new name')),
      /This bin service does not offer PUT \/b\/…\/meta\/name/,
    );
  });

  it('opens the record alone though the service ignores X-Bin-Meta, and says that it ignores X-JSON-Path rather than show the whole record', async () => {
    const id = (await other.createBin({ record: { title: 'whole' }, collectionId: collection.id })).metadata.id;
    const alone = await requestsDuring(minimal, () => vscode.commands.executeCommand(Command.openRecordOnly, id));
    assert.deepEqual(
      alone.map((r) => `${r.status} ${r.path.replace(id, 'ID')} ${r.headers['x-bin-meta']}`),
      ['200 /v3/b/ID false'],
    );
    assert.deepEqual(JSON.parse(vscode.window.activeTextEditor!.document.getText()), { title: 'whole' });
    await closeAll();
    const path = await requestsDuring(minimal, () =>
      assert.rejects(Promise.resolve(vscode.commands.executeCommand(Command.openJsonPath, id, '$.title')), /ignores X-JSON-Path/),
    );
    assert.deepEqual(
      path.map((r) => `${r.status} ${r.headers['x-json-path']}`),
      ['200 $.title'],
    );
    assert.equal(vscode.window.activeTextEditor, undefined, 'no tab shows the whole record as a selection');
    const again = await requestsDuring(minimal, () =>
      assert.rejects(Promise.resolve(vscode.commands.executeCommand(Command.openJsonPath, id, '$.other')), /ignores X-JSON-Path/),
    );
    assert.deepEqual(again, [], 'not asked again');
  });

  it('finds a listed bin by its id, though listings carry no names', async () => {
    const id = (await other.createBin({ record: { title: 'found' }, collectionId: collection.id })).metadata.id;
    await vscode.commands.executeCommand(Command.refresh);
    const found = await vscode.commands.executeCommand<{ id: string; collectionId: string | null }[]>(Command.findBin, id);
    assert.deepEqual(
      found.map((b) => [b.id, b.collectionId]),
      [[id, collection.id]],
    );
  });
  it('a linked file: uploaded and linked, pushed (a read and a PUT), refused by the schema doc with nothing sent, pulled (a read)', async () => {
    const uri = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'minimal-links', 'linked.json');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('{ "title": "linked" }'));
    let id = '';
    await requestsDuring(minimal, async () => {
      const uploaded = await vscode.commands.executeCommand<{ created: { id: string }[] }>(Command.uploadAsBin, [uri], {
        collectionId: collection.id,
        link: true,
      });
      id = uploaded.created[0].id;
    });
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('{ "title": "pushed" }'));
    const pushed = await requestsDuring(minimal, () => vscode.commands.executeCommand(Command.pushFile, uri));
    // One read answered (on the contract's route, after a first `/latest` refused once a session), then one PUT.
    assertReadOnContractRoute(
      pushed.filter((r) => r.method === 'GET'),
      [id],
    );
    assert.deepEqual(
      pushed.filter((r) => r.method === 'PUT').map((r) => r.path),
      [`/v3/b/${id}`],
    );
    assert.deepEqual((await other.readBin(id)).record, { title: 'pushed' });
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('{ "title": 5 }'));
    const refused = await requestsDuring(minimal, () => assert.rejects(Promise.resolve(vscode.commands.executeCommand(Command.pushFile, uri)), /Not pushed/));
    assert.deepEqual(refused, []);
    await other.updateBin(id, { title: 'theirs' });
    const pulled = await requestsDuring(minimal, () => vscode.commands.executeCommand(Command.pullFile, uri, { ask: false }));
    assertReadOnContractRoute(pulled, [id]);
    assert.equal(pulled.filter((r) => r.method !== 'GET').length, 0);
    assert.deepEqual(JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri))), { title: 'theirs' });
    await vscode.commands.executeCommand(Command.unlinkFile, uri);
  });
});
