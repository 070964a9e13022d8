/**
 * The handler of each form of a command, under its own id (see `idsAndContextKeys.ts`). Programmatic calls
 * never ask and reject with the service's message; the interactive forms (palette, view title,
 * tree row, editor title, Explorer) ask for what they lack and show failures as notifications with an action.
 */
import * as vscode from 'vscode';
import { reportError } from '../ui/feedback';
import { Cancelled } from '../commands/args';
import type { CommandId } from '../commands/idsAndContextKeys';

/** The ids of each place a command is invoked from, told apart by their prefix (see `idsAndContextKeys.ts`). */
type ViewId = Extract<CommandId, `jsonbin.view.${string}`>;
export type RowId = Extract<CommandId, `jsonbin.row.${string}`>;
export type TabId = Extract<CommandId, `jsonbin.tab.${string}`>;
type ExplorerId = Extract<CommandId, `jsonbin.explorer.${string}`>;
type ScmId = Extract<CommandId, `jsonbin.scm.${string}`>;
/** The palette's and programmatic callers' ids: the plain ones. */
export type PaletteId = Exclude<CommandId, ViewId | RowId | TabId | ExplorerId | ScmId>;

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
  /**
   * Tree row (menu or click): VS Code passes the row's node, of the class the row's menu is for,
   * and, when several rows are selected and the clicked one is among them, every selected row's
   * (a command meant for one row ignores them, as the Explorer does).
   */
  row?: [RowId, (node: never, selected?: readonly unknown[]) => Promise<A>];
  /** Several row forms, each with its own title (a toggle's two directions: "Make Public", "Make Private"). */
  rows?: [RowId, (node: never, selected?: readonly unknown[]) => Promise<A>][];
  /** Editor title: VS Code passes the tab's Uri. */
  tab?: [TabId, (uri: vscode.Uri) => Promise<A>];
  /** Explorer context menu: VS Code passes the clicked file's Uri and every selected file's (absent from a keybinding). */
  explorer?: [ExplorerId, (uri: vscode.Uri | undefined, selected: vscode.Uri[] | undefined) => Promise<A>];
  /** Source Control view: VS Code passes a file's resource state (and the selected ones'), a group, or the source control. */
  scm?: [ScmId, (clicked: unknown, selected?: readonly unknown[]) => Promise<A>];
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
    handlers.push([rowId, (node: never, selected?: readonly unknown[]) => interactive(() => fromRow(node, selected))]);
  }
  if (forms.tab) {
    const [tabId, fromTab] = forms.tab;
    handlers.push([tabId, (uri: vscode.Uri) => interactive(() => fromTab(uri))]);
  }
  if (forms.explorer) {
    const [explorerId, fromExplorer] = forms.explorer;
    handlers.push([explorerId, (uri?: vscode.Uri, selected?: vscode.Uri[]) => interactive(() => fromExplorer(uri, selected))]);
  }
  if (forms.scm) {
    const [scmId, fromScm] = forms.scm;
    handlers.push([scmId, (clicked: unknown, selected?: readonly unknown[]) => interactive(() => fromScm(clicked, selected))]);
  }
  return handlers;
}

/** What a programmatic call may lack or get wrong, each said in a message of its own (`{0}` is the command). */
const NEEDS = {
  'a bin id': (c: string) => vscode.l10n.t('{0} needs a bin id', c),
  'a bin id and a JSONPath': (c: string) => vscode.l10n.t('{0} needs a bin id and a JSONPath', c),
  'a bin id and a collection id (null: no collection)': (c: string) => vscode.l10n.t('{0} needs a bin id and a collection id (null: no collection)', c),
  'a bin id or dashboard link': (c: string) => vscode.l10n.t('{0} needs a bin id or dashboard link', c),
  'a bin id or { schemaDocId }': (c: string) => vscode.l10n.t('{0} needs a bin id or { schemaDocId }', c),
  'a collection id': (c: string) => vscode.l10n.t('{0} needs a collection id', c),
  'a collection id (null: no collection)': (c: string) => vscode.l10n.t('{0} needs a collection id (null: no collection)', c),
  "a change tab's Uri": (c: string) => vscode.l10n.t("{0} needs a change tab's Uri", c),
  "a draft's Uri": (c: string) => vscode.l10n.t("{0} needs a draft's Uri", c),
  "a file's Uri": (c: string) => vscode.l10n.t("{0} needs a file's Uri", c),
  "a file's Uri and a bin id": (c: string) => vscode.l10n.t("{0} needs a file's Uri and a bin id", c),
  'a JSONPath (a string, such as $.users[0].name)': (c: string) => vscode.l10n.t('{0} needs a JSONPath (a string, such as $.users[0].name)', c),
  'a key': (c: string) => vscode.l10n.t('{0} needs a key', c),
  'a name': (c: string) => vscode.l10n.t('{0} needs a name', c),
  "a query: part of a bin's name or id": (c: string) => vscode.l10n.t("{0} needs a query: part of a bin's name or id", c),
  'a record: { record, name?, private?, collectionId? }': (c: string) => vscode.l10n.t('{0} needs a record: { record, name?, private?, collectionId? }', c),
  'a schema doc id': (c: string) => vscode.l10n.t('{0} needs a schema doc id', c),
  'a table id': (c: string) => vscode.l10n.t('{0} needs a table id', c),
  'a service URL': (c: string) => vscode.l10n.t('{0} needs a service URL', c),
  'a version: an integer, 0 for the base record': (c: string) => vscode.l10n.t('{0} needs a version: an integer, 0 for the base record', c),
  'a version that is an integer, 0 for the base record': (c: string) => vscode.l10n.t('{0} needs a version that is an integer, 0 for the base record', c),
  'an account id or name': (c: string) => vscode.l10n.t('{0} needs an account id or name', c),
  'enabled: true or false': (c: string) => vscode.l10n.t('{0} needs enabled: true or false', c),
  'maxRequests: a whole number from 0': (c: string) => vscode.l10n.t('{0} needs maxRequests: a whole number from 0', c),
  permissions: (c: string) => vscode.l10n.t('{0} needs permissions', c),
  'private: true or false': (c: string) => vscode.l10n.t('{0} needs private: true or false', c),
  'the key (a string)': (c: string) => vscode.l10n.t('{0} needs the key (a string)', c),
  'the Uri of a folder to write into': (c: string) => vscode.l10n.t('{0} needs the Uri of a folder to write into', c),
  'uris: the files to upload, an array of Uri': (c: string) => vscode.l10n.t('{0} needs uris: the files to upload, an array of Uri', c),
  '{ binIds }': (c: string) => vscode.l10n.t('{0} needs { binIds }', c),
  '{ binIds } or { collectionId }': (c: string) => vscode.l10n.t('{0} needs { binIds } or { collectionId }', c),
  '{ name }': (c: string) => vscode.l10n.t('{0} needs { name }', c),
  '{ name, schema }': (c: string) => vscode.l10n.t('{0} needs { name, schema }', c),
  '{ name?, private?, collectionId? }': (c: string) => vscode.l10n.t('{0} needs { name?, private?, collectionId? }', c),
  '{ name?: string, private?: boolean, collectionId?: string or null }': (c: string) =>
    vscode.l10n.t('{0} needs { name?: string, private?: boolean, collectionId?: string or null }', c),
  '{ schemaDocId } or { binId }': (c: string) => vscode.l10n.t('{0} needs { schemaDocId } or { binId }', c),
  '{ uri, version? }: the Uri of the file to write': (c: string) => vscode.l10n.t('{0} needs { uri, version? }: the Uri of the file to write', c),
};

export type Need = keyof typeof NEEDS;

/** Why a programmatic call of `command` is refused: it lacks `what`, or what it passed is not that. */
export function needs(command: CommandId, what: Need): string {
  return NEEDS[what](command);
}

/** A programmatic argument that has no default: missing, the call rejects and says which. */
export function required<T>(value: T | undefined, what: Need, command: CommandId): T {
  if (value === undefined || value === null) {
    throw new Error(needs(command, what));
  }
  return value;
}
