import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

describe('wiring', () => {
  it('activates and registers every contributed command', async () => {
    const extension = vscode.extensions.all.find((e) => e.packageJSON.name === 'jsonbin-explorer');
    assert.ok(extension, 'extension not found');
    await extension.activate();
    const registered = new Set(await vscode.commands.getCommands(true));
    for (const c of extension.packageJSON.contributes.commands) {
      assert.ok(registered.has(c.command), c.command);
    }
  });
});
