/** Shared setup of the integration suite: one local bin service, the extension pointed at it. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { JsonBinApi } from '../../src/extension/extension';
import type { Prompter } from '../../src/extension/ui/prompter';
import { BinClient, HOSTED_API_URL } from '../../src/core/api';
import { BinService } from '../service/server';
import type { Account } from '../service/store';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { config } from '../support/workbench';

export { binUriOf, closeAll, config, namesIn, pathsOf, replaceText, run, sleep, until } from '../support/workbench';

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

/** Requests the service received while `action` ran, and until the extension was idle again. */
export async function requestsDuring(service: BinService, action: () => PromiseLike<unknown>) {
  const mark = service.log.length;
  await action();
  // Whatever the action set going (a debounce, a request) is counted too.
  await idle();
  return service.requestsSince(mark);
}

/** Waits until the extension has no request in flight and no debounce pending. */
export async function idle(): Promise<void> {
  await (await setup()).api.whenIdle();
}

export interface MenuEntry {
  command: string;
  when?: string;
  group?: string;
}

/** An entry as the manifest writes it: a command, or a submenu (whose items are a menu of their own). */
export interface ManifestMenuEntry {
  command?: string;
  submenu?: string;
  when?: string;
  group?: string;
}

/** The commands a menu offers, its submenus' items included: each shows where both its own and its submenu's `when` hold. */
export function menuEntries(menu: string): MenuEntry[] {
  const menus = manifest().contributes.menus;
  return (menus[menu] ?? []).flatMap((entry): MenuEntry[] =>
    entry.submenu
      ? menuEntries(entry.submenu).map((item) => ({ ...item, when: [entry.when, item.when].filter(Boolean).join(' && ') }))
      : [{ command: entry.command ?? assert.fail(`an entry of ${menu} names no command`), when: entry.when, group: entry.group }],
  );
}

/** The parts of the extension's manifest the suite reads. */
export interface Manifest {
  name: string;
  contributes: {
    commands: { command: string; title: string; icon?: string }[];
    menus: Record<string, ManifestMenuEntry[]>;
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
