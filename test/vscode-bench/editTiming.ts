/**
 * One edit of a bin tab timed from the edit applied in the extension host to its schema
 * diagnostics published, the same way in the Node and the web worker host (no Node API here).
 */
import * as vscode from 'vscode';

export const EDIT_SIZES_KB = [10, 100, 500, 1024];
export const EDITS = 15;

/** The next turn of the event loop, unclamped on both hosts (a browser clamps nested timeouts to 4 ms). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    // Node's types name only its own way to listen; both hosts take the web's `onmessage`.
    (channel.port1 as unknown as { onmessage: () => void }).onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}

/**
 * Resolves when the document's diagnostics number `count`, polling between the extension's tasks
 * (VS Code's onDidChangeDiagnostics is debounced by 50 ms: it would time the debounce).
 */
async function diagnosticsCount(uri: vscode.Uri, count: number): Promise<void> {
  const deadline = performance.now() + 30_000;
  while (vscode.languages.getDiagnostics(uri).length !== count) {
    if (performance.now() > deadline) {
      throw new Error(`no ${count} diagnostics on ${uri.path} within 30 s`);
    }
    await nextTurn();
  }
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
