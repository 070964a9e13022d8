/**
 * The web suite's setup: the runner started the local bin service and its control beside it
 * (test/service/control.ts) and named the control in the workspace's `.jsonbin-test.json`; the
 * suite asks the control for the service and the keys, which are never written to a file.
 */
import * as vscode from 'vscode';
import { assert } from 'chai';
import type { JsonBinApi } from '../../src/extension';
import { BinClient } from '../../src/api';
import { Command } from '../../src/commands/ids';
import type { LogEntry } from '../service/server';
import type { RemoteFault, WorldFacts } from '../service/control';

export const EXTENSION_ID = 'jsonbin-tools.jsonbin-explorer';

export interface World extends WorldFacts {
  api: JsonBinApi;
  /** A client of the same account, for changes made "by someone else". */
  other: BinClient;
  control<T>(path: string, body?: unknown): Promise<T>;
}

let world: Promise<World> | undefined;

export function setup(): Promise<World> {
  world ??= (async () => {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    assert.ok(folder, 'the runner opens a workspace folder');
    const named = new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, '.jsonbin-test.json')));
    const { control: controlUrl } = JSON.parse(named) as { control: string };
    const control = async <T>(path: string, body?: unknown): Promise<T> => {
      const answer = await fetch(`${controlUrl}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      assert.ok(answer.ok, `control ${path} answered ${answer.status}`);
      return (await answer.json()) as T;
    };
    const facts = await control<WorldFacts>('/world');
    await config().update('apiUrl', facts.baseUrl, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    const extension = vscode.extensions.getExtension<JsonBinApi>(EXTENSION_ID);
    assert.ok(extension, 'the extension runs in this (the web worker) host');
    const api = await extension.activate();
    await vscode.commands.executeCommand(Command.setApiKey, facts.key);
    const other = new BinClient({ baseUrl: facts.baseUrl, key: () => facts.key });
    return { ...facts, api, other, control };
  })();
  return world;
}

export function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('jsonbin');
}

export const run = <T>(command: string, ...args: unknown[]) => Promise.resolve(vscode.commands.executeCommand<T>(command, ...args));

/** Requests the service received while `action` ran, and until the extension was idle again. */
export async function requestsDuring(w: World, action: () => PromiseLike<unknown>): Promise<LogEntry[]> {
  const mark = await w.control<number>('/log/length');
  await action();
  await w.api.whenIdle();
  return w.control<LogEntry[]>(`/log?since=${mark}`);
}

export const pathsOf = (requests: LogEntry[]) => requests.map((r) => `${r.method} ${r.path}`);

export const fault = (w: World, f: RemoteFault) => w.control('/fault', f);

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits for what a test expects; the time limit only ends a wait that would never end. */
export async function until<T>(probe: () => T | undefined | false | Promise<T | undefined | false>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) {
      return value;
    }
    if (Date.now() > deadline) {
      assert.fail(`timed out waiting for ${what}`);
    }
    await sleep(50);
  }
}

export async function replaceText(document: vscode.TextDocument, text: string): Promise<void> {
  const editor = await vscode.window.showTextDocument(document);
  const whole = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
  assert.ok(await editor.edit((b) => b.replace(whole, text)), 'edit failed');
}

export async function closeAll(): Promise<void> {
  for (const document of vscode.workspace.textDocuments) {
    if (document.isDirty) {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

export async function openBin(id: string): Promise<vscode.TextDocument> {
  const result = await run<{ uri?: vscode.Uri } | vscode.Uri>(Command.openBin, id);
  const uri = result instanceof vscode.Uri ? result : result?.uri;
  assert.ok(uri instanceof vscode.Uri, 'openBin returns the tab Uri');
  return vscode.workspace.openTextDocument(uri);
}
