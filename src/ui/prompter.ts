/**
 * The questions commands ask, through one object that the integration tests can answer in place of
 * a person (modal dialogs and quick picks have no one to answer them in a test run).
 */
import * as vscode from 'vscode';

/** Items that arrive over time (a search's matches), shown as they come. */
export interface LiveItems<T extends vscode.QuickPickItem> {
  readonly items: readonly T[];
  /** How far the work got, or how it ended. */
  readonly status: string;
  readonly done: boolean;
  readonly onDidChange: vscode.Event<void>;
  /** The pick closed, with a choice or without: the work can stop. */
  close(): void;
}

export interface Prompter {
  input(options: vscode.InputBoxOptions): Thenable<string | undefined>;
  pick<T extends vscode.QuickPickItem>(items: T[], options: vscode.QuickPickOptions): Thenable<T | undefined>;
  /** A pick whose items arrive while it is open; a prompter without it is asked `pick` with the items once they all came. */
  pickLive?<T extends vscode.QuickPickItem>(live: LiveItems<T>, options: vscode.QuickPickOptions): Thenable<T | undefined>;
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
  /** What asks: live picks (`livePick.ts`) go to it directly. */
  current: Prompter = windowPrompter;

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
