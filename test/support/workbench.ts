/**
 * Helpers of the suites that run inside VS Code, on either extension host: no Node module here,
 * so that the web worker host's suite (test/web/) bundles them too.
 */
import * as vscode from 'vscode';

export function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('jsonbin');
}

/** Runs a command as a programmatic caller does. */
export const run = <T>(command: string, ...args: unknown[]) => Promise.resolve(vscode.commands.executeCommand<T>(command, ...args));

/** Requests as `METHOD path`, for exact comparisons. */
export const pathsOf = (requests: { method: string; path: string }[]) => requests.map((r) => `${r.method} ${r.path}`);

export function sleep(ms: number): Promise<void> {
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
      throw new Error(`timed out waiting for ${what}`);
    }
    await sleep(50);
  }
}

export async function replaceText(document: vscode.TextDocument, text: string): Promise<void> {
  const editor = await vscode.window.showTextDocument(document);
  const whole = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
  if (!(await editor.edit((b) => b.replace(whole, text)))) {
    throw new Error('edit failed');
  }
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

/** The Uri of a tab that a command opened (its result, or the Uri in it). */
export function binUriOf(result: unknown): vscode.Uri {
  const uri = (result as { uri?: vscode.Uri }).uri ?? (result as vscode.Uri);
  if (!(uri instanceof vscode.Uri)) {
    throw new Error(`not a Uri: ${String(uri)}`);
  }
  return uri;
}

/** The document's schema problems once they number `count` (VS Code's own JSON problems left out). */
export const schemaDiagnostics = (uri: vscode.Uri, count: number) =>
  until(() => {
    const list = vscode.languages.getDiagnostics(uri).filter((d) => d.source?.startsWith('JSONBin'));
    return list.length === count ? list : undefined;
  }, `${count} diagnostics`);

/** The schema doc of the diagnostics tests on both hosts: the same text shows its problems at the same places. */
export const TITLE_AND_TAGS = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'tags'],
  properties: {
    title: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' }, minItems: 2 },
    owner: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
  },
};

/** The names in a folder, through VS Code's file system (none when it does not exist). */
export async function namesIn(folder: vscode.Uri): Promise<string[]> {
  try {
    return (await vscode.workspace.fs.readDirectory(folder)).map(([name]) => name);
  } catch {
    return [];
  }
}
