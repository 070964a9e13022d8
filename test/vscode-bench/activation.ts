/**
 * Module load and activation, inside code-server's extension host, of this extension and of
 * empty ones the bench installed beside it (`bench/emptyExtension.mjs`): the ratio says what this
 * extension costs over any extension, whatever the machine's speed at the time. Each module is
 * imported first and timed (a cold import: nothing of it is loaded yet); VS Code's activation
 * then finds it loaded and is timed as a caller waits for it. This extension's `activate()` body
 * is also timed by the performance measure it records.
 */
import * as vscode from 'vscode';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Loaded {
  moduleLoadMs: number;
  /** `extension.activate()` as a caller waits for it: VS Code's own work included. */
  vscodeActivationMs: number;
}

export interface Activation extends Loaded {
  activateMs: number;
}

export async function measureActivation(extension: vscode.Extension<unknown>): Promise<Activation> {
  const loaded = await loadAndActivate(extension, join('dist', 'extension.mjs'));
  const [measure] = performance.getEntriesByName('jsonbin.activate', 'measure');
  if (!measure) {
    throw new Error('activate() recorded no performance measure');
  }
  return { ...loaded, activateMs: measure.duration };
}

/** An empty extension of the bench's, by name (`warm-up`, `empty-before`, `empty-after`). */
export function measureEmptyActivation(name: string): Promise<Loaded> {
  const empty = vscode.extensions.getExtension(`jsonbin-bench.${name}`);
  if (!empty) {
    throw new Error(`the empty extension ${name} is not installed: the runner installs the folders JSONBIN_EXTRA_EXTENSIONS names`);
  }
  return loadAndActivate(empty, 'extension.mjs');
}

/**
 * Waits until the workbench has answered a request sent after all an activation sent it (it
 * answers in order), and says how long that took: what one activation left the workbench to do
 * (registering commands, views) then falls on no later measure.
 */
export async function settled(): Promise<number> {
  const start = performance.now();
  await vscode.commands.getCommands();
  return performance.now() - start;
}

async function loadAndActivate(extension: vscode.Extension<unknown>, main: string): Promise<Loaded> {
  if (extension.isActive) {
    throw new Error(`${extension.id} was activated before the bench could measure it`);
  }
  let start = performance.now();
  await import(pathToFileURL(join(extension.extensionPath, main)).href);
  const moduleLoadMs = performance.now() - start;
  start = performance.now();
  await extension.activate();
  return { moduleLoadMs, vscodeActivationMs: performance.now() - start };
}
