import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { setup } from './support';

describe('wiring', () => {
  before(() => setup());

  it('activates and registers every contributed command', async () => {
    const extension = vscode.extensions.all.find((e) => e.packageJSON.name === 'jsonbin-explorer')!;
    assert.ok(extension.isActive);
    const registered = new Set(await vscode.commands.getCommands(true));
    const contributed = extension.packageJSON.contributes.commands as { command: string }[];
    assert.ok(contributed.length >= 15);
    for (const c of contributed) {
      assert.ok(registered.has(c.command), c.command);
    }
  });

  it('registers every contributed view', async () => {
    const extension = vscode.extensions.all.find((e) => e.packageJSON.name === 'jsonbin-explorer')!;
    const registered = new Set(await vscode.commands.getCommands(true));
    for (const views of Object.values(extension.packageJSON.contributes.views as Record<string, { id: string }[]>)) {
      for (const view of views) {
        assert.ok(registered.has(`${view.id}.focus`), view.id);
      }
    }
  });

  it('keeps the service URL out of reach of a workspace', async () => {
    const extension = vscode.extensions.all.find((e) => e.packageJSON.name === 'jsonbin-explorer')!;
    assert.equal(extension.packageJSON.contributes.configuration.properties['jsonbin.apiUrl'].scope, 'application');
    await assert.rejects(
      Promise.resolve(vscode.workspace.getConfiguration('jsonbin').update('apiUrl', 'https://elsewhere.example', vscode.ConfigurationTarget.Workspace)),
    );
    assert.notEqual(vscode.workspace.getConfiguration('jsonbin').get('apiUrl'), 'https://elsewhere.example');
  });

  it('registers the jsonbin file system scheme', async () => {
    assert.equal(vscode.workspace.fs.isWritableFileSystem('jsonbin'), true);
    await assert.rejects(
      Promise.resolve(vscode.workspace.fs.stat(vscode.Uri.parse('jsonbin:/.vscode/settings.json'))),
      (e: vscode.FileSystemError) => e.code === 'FileNotFound',
    );
  });
});
