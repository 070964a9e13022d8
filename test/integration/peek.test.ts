/** Parts of a bin in read-only tabs: the record alone, and what a JSONPath selects; one request each. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { binUriOf, closeAll, requestsDuring, run, setup, type World } from './support';

const record = {
  title: 'Graphs',
  modules: [
    { name: 'Paths', weeks: 2 },
    { name: 'Trees', weeks: 3 },
  ],
};

describe('parts of a bin', () => {
  let w: World;
  let id: string;
  const sent = (requests: { method: string; path: string; headers: Record<string, string> }[]) =>
    requests.map((r) => `${r.method} ${r.path} ${r.headers['x-json-path'] ?? ''}${r.headers['x-bin-meta'] ?? ''}`);

  before(async () => {
    w = await setup();
    id = (await w.other.createBin({ record, name: 'course' })).metadata.id;
  });
  afterEach(() => closeAll());

  it('opens what a JSONPath selects, read-only, with one request; the same part again is the open tab', async () => {
    let uri!: vscode.Uri;
    const requests = await requestsDuring(w.service, async () => (uri = binUriOf(await run(Command.openJsonPath, id, '$.modules[*].name'))));
    assert.deepEqual(sent(requests), [`GET /v3/b/${id}/latest $.modules[*].name`]);
    const document = vscode.window.activeTextEditor!.document;
    assert.equal(document.uri.toString(), uri.toString());
    assert.equal(uri.path, `/bin/${id}/path/course at $.modules[_].name.json`);
    assert.deepEqual(JSON.parse(document.getText()), ['Paths', 'Trees']);
    assert.equal((await vscode.workspace.fs.stat(uri)).permissions, vscode.FilePermission.Readonly);
    await assert.rejects(Promise.resolve(vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('[]'))), /read-only/i);
    const again = await requestsDuring(w.service, () => run(Command.openJsonPath, id, '$.modules[*].name'));
    assert.deepEqual(again, []);
  });

  it('opens the record alone, read-only, with one request', async () => {
    let uri!: vscode.Uri;
    const requests = await requestsDuring(w.service, async () => (uri = binUriOf(await run(Command.openRecordOnly, id, 'course'))));
    assert.deepEqual(sent(requests), [`GET /v3/b/${id}/latest false`]);
    assert.equal(uri.path, `/bin/${id}/record/course (record only).json`);
    assert.deepEqual(JSON.parse(vscode.window.activeTextEditor!.document.getText()), record);
    assert.equal((await vscode.workspace.fs.stat(uri)).permissions, vscode.FilePermission.Readonly);
  });

  it('reads a part again from its Uri alone, as a tab restored after a reload does', async () => {
    const uri = binUriOf(await run(Command.openJsonPath, id, "$..['weeks']"));
    await closeAll();
    const requests = await requestsDuring(w.service, async () => {
      assert.deepEqual(JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri))), [2, 3]);
    });
    assert.deepEqual(sent(requests), [`GET /v3/b/${id}/latest $..['weeks']`]);
  });

  it('rejects a path the service refuses with its message, opening no tab; a blank path or missing argument sends nothing', async () => {
    const refused = await requestsDuring(w.service, () => assert.rejects(run(Command.openJsonPath, id, '$.modules['), /Invalid X-JSON-Path provided: /));
    assert.deepEqual(sent(refused), [`GET /v3/b/${id}/latest $.modules[`]);
    assert.equal(vscode.window.activeTextEditor, undefined);
    const none = await requestsDuring(w.service, async () => {
      await assert.rejects(run(Command.openJsonPath, id, '  '), /X-JSON-Path cannot be blank/);
      await assert.rejects(run(Command.openJsonPath, id), /jsonbin\.openJsonPath needs a JSONPath/);
      await assert.rejects(run(Command.openJsonPath, undefined), /jsonbin\.openJsonPath needs a bin id/);
      await assert.rejects(run(Command.openRecordOnly, undefined), /jsonbin\.openRecordOnly needs a bin id/);
    });
    assert.deepEqual(none, []);
  });
});
