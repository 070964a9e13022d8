/**
 * Open as Table on a collection of 1,000 bins: the time from the command to the first rows in view
 * read and shown (the webview reported which rows it drew, and their records were sent to it), to
 * the last page listed, and the requests sent meanwhile, against the listing's pages plus one read per row in view.
 */
import * as vscode from 'vscode';
import type { BinService } from '../service/server';
import type { Account } from '../service/store';
import { BINS_PER_PAGE } from '../../src/core/api';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import type { TableSnapshot } from '../../src/extension/features/table/tableSession';

const BINS = 1_000;

export interface TableFigures {
  bins: number;
  firstRowsMs: number;
  /** An empty webview panel, from its creation to its script's first message: what any webview costs here. */
  emptyWebviewMs: number;
  /** The same for the session's first webview panel, which also starts the workbench's webview machinery (not counted in the others). */
  firstWebviewMs: number;
  /** To the last page listed and the rows then in view read. */
  listedMs: number;
  requests: number;
  pages: number;
  visibleRows: number;
  /** Reads of records: one per row in view is the target. */
  reads: number;
  /** Requests other than the listing's pages and the rows' reads (the collections' listing, once a session). */
  other: string[];
}

export async function measureTable(service: BinService, account: Account): Promise<TableFigures> {
  const collection = service.store.createCollection(account, 'Table bench');
  for (let i = 0; i < BINS; i++) {
    service.store.createBin(
      account,
      { title: `module ${i}`, objectives: ['a', 'b'], hours: i },
      { name: `module ${i}`, private: true, collectionId: collection.id },
    );
  }
  // The session's first webview starts what every later one shares: timed apart, before both.
  const firstWebviewMs = await timeEmptyWebview();
  const emptyWebviewMs = await timeEmptyWebview();
  const mark = service.log.length;
  const start = performance.now();
  const id = await vscode.commands.executeCommand<string>(Command.openTable, { collectionId: collection.id });
  let firstRowsMs: number | undefined;
  let shown: TableSnapshot;
  for (;;) {
    const s = await vscode.commands.executeCommand<TableSnapshot & { reading: boolean }>(Command.tableSnapshot, id);
    const read = new Set(s.rows.filter((r) => r.read).map((r) => r.id));
    const inView = s.visible.length > 0 && s.visible.every((v) => read.has(v));
    // The first rows: those in view, read and shown, while later pages may still be listed.
    firstRowsMs ??= inView ? performance.now() - start : undefined;
    if (!s.reading && inView) {
      shown = s;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const listedMs = performance.now() - start;
  const paths = service.requestsSince(mark).map((r) => `${r.method} ${r.path}`);
  const pages = paths.filter((p) => p.startsWith(`GET /v3/c/${collection.id}/bins`)).length;
  const reads = paths.filter((p) => p.startsWith('GET /v3/b/')).length;
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  return {
    bins: BINS,
    firstRowsMs: firstRowsMs ?? listedMs,
    emptyWebviewMs,
    firstWebviewMs,
    listedMs,
    requests: paths.length,
    pages,
    visibleRows: shown.visible.length,
    reads,
    other: paths.filter((p) => !p.startsWith('GET /v3/b/') && !p.startsWith(`GET /v3/c/${collection.id}/bins`)),
  };
}

/** A webview panel whose only script posts one message as it runs, opened where the table opens. */
async function timeEmptyWebview(): Promise<number> {
  const start = performance.now();
  const panel = vscode.window.createWebviewPanel('jsonbin.benchEmpty', 'Empty', vscode.ViewColumn.Active, { enableScripts: true });
  const posted = new Promise<void>((resolve) => panel.webview.onDidReceiveMessage(() => resolve()));
  panel.webview.html = `<!DOCTYPE html><html><body><script>acquireVsCodeApi().postMessage('ready');</script></body></html>`;
  await posted;
  const ms = performance.now() - start;
  panel.dispose();
  return ms;
}

/** The listing's pages for `BINS` bins: the last page is the one shorter than a full one. */
export const expectedPages = Math.floor(BINS / BINS_PER_PAGE) + 1;
