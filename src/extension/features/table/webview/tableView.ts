/**
 * The table's grid script (bundled alone into dist/webview/table.js, loaded only when a table
 * opens, after firstRows.js, which drew the first rows meanwhile): AG Grid Community draws the
 * rows, virtualized, as an ARIA grid with its keyboard navigation; this script only turns the
 * extension's messages into the grid's rows and columns and sends back what the user did and which
 * rows are in view (the extension reads those).
 */
import {
  CellStyleModule,
  CheckboxEditorModule,
  ClientSideRowModelApiModule,
  ClientSideRowModelModule,
  ColumnApiModule,
  ColumnAutoSizeModule,
  createGrid,
  LocaleModule,
  ModuleRegistry,
  NumberEditorModule,
  QuickFilterModule,
  RowApiModule,
  RowStyleModule,
  SelectEditorModule,
  TextEditorModule,
  themeQuartz,
  TooltipModule,
  type ColDef,
  type GridApi,
} from 'ag-grid-community';
import type { CellView, ColumnView, FromWebview, RowView, TableWords, ToWebview } from '../protocol';
import type { TableBoot } from './firstRows';
import { type FirstTable, showStatus } from './firstTable';

ModuleRegistry.registerModules([
  ClientSideRowModelModule,
  ClientSideRowModelApiModule,
  ColumnApiModule,
  // Each column as wide as its header and the cells drawn, within WIDTHS, again as records are read.
  ColumnAutoSizeModule,
  RowApiModule,
  TextEditorModule,
  NumberEditorModule,
  CheckboxEditorModule,
  SelectEditorModule,
  QuickFilterModule,
  TooltipModule,
  CellStyleModule,
  RowStyleModule,
  // The grid's own texts in the user's language, as the extension sends them (`localeText`).
  LocaleModule,
]);

const boot = (window as unknown as { tableBoot: TableBoot }).tableBoot;
const post = (message: FromWebview) => boot.post(message);

/** The workbench's colours: the grid follows the theme, light, dark or high contrast. */
const theme = themeQuartz.withParams({
  backgroundColor: 'var(--vscode-editor-background)',
  foregroundColor: 'var(--vscode-editor-foreground)',
  headerBackgroundColor: 'var(--vscode-editorGroupHeader-tabsBackground)',
  borderColor: 'var(--vscode-panel-border)',
  accentColor: 'var(--vscode-focusBorder)',
  fontFamily: 'var(--vscode-font-family)',
  fontSize: 'var(--vscode-font-size)',
  rowHoverColor: 'var(--vscode-list-hoverBackground)',
  selectedRowBackgroundColor: 'var(--vscode-list-activeSelectionBackground)',
  // Half the theme's padding (16 pixels each side), as VS Code's lists have: more of a record's columns fit.
  cellHorizontalPadding: 8,
});

let api: GridApi<RowView> | undefined;
let words: TableWords;

/** Widths a column is sized to by its content: a long text is cut at the most (its whole text on hover in the bin's tab). */
const WIDTHS = { min: 64, max: 320 };

/**
 * The bin's name, after the mark of unsaved edits (as a tab's ●), shown while the row has the
 * `unsaved` class: the grid redraws a cell only when its value (the name) changes, a row's classes
 * whenever its data does.
 */
function nameCell(row: RowView | undefined): HTMLElement {
  const cell = document.createElement('span');
  const mark = document.createElement('span');
  mark.className = 'unsaved-mark';
  mark.textContent = '● ';
  mark.title = words.unsavedMark;
  mark.setAttribute('role', 'img');
  mark.setAttribute('aria-label', words.unsavedMark);
  cell.append(mark, row?.name ?? '');
  return cell;
}

const fixedColumns = (): ColDef<RowView>[] => [
  // Pinned: the row's name stays in sight while the properties scroll by.
  {
    colId: 'name',
    headerName: words.name,
    field: 'name',
    pinned: 'left',
    cellRenderer: (p: { data?: RowView }) => nameCell(p.data),
    headerTooltip: words.name,
  },
  { colId: 'validity', headerName: words.validity, field: 'validity', cellClassRules: { invalid: (p) => p.data?.valid === false } },
  { colId: 'privacy', headerName: words.privacy, field: 'privacy' },
  { colId: 'created', headerName: words.created, field: 'created' },
];

const cellOf = (row: RowView | undefined, column: string): CellView | undefined => row?.cells[column];

function propertyColumn(column: ColumnView): ColDef<RowView> {
  return {
    colId: column.id,
    headerName: column.header,
    headerTooltip: column.header,
    valueGetter: (p) => {
      const cell = cellOf(p.data, column.id);
      return cell?.value !== undefined ? cell.value : cell?.text;
    },
    // A drop-down's options are formatted with no row: each shows its own value.
    valueFormatter: (p) => (p.data ? (cellOf(p.data, column.id)?.text ?? '') : String(p.value)),
    valueSetter: (p) => {
      const cell = cellOf(p.data, column.id);
      if (!cell || p.newValue === p.oldValue) {
        return false;
      }
      post({ type: 'edit', id: p.data.id, column: column.id, value: (p.newValue as CellView['value']) ?? null });
      return false;
    },
    editable: (p) => !column.path && cellOf(p.data, column.id)?.value !== undefined,
    cellEditorSelector: (p) => {
      const cell = cellOf(p.data, column.id);
      if (cell?.options) {
        return { component: 'agSelectCellEditor', params: { values: cell.options } };
      }
      if (typeof cell?.value === 'number') {
        return { component: 'agNumberCellEditor' };
      }
      if (typeof cell?.value === 'boolean') {
        return { component: 'agCheckboxCellEditor' };
      }
      return { component: 'agTextCellEditor' };
    },
    tooltipValueGetter: (p) => cellOf(p.data, column.id)?.problem,
    cellClassRules: { invalid: (p) => cellOf(p.data, column.id)?.problem !== undefined, node: (p) => cellOf(p.data, column.id)?.node === true },
  };
}

function columnDefs(columns: ColumnView[]): ColDef<RowView>[] {
  return [...fixedColumns(), ...columns.map(propertyColumn)];
}

/** Which rows are in view and in what order: the extension reads the records of the rows in view. */
let reportQueued = false;
function reportShown(): void {
  if (reportQueued || !api) {
    return;
  }
  reportQueued = true;
  requestAnimationFrame(() => {
    reportQueued = false;
    const grid = api!;
    const visible: string[] = [];
    for (let i = Math.max(0, grid.getFirstDisplayedRowIndex()); i <= grid.getLastDisplayedRowIndex(); i++) {
      const id = grid.getDisplayedRowAtIndex(i)?.data?.id;
      if (id !== undefined) {
        visible.push(id);
      }
    }
    const order: string[] = [];
    grid.forEachNodeAfterFilterAndSort((node) => node.data && order.push(node.data.id));
    post({ type: 'shown', visible, order });
  });
}

/** The Columns list: a checkbox per column, which shows or hides it (the grid keeps the choice when columns are added). */
function listColumns(): void {
  const list = document.getElementById('columnList')!;
  list.replaceChildren(
    ...(api?.getColumns() ?? []).map((column) => {
      const label = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.checked = column.isVisible();
      box.addEventListener('change', () => api?.setColumnsVisible([column.getColId()], box.checked));
      label.append(box, ` ${column.getColDef().headerName ?? column.getColId()}`);
      return label;
    }),
  );
}

function openNode(id: string | undefined, column: string): void {
  if (id !== undefined && (api?.getRowNode(id)?.data?.cells[column]?.node ?? false)) {
    post({ type: 'open', id, column });
  }
}

/** The grid, in place of the first rows' plain table, from the table as drawn so far; returns what handles the later messages. */
function start(message: FirstTable): (message: ToWebview) => void {
  words = message.words;
  const host = document.getElementById('grid')!;
  host.setAttribute('aria-label', words.grid);
  host.replaceChildren();
  api = createGrid<RowView>(host, {
    theme,
    localeText: message.gridTexts,
    columnDefs: columnDefs(message.columns),
    rowData: message.rows,
    getRowId: (p) => p.data.id,
    // Rows in view only: a row's record is read when it is drawn, none ahead of the scroll.
    rowBuffer: 0,
    // Rows in the document in the order shown: a screen reader reads them as sorted.
    ensureDomOrder: true,
    // Every column drawn: a record has tens of properties, not thousands, and a screen reader sees them all.
    suppressColumnVirtualisation: true,
    // A column pinned stays so, and no other is dragged into the pinned name's place.
    defaultColDef: { sortable: true, resizable: true, minWidth: 48, lockPinned: true },
    // Headers count: a header is never cut. Continuous: again when rows are read or columns added; a column the user resized keeps its width.
    autoSizeStrategy: { type: 'fitCellContents', continuous: true, defaultMinWidth: WIDTHS.min, defaultMaxWidth: WIDTHS.max },
    singleClickEdit: false,
    // Columns dragged into another order stay there when columns are added (a JSONPath, a record's new property).
    maintainColumnOrder: true,
    stopEditingWhenCellsLoseFocus: true,
    tooltipShowDelay: 300,
    rowClassRules: { unsaved: (p) => p.data?.unsaved === true, 'invalid-row': (p) => p.data?.valid === false },
    onViewportChanged: reportShown,
    onModelUpdated: reportShown,
    onBodyScroll: reportShown,
    onCellDoubleClicked: (e) => openNode(e.data?.id, e.column.getColId()),
    onCellKeyDown: (e) => {
      if ('column' in e && (e.event as KeyboardEvent | undefined)?.key === 'Enter') {
        openNode(e.data?.id, e.column.getColId());
      }
    },
  });
  showStatus(message.status);
  document.addEventListener('keydown', undoKeys);
  wireHeader();
  listColumns();
  return receive;
}

/**
 * Undo and redo in the grid are the bins' documents' (VS Code's), sent to the extension: the
 * workbench would only undo in this page. A cell's editor and the header's boxes keep their own.
 */
function undoKeys(e: KeyboardEvent): void {
  const key = e.key.toLowerCase();
  const action = key === 'z' ? (e.shiftKey ? 'redo' : 'undo') : key === 'y' && !e.shiftKey ? 'redo' : undefined;
  if (
    !action ||
    !(e.ctrlKey || e.metaKey) ||
    e.altKey ||
    (e.target as Element).closest('input, textarea, [contenteditable], .ag-cell-inline-editing, .ag-popup')
  ) {
    return;
  }
  e.preventDefault();
  e.stopPropagation();
  post({ type: action });
}

function wireHeader(): void {
  const filter = document.getElementById('filter') as HTMLInputElement;
  filter.placeholder = words.filter;
  filter.setAttribute('aria-label', words.filter);
  filter.addEventListener('input', () => api?.setGridOption('quickFilterText', filter.value));
  const path = document.getElementById('path') as HTMLInputElement;
  path.placeholder = words.addColumnPlaceholder;
  path.setAttribute('aria-label', words.addColumn);
  document.getElementById('columnsLabel')!.textContent = words.columns;
  const add = document.getElementById('addColumn') as HTMLButtonElement;
  add.textContent = words.addColumn;
  const addPath = () => {
    if (path.value.trim()) {
      post({ type: 'addColumn', path: path.value.trim() });
      path.value = '';
    }
  };
  add.addEventListener('click', addPath);
  path.addEventListener('keydown', (e) => e.key === 'Enter' && addPath());
  const readAll = document.getElementById('readAll') as HTMLButtonElement;
  readAll.textContent = words.readAll;
  readAll.addEventListener('click', () => post({ type: 'readAll' }));
  const saveAll = document.getElementById('saveAll') as HTMLButtonElement;
  saveAll.textContent = words.saveAll;
  saveAll.addEventListener('click', () => post({ type: 'saveAll' }));
}

function receive(message: ToWebview): void {
  switch (message.type) {
    case 'add':
      api?.applyTransaction({ add: message.rows, addIndex: message.at });
      showStatus(message.status);
      break;
    case 'remove':
      api?.applyTransaction({ remove: message.ids.map((id) => api!.getRowNode(id)?.data).filter((row) => row !== undefined) });
      showStatus(message.status);
      break;
    case 'rows':
      api?.applyTransaction({ update: message.rows });
      showStatus(message.status);
      break;
    case 'columns':
      api?.setGridOption('columnDefs', columnDefs(message.columns));
      api?.applyTransaction({ update: message.rows });
      listColumns();
      break;
  }
}

boot.gridLoaded(start);
