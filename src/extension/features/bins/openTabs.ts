/** Tabs that show a bin or a schema doc follow what commands change: a new name retitles them. */
import * as vscode from 'vscode';
import { binUri, schemaDocUri } from '../../fs/uris';
import { openDocumentsOf } from '../binTarget';
import type { Parts } from '../parts';

/** A bin's latest record or a schema doc (a version's tab keeps its own title). */
type Titled = { kind: 'bin' | 'schema'; id: string };

function tabsOf(uri: vscode.Uri): vscode.Tab[] {
  const key = uri.toString();
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs).filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === key);
}

/**
 * A tab's title is its Uri's file name, so a renamed bin's or schema doc's tabs are reopened under
 * the new name, unsaved edits carried over. The record is served from the tab's text, costing no
 * request; a tab with unsaved edits no longer holds the text it was read with, so its record is
 * fetched again, unless the rename itself just stored it (a schema doc's).
 */
export async function retitleTabs(p: Pick<Parts, 'account' | 'bins'>, resource: Titled, name: string): Promise<void> {
  const renamed = resource.kind === 'bin' ? binUri(resource.id, name, undefined, p.account.id) : schemaDocUri(resource.id, name, p.account.id);
  for (const document of openDocumentsOf(p.account.id, resource.id, resource.kind)) {
    const tabs = tabsOf(document.uri);
    if (document.uri.toString() === renamed.toString() || tabs.length === 0) {
      continue;
    }
    const unsaved = document.isDirty ? document.getText() : undefined;
    p.bins.keepForReopen(resource, unsaved === undefined ? document.getText() : undefined);
    const editor = await vscode.window.showTextDocument(renamed, { viewColumn: tabs[0].group.viewColumn, preview: false });
    if (unsaved !== undefined) {
      const base = editor.document.getText();
      // Opening read the record; the edits carried over were based on what the old tab read.
      p.bins.baselines.carry(document.uri.toString(), renamed.toString());
      const whole = new vscode.Range(editor.document.positionAt(0), editor.document.positionAt(editor.document.getText().length));
      await editor.edit((b) => b.replace(whole, unsaved));
      // The edits now live in the renamed tab: the old one closes without asking to save
      // (reverting reads the record again, also from what was fetched).
      p.bins.keepForReopen(resource, base);
      if (!(await revert(document, tabs[0].group.viewColumn))) {
        // Closing it would ask to save the edits under the old name: the tab stays, edits and all.
        continue;
      }
    }
    await vscode.window.tabGroups.close(tabsOf(document.uri));
    await vscode.window.showTextDocument(editor.document, { viewColumn: tabs[0].group.viewColumn });
  }
}

/**
 * Reverts `document`. VS Code's revert acts on the active editor only, so the document is made
 * active first, and checked: reverting another tab would drop the edits just carried over.
 */
export async function revert(document: vscode.TextDocument, viewColumn: vscode.ViewColumn | undefined): Promise<boolean> {
  for (let attempt = 0; attempt < 3 && document.isDirty; attempt++) {
    await vscode.window.showTextDocument(document, { viewColumn, preview: false });
    if (vscode.window.activeTextEditor?.document === document) {
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  }
  return !document.isDirty;
}
