/**
 * The command ids (written from the command table, `commandTable.ts`, into `commandIds.generated.ts`) and the
 * context keys of the extension: the only places their strings are written in `src/`. Each place a
 * command is invoked from has its own id, so that no handler has to guess what its arguments mean:
 * - the plain id is the palette (no arguments: it asks) and the programmatic form (documented
 *   arguments: it never asks);
 * - `jsonbin.row.*` is a tree row's menu or click: VS Code passes the row's node;
 * - `jsonbin.view.*` is the view's title bar: VS Code passes the focused node, which is ignored;
 * - `jsonbin.tab.*` is a tab's editor title: VS Code passes the tab's Uri;
 * - `jsonbin.explorer.*` is the Explorer's context menu: VS Code passes the clicked file's Uri and
 *   the Uris of every selected file;
 * - `jsonbin.scm.*` is the Source Control view of linked files: VS Code passes a file's resource
 *   state (and every selected one's), a group, or the source control.
 */
import { Command } from './commandIds.generated';

export { Command };

export type CommandId = (typeof Command)[keyof typeof Command];

/** Context keys that the manifest's `when` clauses read. */
export const ContextKey = {
  hasKey: 'jsonbin.hasKey',
  hostedService: 'jsonbin.hostedService',
  /** The bins view is narrowed by Filter Bins: its Clear Filter button shows. */
  filtered: 'jsonbin.filtered',
  /** The active account holds an access key: what needs the master key is hidden. */
  accessKey: 'jsonbin.accessKey',
  /** More than one account: Switch, Rename and Remove Account show. */
  severalAccounts: 'jsonbin.severalAccounts',
  /** The host can make TypeScript types (not the browser's): Copy as TypeScript Types shows. */
  typeScriptTypes: 'jsonbin.typeScriptTypes',
  /**
   * A bin was opened in this window, however: the walkthrough's "Open and edit a bin" ticks on it
   * (VS Code runs a row's click under an id of its own, which no completion event can name).
   */
  openedBin: 'jsonbin.openedBin',
  /** The active tab is the multi-diff editor of a Change Bins preview: Apply shows in its title. */
  changePreview: 'jsonbin.changePreview',
  /** The active tab is a bin holding a structured-output definition: Use as Schema Doc shows. */
  definitionTab: 'jsonbin.definitionTab',
} as const;

/** The one view of the extension. */
export const VIEW_ID = 'jsonbin.bins';
