/** What the menu suite shares with its cases, grouped by family in this folder. */
import * as vscode from 'vscode';
import type { Node } from '../../../src/extension/features/tree/nodes';
import type { LogEntry } from '../../service/server';
import type { MenuEntry, World } from '../support';

/** What the user types or picks, confirms, or chooses in a file dialog. */
export type Answer = string | true | vscode.Uri | vscode.Uri[];
export interface Place {
  menu: string;
  entry: MenuEntry;
}
/** A case runs one place's command for one row kind (or none) and checks the effect. */
export type Case = (place: Place, kind: string | undefined) => Promise<void>;
export interface Bin {
  id: string;
  name: string;
}

/** The suite's world and helpers; the world and collections exist once `before` has run. */
export interface MenuContext {
  readonly w: World;
  readonly collectionWithSchema: { id: string; name: string; schemaDocId: string };
  readonly plainCollection: { id: string; name: string };
  /** The questions asked in the current run of a case, in order. */
  readonly asked: readonly string[];
  /** A number not used before in this run, for unique names. */
  next: () => number;
  /** Runs a command as a place does, with these answers ready; every answer must be asked for. */
  invoke: (command: string, args: unknown[], ...given: Answer[]) => Promise<LogEntry[]>;
  /** What a place passes: a row's node, a tab's Uri and editor context, the focused row, nothing. */
  argsFor: (place: Place, kind: string | undefined, bin?: Bin) => Promise<unknown[]>;
  /** A bin to act on: in the plain collection, or remembered (added by id), with two versions. */
  newBin: (kind?: string) => Promise<Bin>;
  /** Bin actions: the palette asks for the bin (no tab is open), the row and tab give it. */
  binCase: (answers: (bin: Bin) => Answer[], check: (bin: Bin, requests: LogEntry[]) => Promise<void> | void, kindOfNewBin?: string) => Case;
  roots: () => Promise<Node[]>;
  rowsOf: (parent: Node) => Promise<Node[]>;
  row: (parent: Node, label: string) => Promise<Node>;
}

export { pathsOf, run } from '../support';
export const activeUri = () => vscode.window.activeTextEditor?.document.uri.toString();
export const activeTab = () => vscode.window.tabGroups.activeTabGroup.activeTab?.input;
