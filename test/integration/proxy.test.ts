/** Requests follow VS Code's proxy settings, and the key never reaches a proxy in clear text. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startProxy, type TestProxy } from '../support/proxy';
import { closeAll, config, setup, TEST_KEY, type World } from './support';
import { Command } from '../../src/extension/commands/idsAndContextKeys';

describe('proxy', function () {
  this.timeout(30_000);
  let w: World;
  let proxy: TestProxy;
  const http = () => vscode.workspace.getConfiguration('http');
  /** A name only the proxy resolves (to the local service). */
  let viaName: string;

  before(async () => {
    w = await setup();
    proxy = await startProxy({ everyHostIs: '127.0.0.1' });
    viaName = w.service.baseUrl.replace('127.0.0.1', 'bins.proxied.test');
    await http().update('proxy', proxy.url, vscode.ConfigurationTarget.Global);
  });
  after(async () => {
    await http().update('proxy', undefined, vscode.ConfigurationTarget.Global);
    await http().update('noProxy', undefined, vscode.ConfigurationTarget.Global);
    await config().update('apiUrl', w.service.baseUrl, vscode.ConfigurationTarget.Global);
    await proxy.close();
    await closeAll();
  });
  beforeEach(() => {
    proxy.carried.length = 0;
    proxy.seen.length = 0;
  });

  const publicBin = async () => (await w.other.createBin({ record: { proxied: true }, private: false })).metadata.id;
  const read = async (id: string) => {
    const uri = await vscode.commands.executeCommand<vscode.Uri>(Command.openBin, id);
    return JSON.parse((await vscode.workspace.openTextDocument(uri)).getText()) as unknown;
  };

  it('sends requests to a loopback service direct, key included, never through the proxy', async () => {
    const id = (await w.other.createBin({ record: { secret: 1 } })).metadata.id;
    await vscode.commands.executeCommand(Command.setApiKey, TEST_KEY);
    assert.deepEqual(await read(id), { secret: 1 });
    assert.deepEqual(proxy.carried, []);
  });

  it('sends requests to another host through the proxy, without the key over plain http', async () => {
    const id = await publicBin();
    await config().update('apiUrl', viaName, vscode.ConfigurationTarget.Global);
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand(Command.setApiKey, TEST_KEY)), /Refusing to send the key/);
    assert.deepEqual(await read(id), { proxied: true });
    assert.deepEqual(proxy.carried, [new URL(viaName).host]);
    assert.ok(
      proxy.seen.every((text) => !text.includes(TEST_KEY)),
      'the proxy saw the key',
    );
  });

  it('sends http.noProxy hosts direct', async () => {
    const id = await publicBin();
    await config().update('apiUrl', viaName, vscode.ConfigurationTarget.Global);
    await http().update('noProxy', ['.proxied.test'], vscode.ConfigurationTarget.Global);
    // Direct, the name resolves nowhere: the read fails without the proxy seeing it.
    await assert.rejects(Promise.resolve(vscode.commands.executeCommand(Command.openBin, id)), /ENOTFOUND|EAI_AGAIN|Could not reach/);
    assert.deepEqual(proxy.carried, []);
  });
});
