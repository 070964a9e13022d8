/**
 * The web suite's setup: the runner started the local bin service and its control beside it
 * (test/service/control.ts) and named the control in the workspace's `.jsonbin-test.json`; the
 * suite asks the control for the service and the keys, which are never written to a file.
 */
import * as vscode from 'vscode';
import { assert } from 'chai';
import type { JsonBinApi } from '../../src/extension/extension';
import { BinClient } from '../../src/core/api';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import type { LogEntry } from '../service/server';
import type { RemoteFault, WorldFacts } from '../service/control';
import { binUriOf, config, run } from '../support/workbench';

export { closeAll, config, namesIn, pathsOf, replaceText, run, schemaDiagnostics, TITLE_AND_TAGS, until } from '../support/workbench';

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

/** Requests the service received while `action` ran, and until the extension was idle again. */
export async function requestsDuring(w: World, action: () => PromiseLike<unknown>): Promise<LogEntry[]> {
  const mark = await w.control<number>('/log/length');
  await action();
  await w.api.whenIdle();
  return w.control<LogEntry[]>(`/log?since=${mark}`);
}

export const fault = (w: World, f: RemoteFault) => w.control('/fault', f);

export async function openBin(id: string): Promise<vscode.TextDocument> {
  return vscode.workspace.openTextDocument(binUriOf(await run(Command.openBin, id)));
}
