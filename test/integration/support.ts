/** Shared setup of the integration suite: one local bin service, the extension pointed at it. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { JsonBinApi } from '../../src/extension';
import type { Prompter } from '../../src/ui/prompter';
import { BinClient, HOSTED_API_URL } from '../../src/api';
import { BinService } from '../service/server';
import type { Account } from '../service/store';
import { Command } from '../../src/commands/ids';

export interface World {
  service: BinService;
  /** The account whose key the extension holds (free plan). */
  account: Account;
  paid: Account;
  api: JsonBinApi;
  /** A client of the same account, for changes made "by someone else". */
  other: BinClient;
}

let world: Promise<World> | undefined;

/** The key comes from the runner, which searches every file of the run for it afterwards. */
export const TEST_KEY = process.env.JSONBIN_TEST_KEY ?? `test-key-${Date.now()}`;

export function setup(): Promise<World> {
  world ??= (async () => {
    const service = new BinService();
    const baseUrl = await service.start();
    const account = service.addAccount('free', undefined, TEST_KEY);
    const paid = service.addAccount('paid');
    await config().update('apiUrl', baseUrl, vscode.ConfigurationTarget.Global);
    // The web workbench saves a dirty document after a second by default (desktop does not): a
    // test that edits then takes longer, on a busy machine, would see a save it never asked for.
    await vscode.workspace.getConfiguration('files').update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    const api = await extension().activate();
    await vscode.commands.executeCommand(Command.setApiKey, TEST_KEY);
    const other = new BinClient({ baseUrl, key: () => TEST_KEY });
    return { service, account, paid, api, other };
  })();
  return world;
}

/**
 * Runs `action` with `jsonbin.apiUrl` set to the hosted service. Nothing may send a request
 * meanwhile: callers close every tab first, and the suite keeps the view closed.
 */
export async function asHostedService<T>(w: World, action: () => Promise<T>): Promise<T> {
  await config().update('apiUrl', HOSTED_API_URL, vscode.ConfigurationTarget.Global);
  try {
    return await action();
  } finally {
    await config().update('apiUrl', w.service.baseUrl, vscode.ConfigurationTarget.Global);
  }
}

export function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('jsonbin');
}

/** Runs a command as a programmatic caller does. */
export const run = <T>(command: string, ...args: unknown[]) => Promise.resolve(vscode.commands.executeCommand<T>(command, ...args));

/** Requests as `METHOD path`, for exact comparisons. */
export const pathsOf = (requests: { method: string; path: string }[]) => requests.map((r) => `${r.method} ${r.path}`);

/** Requests the service received while `action` ran, and until the extension was idle again. */
export async function requestsDuring(service: BinService, action: () => PromiseLike<unknown>) {
  const mark = service.log.length;
  await action();
  // Whatever the action set going (a debounce, a request) is counted too.
  await idle();
  return service.requestsSince(mark);
}

/** The names in `folder` (none when it is not there), read through VS Code's file system: the same in every host. */
export async function namesIn(folder: vscode.Uri): Promise<string[]> {
  try {
    return (await vscode.workspace.fs.readDirectory(folder)).map(([name]) => name);
  } catch {
    return [];
  }
}

/** Waits until the extension has no request in flight and no debounce pending. */
export async function idle(): Promise<void> {
  await (await setup()).api.whenIdle();
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function until<T>(probe: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 5000): Promise<T> {
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

/** Reverts and closes every editor, so tests do not leak dirty documents. */
export async function closeAll(): Promise<void> {
  for (const document of vscode.workspace.textDocuments) {
    if (document.isDirty) {
      await vscode.window.showTextDocument(document);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

export function binUriOf(result: unknown): vscode.Uri {
  const uri = (result as { uri?: vscode.Uri }).uri ?? (result as vscode.Uri);
  assert.ok(uri instanceof vscode.Uri, `not a Uri: ${String(uri)}`);
  return uri;
}

export interface MenuEntry {
  command: string;
  when?: string;
  group?: string;
}

/** The parts of the extension's manifest the suite reads. */
export interface Manifest {
  name: string;
  contributes: {
    commands: { command: string; title: string; icon?: string }[];
    menus: Record<string, MenuEntry[]>;
    views: Record<string, { id: string }[]>;
    configuration: { properties: Record<string, { scope?: string }> };
  };
}

export function extension(): vscode.Extension<JsonBinApi> {
  const found = vscode.extensions.getExtension<JsonBinApi>('jsonbin-tools.jsonbin-explorer');
  assert.ok(found, 'the extension is not installed');
  return found;
}

export function manifest(): Manifest {
  return extension().packageJSON as Manifest;
}

/** Answers a command's questions as a test says; any other question fails the test. Progress runs with a token nobody cancels. */
export function prompter(answers: Partial<Prompter>): Prompter {
  return {
    input: async (options) => assert.fail(`unexpected question: ${options.prompt}`),
    pick: async (_, options) => assert.fail(`unexpected pick: ${options.placeHolder}`),
    confirm: async (message) => assert.fail(`unexpected confirmation: ${message}`),
    progress: (_, work) => work({ report: () => undefined }, new vscode.CancellationTokenSource().token),
    ...answers,
  };
}

/**
 * The view lists the collections, as it does when shown: which collections a schema doc validates
 * is then known, and saving it costs no listing of its own.
 */
export async function listCollectionsInView(w: World): Promise<void> {
  const [collections] = (await w.api.tree.getChildren()) ?? [];
  await w.api.tree.getChildren(collections);
}

/** A row's kind: its tree item's `viewItem` without what its account may do (`;create;update;…`). */
export function kindOf(item: vscode.TreeItem): string | undefined {
  return item.contextValue?.split(';')[0];
}

export function labelOf(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}
