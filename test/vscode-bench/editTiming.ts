/**
 * One edit of a bin tab timed from the edit applied in the extension host to its schema
 * diagnostics published, the same way in the Node and the web worker host (no Node API here).
 */
import * as vscode from 'vscode';

export const EDIT_SIZES_KB = [10, 100, 500, 1024];
export const EDITS = 15;

/** Resolves when the document's diagnostics number `count`, told by VS Code's own event. */
function diagnosticsCount(uri: vscode.Uri, count: number): Promise<void> {
  const reached = () => vscode.languages.getDiagnostics(uri).length === count;
  if (reached()) {
    return Promise.resolve();
  }
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      listener.dispose();
      reject(new Error(`no ${count} diagnostics on ${uri.path} within 30 s`));
    }, 30_000);
    const listener = vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((changed) => changed.toString() === uri.toString()) && reached()) {
        clearTimeout(timer);
        listener.dispose();
        resolve();
      }
    });
  });
}

/** Opens the bin's tab and waits for its first validation (`expected` problems). */
export async function openValidated(uri: vscode.Uri, expected: number): Promise<vscode.TextEditor> {
  const editor = await vscode.window.showTextDocument(uri);
  await diagnosticsCount(editor.document.uri, expected);
  return editor;
}

/** Replaces `from` by `to`, and resolves with the milliseconds until `expected` problems are published. */
export async function editOnce(editor: vscode.TextEditor, from: string, to: string, expected: number): Promise<number> {
  const document = editor.document;
  const offset = document.getText().indexOf(from);
  let applied = 0;
  const listener = vscode.workspace.onDidChangeTextDocument((e) => {
    if (e.document === document && applied === 0) {
      applied = performance.now();
    }
  });
  try {
    const range = new vscode.Range(document.positionAt(offset), document.positionAt(offset + from.length));
    await editor.edit((b) => b.replace(range, to));
    await diagnosticsCount(document.uri, expected);
    return performance.now() - applied;
  } finally {
    listener.dispose();
  }
}

/** The bench's edits: the first module's title fixed, then broken again, in turn. */
export async function editInTurn(editor: vscode.TextEditor, edits: number): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < edits; i++) {
    const fix = i % 2 === 0;
    ms.push(await editOnce(editor, fix ? '"title": 42' : '"title": "fixed"', fix ? '"title": "fixed"' : '"title": 42', fix ? 0 : 1));
  }
  return ms;
}
