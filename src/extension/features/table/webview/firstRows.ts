/**
 * The table's first script (dist/webview/firstRows.js, a few KB): it says the page is ready at once
 * and draws the first rows as a plain table from the extension's first message while the grid's
 * script (dist/webview/table.js, most of the page's weight) loads and starts; it reports the rows
 * in view, so that their records are read meanwhile. Once those rows are drawn, the grid takes the
 * table as it is by then (`TableBoot.gridLoaded`) and every later message.
 */
import type { FromWebview, ToWebview } from '../protocol';
import { type FirstTable, showStatus } from './firstTable';

export interface TableBoot {
  post(message: FromWebview): void;
  /** The grid's script, loaded: `start` makes the grid from the table drawn so far and returns what handles the later messages. */
  gridLoaded(start: (table: FirstTable) => (message: ToWebview) => void): void;
}

declare function acquireVsCodeApi(): { postMessage(message: FromWebview): void };
const vscode = acquireVsCodeApi();
const post = (message: FromWebview) => vscode.postMessage(message);

let table: FirstTable | undefined;
let startGrid: ((table: FirstTable) => (message: ToWebview) => void) | undefined;
let grid: ((message: ToWebview) => void) | undefined;
let starting = false;
let seen = false;

/** The table after a message, as the grid would show it unsorted and unfiltered. */
function apply(message: ToWebview): void {
  if (message.type === 'init') {
    table = { words: message.words, gridTexts: message.gridTexts, columns: message.columns, rows: message.rows, status: message.status };
    return;
  }
  if (!table) {
    return;
  }
  const byId = new Map('rows' in message ? message.rows.map((row) => [row.id, row]) : []);
  switch (message.type) {
    case 'add':
      table.rows.splice(message.at ?? table.rows.length, 0, ...message.rows);
      break;
    case 'remove':
      table.rows = table.rows.filter((row) => !message.ids.includes(row.id));
      break;
    case 'rows':
      table.rows = table.rows.map((row) => byId.get(row.id) ?? row);
      break;
    case 'columns':
      table.columns = message.columns;
      table.rows = table.rows.map((row) => byId.get(row.id) ?? row);
      break;
  }
  if ('status' in message) {
    table.status = message.status;
  }
}

/** The rows as a plain table of the grid's row and header heights (page.ts), and those in view reported. */
function draw(shown: FirstTable): void {
  const host = document.getElementById('grid')!;
  const headers = [shown.words.name, shown.words.validity, shown.words.privacy, shown.words.created, ...shown.columns.map((c) => c.header)];
  const plain = document.createElement('div');
  plain.className = 'first-rows';
  plain.setAttribute('role', 'table');
  plain.setAttribute('aria-label', shown.words.grid);
  plain.setAttribute('aria-busy', 'true');
  plain.style.gridTemplateColumns = `repeat(${headers.length}, minmax(64px, max-content))`;
  const cell = (text: string, role: string, className = '') => {
    const element = document.createElement('div');
    element.setAttribute('role', role);
    element.className = className;
    element.textContent = text;
    return element;
  };
  const row = (cells: HTMLElement[], id?: string) => {
    const element = document.createElement('div');
    element.setAttribute('role', 'row');
    if (id !== undefined) {
      element.dataset.id = id;
    }
    element.append(...cells);
    return element;
  };
  plain.append(
    row(headers.map((h) => cell(h, 'columnheader'))),
    // A hundred rows fill any panel: the rest waits for the grid.
    ...shown.rows.slice(0, 100).map((r) =>
      row(
        [
          cell(r.name, 'cell'),
          cell(r.validity, 'cell', r.valid === false ? 'invalid' : ''),
          cell(r.privacy, 'cell'),
          cell(r.created, 'cell'),
          ...shown.columns.map((c) => {
            const value = r.cells[c.id];
            return cell(value?.text ?? '', 'cell', value?.problem !== undefined ? 'invalid' : value?.node ? 'node' : '');
          }),
        ],
        r.id,
      ),
    ),
  );
  host.replaceChildren(plain);
  showStatus(shown.status);
  const view = plain.getBoundingClientRect();
  const top = plain.firstElementChild!.firstElementChild!.getBoundingClientRect().bottom;
  const visible = Array.from(plain.children)
    .slice(1)
    .flatMap((r) => {
      const box = r.firstElementChild!.getBoundingClientRect();
      return box.bottom > top && box.top < view.bottom ? [(r as HTMLElement).dataset.id!] : [];
    });
  post({ type: 'shown', visible, order: shown.rows.map((r) => r.id) });
  loadGrid();
}

/**
 * The grid starts once the extension has the first report of the rows in view (`inView`): its
 * start takes the page's thread for a while, and would hold the report back on its way.
 */
function startWhenSeen(): void {
  if (starting || !seen || !table || !startGrid) {
    return;
  }
  starting = true;
  grid = startGrid(table);
}

window.addEventListener('message', (event: MessageEvent<ToWebview>) => {
  if (grid) {
    grid(event.data);
    return;
  }
  if (event.data.type === 'inView') {
    seen = true;
  } else {
    apply(event.data);
    if (table) {
      draw(table);
    }
  }
  startWhenSeen();
});

(window as unknown as { tableBoot: TableBoot }).tableBoot = {
  post,
  gridLoaded(start) {
    startGrid = start;
    startWhenSeen();
  },
};

const self = document.currentScript as HTMLScriptElement;
let gridRequested = false;

/** The grid's script (its URL beside this one's), fetched once the first rows are drawn and reported: parsing it takes the page's thread a while. */
function loadGrid(): void {
  if (gridRequested) {
    return;
  }
  gridRequested = true;
  const gridScript = document.createElement('script');
  gridScript.nonce = self.nonce;
  gridScript.src = self.dataset.grid!;
  document.body.append(gridScript);
}

post({ type: 'ready' });
