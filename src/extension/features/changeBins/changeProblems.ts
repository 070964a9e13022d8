/**
 * What a preview found besides the diff, said in the change's tab where it is written: the bins
 * an operation does not apply to at that operation, and the bins left out, not read or that would
 * be invalid at the start. The notification stays one short line; the tab keeps the detail until
 * its text changes.
 */
import * as vscode from 'vscode';
import type { ChangePreview } from '../../../core/store/manyBinsChange';

/** A diagnostic names this many bins at most; the command's result has them all. */
const NAMED = 10;

let found: vscode.DiagnosticCollection | undefined;

function collection(): vscode.DiagnosticCollection {
  if (!found) {
    const diagnostics = vscode.languages.createDiagnosticCollection('jsonbin.changeBins');
    // Said of a text: an edit or a close leaves it unsaid.
    vscode.workspace.onDidChangeTextDocument((e) => e.contentChanges.length > 0 && diagnostics.has(e.document.uri) && diagnostics.delete(e.document.uri));
    vscode.workspace.onDidCloseTextDocument((d) => diagnostics.delete(d.uri));
    found = diagnostics;
  }
  return found;
}

const nameOf = (bin: { id: string; name?: string }) => bin.name ?? bin.id;

function listed(items: string[]): string {
  const shown = items.slice(0, NAMED).join(', ');
  return items.length > NAMED ? vscode.l10n.t('{0} and {1} more', shown, items.length - NAMED) : shown;
}

/** Replaces what the tab says with what this preview found. */
export async function showChangeProblems(tab: vscode.TextDocument, preview: ChangePreview): Promise<void> {
  const text = tab.getText();
  const { parseTree } = await import('jsonc-parser');
  const operations = parseTree(text)?.children ?? [];
  const start = text.length - text.trimStart().length;
  const rangeOf = (operation: number | undefined) => {
    const node = operation === undefined ? undefined : operations[operation];
    return node
      ? new vscode.Range(tab.positionAt(node.offset), tab.positionAt(node.offset + node.length))
      : new vscode.Range(tab.positionAt(start), tab.positionAt(start + 1));
  };
  const said = (range: vscode.Range, message: string, severity: vscode.DiagnosticSeverity) => {
    const diagnostic = new vscode.Diagnostic(range, message, severity);
    diagnostic.source = 'JSONBin';
    return diagnostic;
  };
  // The bins each operation stopped, for the same reason, in one diagnostic.
  const stopped = new Map<string, { operation?: number; reason: string; bins: string[] }>();
  for (const bin of preview.notApplicable) {
    const key = `${bin.operation}:${bin.reason}`;
    const entry = stopped.get(key) ?? { operation: bin.operation, reason: bin.reason, bins: [] };
    entry.bins.push(nameOf(bin));
    stopped.set(key, entry);
  }
  const diagnostics = [...stopped.values()].map(({ operation, reason, bins }) =>
    said(rangeOf(operation), vscode.l10n.t('Does not apply to {0}: {1}', listed(bins), reason), vscode.DiagnosticSeverity.Information),
  );
  if (preview.invalid.length > 0) {
    const names = listed(preview.invalid.map(nameOf));
    diagnostics.push(
      said(rangeOf(undefined), vscode.l10n.t('Would be invalid, not sent (see the Problems panel): {0}', names), vscode.DiagnosticSeverity.Warning),
    );
  }
  for (const [bins, message] of [
    [preview.skipped, (list: string) => vscode.l10n.t('Left out: {0}', list)],
    [preview.failed, (list: string) => vscode.l10n.t('Not read: {0}', list)],
  ] as const) {
    if (bins.length > 0) {
      const list = listed(bins.map((b) => vscode.l10n.t('{0} ({1})', b.id, b.reason)));
      diagnostics.push(said(rangeOf(undefined), message(list), vscode.DiagnosticSeverity.Warning));
    }
  }
  collection().set(tab.uri, diagnostics);
}

/** After an apply, what the preview found no longer stands. */
export function clearChangeProblems(tab: vscode.Uri): void {
  found?.delete(tab);
}
