/**
 * A cell's edit, made the VS Code way: it changes the bin's text document (its open tab's, or one
 * the table opens without showing it) through a WorkspaceEdit, so the document is dirty, undo and
 * redo are VS Code's and the tab shows the same text; a save goes through the file system
 * provider and the one write path, as a tab's does.
 */
import * as vscode from 'vscode';
import { findNodeAtLocation, modify, parseTree } from 'jsonc-parser';
import { binUri } from '../../fs/uris';
import { editedValue, type Scalar } from '../../../core/store/tableModel';
import { openDocumentsOf } from '../binTarget';
import type { Parts } from '../parts';
import type { TableSession } from './tableSession';

/** Records are written with two spaces, as the store serializes them: an edit keeps their layout. */
const FORMATTING = { insertSpaces: true, tabSize: 2, eol: '\n' };

/** The bin's document: its tab's, or opened now without a tab (one read when the store holds no fresh one). */
async function documentOf(p: Pick<Parts, 'account'>, session: TableSession, id: string): Promise<vscode.TextDocument> {
  const [open] = openDocumentsOf(p.account.id, id);
  const name = session.source.bins.find((b) => b.id === id)?.name;
  return open ?? vscode.workspace.openTextDocument(binUri(id, name, undefined, p.account.id));
}

/**
 * Sets top-level property `key` of the bin's record to `typed` in its document; the document is
 * dirty until saved. Resolves with whether the text changed.
 */
export async function editCell(p: Pick<Parts, 'account'>, session: TableSession, id: string, key: string, typed: Scalar): Promise<boolean> {
  const document = await documentOf(p, session, id);
  const text = document.getText();
  const previous = findNodeAtLocation(parseTree(text) ?? { type: 'null', offset: 0, length: 0 }, [key])?.value as Scalar | undefined;
  const value = editedValue(previous, typed);
  if (value === previous) {
    return false;
  }
  const edit = new vscode.WorkspaceEdit();
  for (const change of modify(text, [key], value, { formattingOptions: FORMATTING })) {
    edit.replace(document.uri, new vscode.Range(document.positionAt(change.offset), document.positionAt(change.offset + change.length)), change.content);
  }
  if (!(await vscode.workspace.applyEdit(edit))) {
    throw new Error(vscode.l10n.t('Could not edit {0}: its document refused the change', session.source.bins.find((b) => b.id === id)?.name ?? id));
  }
  return true;
}

/**
 * Undo and redo pressed in the grid: VS Code's own, in the document of the table's last edit (or
 * last undone one), so that the document keeps one undo stack with its tab and is clean again
 * once back at its saved text. Only a focused text editor undoes: the document is shown, focused,
 * where an editor shows it already, else beside the table, and keeps the focus (handed back to the
 * webview, it was at times left in the webview's outer frame, where the next key went nowhere).
 */
export class EditHistory {
  private readonly done: string[] = [];
  private readonly undone: string[] = [];

  edited(id: string): void {
    this.done.push(id);
    this.undone.length = 0;
  }

  async step(direction: 'undo' | 'redo', account: string): Promise<void> {
    const [from, to] = direction === 'undo' ? [this.done, this.undone] : [this.undone, this.done];
    const id = from.pop();
    // A document VS Code has let go of (no tab, nothing unsaved) has nothing left to undo.
    const [document] = id === undefined ? [] : openDocumentsOf(account, id);
    if (!document) {
      return;
    }
    to.push(id!);
    const shown = vscode.window.visibleTextEditors.find((e) => e.document === document);
    await vscode.window.showTextDocument(document, { viewColumn: shown?.viewColumn ?? vscode.ViewColumn.Beside, preserveFocus: false, preview: false });
    await vscode.commands.executeCommand(direction);
  }
}

/** Opens the bin's tab with the value of top-level property `key` selected. */
export async function openAt(p: Pick<Parts, 'account'>, session: TableSession, id: string, key: string): Promise<vscode.TextEditor> {
  const document = await documentOf(p, session, id);
  const node = findNodeAtLocation(parseTree(document.getText()) ?? { type: 'null', offset: 0, length: 0 }, [key]);
  const selection = node && new vscode.Range(document.positionAt(node.offset), document.positionAt(node.offset + node.length));
  return vscode.window.showTextDocument(document, { selection, preview: false });
}
