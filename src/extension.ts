import * as vscode from 'vscode';

export function activate(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.workspace.registerFileSystemProvider('jsonbin', {
      onDidChangeFile: new vscode.EventEmitter<vscode.FileChangeEvent[]>().event,
      watch: () => new vscode.Disposable(() => undefined),
      stat: () => { throw vscode.FileSystemError.FileNotFound(); },
      readDirectory: () => [],
      createDirectory: () => undefined,
      readFile: () => { throw vscode.FileSystemError.FileNotFound(); },
      writeFile: () => undefined,
      delete: () => undefined,
      rename: () => undefined,
    }),
    vscode.commands.registerCommand('jsonbin.refresh', () => undefined),
  );
}
