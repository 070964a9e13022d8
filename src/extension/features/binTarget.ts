/** Which bin a command acts on, from each place it can be invoked, and the tabs that show it. */
import * as vscode from 'vscode';
import { binUri, parseUri } from '../fs/uris';
import { BinNode } from './tree/nodes';
import type { Prompter } from '../ui/prompter';
import type { Parts } from './parts';
import { askBinReference } from '../ui/prompts';

/** A bin as the interactive forms know it: its id, and its name when the row or tab gave it. */
export interface BinTarget {
  id: string;
  name?: string;
}

/** Palette: the bin of the active tab (its record, a version or a part of it) when it is the account's, else asked for. */
export async function activeOrAskedBin(ui: Prompter, account: string): Promise<BinTarget> {
  const active = vscode.window.activeTextEditor && parseUri(vscode.window.activeTextEditor.document.uri, account);
  if (active && active.kind !== 'schema') {
    return { id: active.id };
  }
  return { id: await askBinReference(ui) };
}

export function rowBin(node: BinNode): BinTarget {
  return { id: node.id, name: node.bin.name };
}

/**
 * The bins a row command acts on: the clicked row, or every selected row when VS Code passes the
 * selection (the clicked row is among them). A selection holding other rows (a collection, an
 * account) or another account's bins is refused whole: nothing is done to part of it.
 */
export function selectedBins(node: BinNode, selected: readonly unknown[] | undefined): BinTarget[] {
  return selectedRows(node, selected).map(rowBin);
}

/** As `selectedBins`, the rows themselves. */
export function selectedRows(node: BinNode, selected: readonly unknown[] | undefined): BinNode[] {
  if (!selected || selected.length <= 1) {
    return [node];
  }
  if (!selected.every((row): row is BinNode => row instanceof BinNode)) {
    throw new Error(vscode.l10n.t('The selection holds rows that are not bins: select only bins for this command'));
  }
  if (selected.some((row) => row.account !== node.account)) {
    throw new Error(vscode.l10n.t("The selection holds bins of several accounts: select one account's bins for this command"));
  }
  return [...selected];
}

/** Several bins named in one message: their names (or ids), listed. */
export function labelsOf(targets: readonly BinTarget[]): string {
  return targets.map(labelOf).join(', ');
}

/** Editor title: the tab's Uri names the bin. */
export function tabBin(uri: vscode.Uri): BinTarget {
  const resource = parseUri(uri);
  if (resource?.kind !== 'bin') {
    throw notABin(uri);
  }
  return { id: resource.id };
}

/** A tab's Uri where a bin's was expected. */
export function notABin(uri: vscode.Uri): Error {
  return new Error(vscode.l10n.t('Not a bin: {0}', uri.toString()));
}

export function labelOf(target: BinTarget): string {
  return target.name ?? target.id;
}

/** An account's open documents of a bin's latest record (not its versions), or of a schema doc. */
export function openDocumentsOf(account: string, id: string, kind: 'bin' | 'schema' = 'bin'): vscode.TextDocument[] {
  return vscode.workspace.textDocuments.filter((d) => {
    const r = parseUri(d.uri, account);
    return r?.kind === kind && r.id === id && !(r.kind === 'bin' && r.version !== undefined);
  });
}

/** The text of a tab of the bin (or schema doc) with unsaved edits: checks and drafts take it as it is, unread. */
export function unsavedTextOf(account: string, id: string, kind: 'bin' | 'schema' = 'bin'): string | undefined {
  return openDocumentsOf(account, id, kind)
    .find((d) => d.isDirty)
    ?.getText();
}

/** A bin's name as this window knows it (remembered, or read), without a request. */
export function knownBinName(p: Pick<Parts, 'bins' | 'remembered'>, id: string): string | undefined {
  return p.remembered.get(id)?.name ?? p.bins.known({ kind: 'bin', id })?.name;
}

/** An open tab of the bin is reused; otherwise one read titles the tab and serves the open. */
export async function uriFor(p: Pick<Parts, 'account' | 'bins'>, id: string, name?: string): Promise<vscode.Uri> {
  const [open] = openDocumentsOf(p.account.id, id);
  if (open) {
    return open.uri;
  }
  if (name !== undefined) {
    return binUri(id, name, undefined, p.account.id);
  }
  const entry = await p.bins.fetchOrOffline({ kind: 'bin', id });
  return binUri(id, entry.name, undefined, p.account.id);
}
