/**
 * The questions commands ask, through one object that the integration tests can answer in place of
 * a person (modal dialogs and quick picks have no one to answer them in a test run).
 */
import * as vscode from 'vscode';

export interface Prompter {
  input(options: vscode.InputBoxOptions): Thenable<string | undefined>;
  pick<T extends vscode.QuickPickItem>(items: T[], options: vscode.QuickPickOptions): Thenable<T | undefined>;
  /** A modal warning with one action; resolves whether the user chose it. */
  confirm(message: string, detail: string, action: string): Thenable<boolean>;
}

export const windowPrompter: Prompter = {
  input: (options) => vscode.window.showInputBox(options),
  pick: (items, options) => vscode.window.showQuickPick(items, options),
  confirm: async (message, detail, action) => (await vscode.window.showWarningMessage(message, { modal: true, detail }, action)) === action,
};

/** The prompter in use: the window's, unless replaced through the extension's API. */
export class Prompts implements Prompter {
  private current: Prompter = windowPrompter;

  replace(prompter: Prompter | undefined): void {
    this.current = prompter ?? windowPrompter;
  }

  input(options: vscode.InputBoxOptions): Thenable<string | undefined> {
    return this.current.input(options);
  }

  pick<T extends vscode.QuickPickItem>(items: T[], options: vscode.QuickPickOptions): Thenable<T | undefined> {
    return this.current.pick(items, options);
  }

  confirm(message: string, detail: string, action: string): Thenable<boolean> {
    return this.current.confirm(message, detail, action);
  }
}
