/**
 * The command ids (written from the command table, `commandTable.ts`, into `commandIds.generated.ts`) and the
 * context keys of the extension (`contextKeyNames.ts`, apart so that activation loads them without
 * every command id): the only places their strings are written in `src/`. Each place a
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
import { ContextKey, VIEW_ID } from './contextKeyNames';

export { Command, ContextKey, VIEW_ID };

export type CommandId = (typeof Command)[keyof typeof Command];
