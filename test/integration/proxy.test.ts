/** Requests follow the proxy configured in VS Code (`http.proxy`). */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startProxy } from '../support/proxy';
import { binUriOf, closeAll, setup } from './support';
import { Command } from '../../src/commands/ids';

describe('proxy', () => {
  it('sends the service requests through http.proxy', async () => {
    const w = await setup();
    const proxy = await startProxy();
    const http = vscode.workspace.getConfiguration('http');
    await http.update('proxy', proxy.url, vscode.ConfigurationTarget.Global);
    try {
      const id = (await w.other.createBin({ record: { proxied: true }, name: 'proxied' })).metadata.id;
      const document = await vscode.workspace.openTextDocument(binUriOf(await vscode.commands.executeCommand(Command.openBin, id)));
      assert.deepEqual(JSON.parse(document.getText()), { proxied: true });
      assert.ok(proxy.carried.includes(new URL(w.service.baseUrl).host), `proxy carried: ${proxy.carried.join(', ')}`);
    } finally {
      await http.update('proxy', undefined, vscode.ConfigurationTarget.Global);
      await proxy.close();
      await closeAll();
    }
  });
});
