/**
 * The questions commands ask, through one object that the integration tests can answer in place of
 * a person (modal dialogs, file dialogs, quick picks, a progress notification's Cancel button and a
 * notification's offer have no one to press them in a test run).
 */
import * as vscode from 'vscode';
import { notice } from './notice';

/** Long work that reports its progress and may be cancelled by the user. */
export type Work<T> = (progress: vscode.Progress<{ message?: string; increment?: number }>, token: vscode.CancellationToken) => Thenable<T>;

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
  // The members below came later: a prompter given through the API without them uses the window's.
  /** Files or folders to open (undefined when dismissed). */
  openDialog?(options: vscode.OpenDialogOptions): Thenable<vscode.Uri[] | undefined>;
  /** Where to save a file (undefined when dismissed). */
  saveDialog?(options: vscode.SaveDialogOptions): Thenable<vscode.Uri | undefined>;
  /** Runs work with a cancellable progress notification. */
  progress?<T>(title: string, work: Work<T>): Thenable<T>;
  /** A notification offering `actions`, never modal: resolves with the one chosen, undefined when it is closed. */
  offer?(message: string, actions: string[], severity?: 'information' | 'warning'): Thenable<string | undefined>;
}

/** What every prompter in use can do; live picks fall back to `pick` (`livePick.ts`). */
type Complete = Required<Omit<Prompter, 'pickLive'>>;

export const windowPrompter: Complete = {
  input: (options) => vscode.window.showInputBox(options),
  pick: (items, options) => vscode.window.showQuickPick(items, options),
  confirm: async (message, detail, action) => (await vscode.window.showWarningMessage(message, { modal: true, detail }, action)) === action,
  openDialog: (options) => vscode.window.showOpenDialog(options),
  saveDialog: (options) => vscode.window.showSaveDialog(options),
  progress: (title, work) => vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: notice(title), cancellable: true }, work),
  offer: (message, actions, severity) =>
    severity === 'warning' ? vscode.window.showWarningMessage(message, ...actions) : vscode.window.showInformationMessage(message, ...actions),
};

/** The prompter in use: the window's, unless replaced through the extension's API. */
export class Prompts implements Complete {
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

  openDialog(options: vscode.OpenDialogOptions): Thenable<vscode.Uri[] | undefined> {
    return (this.current.openDialog ? this.current : windowPrompter).openDialog!(options);
  }

  saveDialog(options: vscode.SaveDialogOptions): Thenable<vscode.Uri | undefined> {
    return (this.current.saveDialog ? this.current : windowPrompter).saveDialog!(options);
  }

  progress<T>(title: string, work: Work<T>): Thenable<T> {
    return (this.current.progress ? this.current : windowPrompter).progress!(title, work);
  }

  offer(message: string, actions: string[], severity?: 'information' | 'warning'): Thenable<string | undefined> {
    return (this.current.offer ? this.current : windowPrompter).offer!(message, actions, severity);
  }
}
