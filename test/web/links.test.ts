/** Linked files in the web worker host: the workspace file read and written through VS Code's file system, pushed and pulled. */
import * as vscode from 'vscode';
import { assert } from 'chai';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { closeAll, pathsOf, requestsDuring, run, setup, type World } from './world';

describe('linked files in the web worker host', () => {
  let w: World;
  before(async () => (w = await setup()));
  after(() => closeAll());

  it('links a workspace file, pushes it (a read and a PUT) and pulls it (one read), through workspace.fs', async () => {
    const folder = vscode.workspace.workspaceFolders![0].uri;
    const uri = vscode.Uri.joinPath(folder, 'web-links', 'linked.json');
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('{ "name": "web" }'));
    const id = (await w.other.createBin({ record: { name: 'web' }, name: 'web linked' })).metadata.id;
    const linked = await requestsDuring(w, () => run(Command.linkFile, uri, id));
    assert.deepEqual(pathsOf(linked), [`GET /v3/b/${id}/latest`]);
    const linkFile = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, '.vscode', 'jsonbin-links.json')));
    assert.include(linkFile, id);
    assert.notInclude(linkFile, w.key);

    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode('{ "name": "web", "price": 0.10 }'));
    const pushed = await requestsDuring(w, () => run(Command.pushFile, uri));
    assert.deepEqual(pathsOf(pushed), [`GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`]);
    assert.deepEqual((await w.other.readBin(id)).record, { name: 'web', price: 0.1 });

    await w.other.updateBin(id, { name: 'from the service' });
    let result: { changed: boolean } | undefined;
    const pulled = await requestsDuring(w, async () => (result = await run<{ changed: boolean }>(Command.pullFile, uri)));
    assert.deepEqual(result, { changed: true });
    assert.deepEqual(pathsOf(pulled), [`GET /v3/b/${id}/latest`]);
    assert.deepEqual(JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri))), { name: 'from the service' });
    const status = await run<{ file: vscode.Uri; binId: string; state: string }[]>(Command.linkStatus, uri);
    assert.deepEqual(
      status.map((s) => [s.file.toString(), s.binId, s.state]),
      [[uri.toString(), id, 'same']],
    );
  });
});
