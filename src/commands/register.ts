/**
 * The handler of each form of a command, under its own id (see `ids.ts`). Programmatic calls
 * never ask and reject with the service's message; the interactive forms (palette, view title,
 * tree row, editor title, Explorer) ask for what they lack and show failures as notifications with an action.
 */
import * as vscode from 'vscode';
import { reportError } from '../ui/feedback';
import { Cancelled } from './args';
import type { CommandId } from './ids';

/** The ids of each place a command is invoked from, told apart by their prefix (see `ids.ts`). */
type ViewId = Extract<CommandId, `jsonbin.view.${string}`>;
export type RowId = Extract<CommandId, `jsonbin.row.${string}`>;
export type TabId = Extract<CommandId, `jsonbin.tab.${string}`>;
type ExplorerId = Extract<CommandId, `jsonbin.explorer.${string}`>;
/** The palette's and programmatic callers' ids: the plain ones. */
export type PaletteId = Exclude<CommandId, ViewId | RowId | TabId | ExplorerId>;

/**
 * A command's arguments `A` are those of `run`; every other form returns them, typed by that
 * alone (`NoInfer`), so that a form's array is checked as the tuple `run` takes, with no cast.
 */
export interface Action<A extends [] | unknown[], R> {
  /** The programmatic form: the documented arguments, no prompt, rejects on failure. */
  run(...args: A): Promise<R>;
  /** The palette form: asks for every argument (throws `Cancelled` when the user dismisses). */
  ask(): Promise<NoInfer<A>>;
  /** What the user sees after an interactive run succeeded. */
  show?(result: R, args: NoInfer<A>): unknown;
}

/** Each place's id, and how its arguments, as VS Code passes them there, become the command's. */
export interface Forms<A> {
  /** View title: VS Code passes the focused node, which says nothing about what to do. */
  view?: ViewId;
  /** Tree row (menu or click): VS Code passes the row's node, of the class the row's menu is for. */
  row?: [RowId, (node: never) => Promise<A>];
  /** Several row forms, each with its own title (a toggle's two directions: "Make Public", "Make Private"). */
  rows?: [RowId, (node: never) => Promise<A>][];
  /** Editor title: VS Code passes the tab's Uri. */
  tab?: [TabId, (uri: vscode.Uri) => Promise<A>];
  /** Explorer context menu: VS Code passes the clicked file's Uri and every selected file's (absent from a keybinding). */
  explorer?: [ExplorerId, (uri: vscode.Uri | undefined, selected: vscode.Uri[] | undefined) => Promise<A>];
}

/** A command id and what runs when it is invoked, with the arguments VS Code or the caller passes. */
export type Handler = [CommandId, (...args: never[]) => unknown];

export function register<A extends [] | unknown[], R>(id: PaletteId, action: Action<A, R>, forms: Forms<NoInfer<A>> = {}): Handler[] {
  // Resolves with the result, or undefined when it failed or was cancelled. A command of no
  // arguments called programmatically comes this way too: VS Code passes the palette no argument either.
  const interactive = async (args: () => Promise<A>): Promise<R | undefined> => {
    let given: A | undefined;
    try {
      given = await args();
      const result = await action.run(...given);
      await action.show?.(result, given);
      return result;
    } catch (error) {
      if (!(error instanceof Cancelled)) {
        const again = given;
        reportError(error, again && (() => interactive(async () => again)));
      }
    }
  };
  const handlers: Handler[] = [
    // The palette passes no argument; a programmatic call passes at least one.
    [id, (...args: unknown[]) => (args.length === 0 ? interactive(() => action.ask()) : action.run(...(args as A)))],
  ];
  if (forms.view) {
    handlers.push([forms.view, () => interactive(() => action.ask())]);
  }
  for (const [rowId, fromRow] of [...(forms.row ? [forms.row] : []), ...(forms.rows ?? [])]) {
    handlers.push([rowId, (node: never) => interactive(() => fromRow(node))]);
  }
  if (forms.tab) {
    const [tabId, fromTab] = forms.tab;
    handlers.push([tabId, (uri: vscode.Uri) => interactive(() => fromTab(uri))]);
  }
  if (forms.explorer) {
    const [explorerId, fromExplorer] = forms.explorer;
    handlers.push([explorerId, (uri?: vscode.Uri, selected?: vscode.Uri[]) => interactive(() => fromExplorer(uri, selected))]);
  }
  return handlers;
}

/** A programmatic argument that has no default: missing, the call rejects and says which. */
export function required<T>(value: T | undefined, what: string, command: CommandId): T {
  if (value === undefined || value === null) {
    throw new Error(`${command} needs ${what}`);
  }
  return value;
}
