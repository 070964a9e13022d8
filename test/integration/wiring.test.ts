/** The manifest and what the extension registers agree exactly, and the command table is the only source of ids. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { commandHandlers, type CommandParts } from '../../src/extension/features/handlers';
import { Command, VIEW_ID } from '../../src/extension/commands/idsAndContextKeys';
import { extension, manifest, setup } from './support';

const ids = new Set<string>(Object.values(Command));

describe('wiring', () => {
  before(() => setup());

  it('contributes exactly the commands of the id table, each registered', async () => {
    assert.ok(extension().isActive);
    const contributed = manifest().contributes.commands.map((c) => c.command);
    assert.deepEqual([...contributed].sort(), [...ids].sort());
    assert.equal(new Set(contributed).size, contributed.length, 'a command contributed twice');
    // VS Code adds commands of its own for the view (`jsonbin.bins.focus` and the like).
    const registered = (await vscode.commands.getCommands(true)).filter((c) => c.startsWith('jsonbin.') && !c.startsWith(`${VIEW_ID}.`));
    assert.deepEqual(registered.sort(), [...ids].sort());
  });

  it("has a handler for every id it registers before the commands' code is loaded", () => {
    // Building the handlers runs no command: the parts are not touched.
    const handled = [...commandHandlers({} as CommandParts).keys()];
    assert.deepEqual(handled.sort(), [...ids].sort());
  });

  it('registers the one view', async () => {
    const views = Object.values(manifest().contributes.views)
      .flat()
      .map((v) => v.id);
    assert.deepEqual(views, [VIEW_ID]);
    assert.ok((await vscode.commands.getCommands(true)).includes(`${VIEW_ID}.focus`));
  });

  it('keeps the service URL and every safety setting out of reach of a workspace', async () => {
    const safety: [string, unknown][] = [
      ['apiUrl', 'https://elsewhere.example'],
      ['conflictCheck', false],
      ['validation.enabled', false],
      ['requestTimeoutSeconds', 1e9],
      ['maxAnswerMegabytes', 1e6],
      ['find.maxRequests', 1000],
      ['warnAboveRequests', 0],
    ];
    for (const [name, value] of safety) {
      assert.equal(manifest().contributes.configuration.properties[`jsonbin.${name}`].scope, 'application', name);
      await assert.rejects(Promise.resolve(vscode.workspace.getConfiguration('jsonbin').update(name, value, vscode.ConfigurationTarget.Workspace)), name);
      assert.notEqual(vscode.workspace.getConfiguration('jsonbin').get(name), value, name);
    }
  });

  it('registers the jsonbin file system scheme; a settings probe costs no request', async () => {
    assert.equal(vscode.workspace.fs.isWritableFileSystem('jsonbin'), true);
    await assert.rejects(
      Promise.resolve(vscode.workspace.fs.stat(vscode.Uri.parse('jsonbin:/.vscode/settings.json'))),
      (e: vscode.FileSystemError) => e.code === 'FileNotFound',
    );
  });
});
