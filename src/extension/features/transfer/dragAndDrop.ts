/**
 * Drag and drop on the JSONBin view: files from the Explorer onto a row, bin rows onto another
 * collection. Loaded at activation, so it only says what it accepts; what a drop does loads with
 * the first drop.
 */
import * as vscode from 'vscode';
import type { Node } from '../tree/nodes';
import type { DropParts } from './dropOnTree';

/** Bin rows dragged within the view: the value is the rows themselves. */
const BIN_ROWS = 'application/vnd.jsonbin.bin-rows';
/** What the Explorer (and the OS) give for dragged files. */
const URI_LIST = 'text/uri-list';

/** `partsOf` gives the parts of the account dropped on (a node's; the active account's for the view's empty space). */
export function dragAndDrop(partsOf: (target: Node | undefined) => Promise<DropParts>): vscode.TreeDragAndDropController<Node> {
  return {
    dragMimeTypes: [BIN_ROWS],
    dropMimeTypes: [BIN_ROWS, URI_LIST],
    handleDrag: (nodes, transfer) => {
      const bins = nodes.filter((n) => n.contextValue.startsWith('bin'));
      if (bins.length > 0) {
        transfer.set(BIN_ROWS, new vscode.DataTransferItem(bins));
      }
    },
    handleDrop: async (target, transfer) => {
      const { dropOnTree } = await import('./dropOnTree.js');
      const rows = transfer.get(BIN_ROWS);
      // Dragged rows carry their bins' URIs (their resourceUri) as a uri-list too: those are the rows, not files.
      await dropOnTree(await partsOf(target), target, rows?.value, rows ? undefined : await transfer.get(URI_LIST)?.asString());
    },
  };
}
