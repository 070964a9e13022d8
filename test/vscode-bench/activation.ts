/**
 * Module load and `activate()`, inside code-server's extension host. The module graph that
 * activation loads is imported first and timed (a cold import: nothing of it is loaded yet); VS
 * Code's own activation then finds it loaded, and the extension's `activate()` body is timed by
 * the performance measure it records.
 */
import * as vscode from 'vscode';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Activation {
  moduleLoadMs: number;
  activateMs: number;
  /** `extension.activate()` as a caller waits for it: VS Code's own work included. */
  vscodeActivationMs: number;
}

export async function measureActivation(extension: vscode.Extension<unknown>): Promise<Activation> {
  if (extension.isActive) {
    throw new Error('the extension was activated before the bench could measure it');
  }
  let start = performance.now();
  await import(pathToFileURL(join(extension.extensionPath, 'dist', 'extension.mjs')).href);
  const moduleLoadMs = performance.now() - start;
  start = performance.now();
  await extension.activate();
  const vscodeActivationMs = performance.now() - start;
  const [measure] = performance.getEntriesByName('jsonbin.activate', 'measure');
  if (!measure) {
    throw new Error('activate() recorded no performance measure');
  }
  return { moduleLoadMs, activateMs: measure.duration, vscodeActivationMs };
}
