/**
 * The messages between a table's panel (the extension) and its webview script: plain data, no
 * `vscode`, so that the webview's bundle imports the types alone. Every word the webview shows
 * comes localized from the extension (`TableWords`, the grid's own `GridTexts`, the header's `TableStatus`).
 */

/** One cell as the grid shows it: the value's short text, and whether and how it is edited in place. */
export interface CellView {
  text: string;
  /** A string, number, boolean or null value, edited in its cell; absent for arrays, objects and missing values. */
  value?: string | number | boolean | null;
  /** A summary of an array or object (`3 items`): opening it opens the bin's tab at that node. */
  node?: boolean;
  /** The schema problem at this value (or inside it), on hover. */
  problem?: string;
  /** The schema doc's enum for this property: a drop-down. */
  options?: (string | number | boolean | null)[];
}

export interface RowView {
  id: string;
  name: string;
  privacy: string;
  created: string;
  /** Whether the record was read: an unread row shows only the listing's fields. */
  read: boolean;
  /** The validity's text (`Valid`, `2 problems`, `Not checked`), empty while unread. */
  validity: string;
  valid?: boolean;
  unsaved: boolean;
  cells: Record<string, CellView>;
}

export interface ColumnView {
  /** The property's name, or `$path` for a JSONPath column. */
  id: string;
  header: string;
  /** A user-added JSONPath column: never edited in place. */
  path?: boolean;
}

export interface TableWords {
  name: string;
  privacy: string;
  created: string;
  validity: string;
  /** The mark's label on a row whose bin has unsaved edits (read by a screen reader, and on hover). */
  unsavedMark: string;
  filter: string;
  addColumn: string;
  /** The list of columns, each shown or hidden. */
  columns: string;
  addColumnPlaceholder: string;
  readAll: string;
  saveAll: string;
  grid: string;
}

/**
 * AG Grid's own texts that this table can show, by the grid's locale keys (its `localeText`): those
 * of the modules the webview registers and the options it sets, namely the overlays of no rows and
 * of no row the filter keeps, a sortable header's hint, the editors' labels and the select editor's
 * refusal of a value its enum lacks. A module the webview registers later brings its keys here
 * (test/unit/extension/features/table/protocol.test.ts checks that AG Grid looks each of them up).
 */
export const GRID_TEXT_KEYS = [
  'noRowsToShow',
  'noMatchingRows',
  'ariaSortableColumn',
  'ariaInputEditor',
  'ariaLabelSelectField',
  'invalidSelectionValidation',
  'ariaValidationErrorPrefix',
  'ariaToggleCellValue',
  'ariaChecked',
  'ariaUnchecked',
] as const;

export type GridTexts = Record<(typeof GRID_TEXT_KEYS)[number], string>;

/** The header's status: what was read and sent, and the bins with unsaved edits (empty when none). */
export interface TableStatus {
  read: string;
  unsaved: string;
}

export type ToWebview =
  | { type: 'init'; words: TableWords; gridTexts: GridTexts; columns: ColumnView[]; rows: RowView[]; status: TableStatus }
  | { type: 'rows'; rows: RowView[]; status: TableStatus }
  /** Rows of the listing's next page, or bins created in it (`at` 0: first, as the listing has them). */
  | { type: 'add'; rows: RowView[]; status: TableStatus; at?: number }
  /** Rows of bins deleted. */
  | { type: 'remove'; ids: string[]; status: TableStatus }
  | { type: 'columns'; columns: ColumnView[]; rows: RowView[] }
  /** The first report of the rows in view arrived (their reads start): the webview starts its grid only then, which would hold the report back. */
  | { type: 'inView' };

/** What the grid shows now, as the webview reports it after each change of its viewport, sort or filter. */
export interface Shown {
  /** Ids of the rows in view, top to bottom. */
  visible: string[];
  /** Ids of every row the filter keeps, in the sorted order. */
  order: string[];
}

export type FromWebview =
  | { type: 'ready' }
  | ({ type: 'shown' } & Shown)
  | { type: 'edit'; id: string; column: string; value: string | number | boolean | null }
  | { type: 'open'; id: string; column: string }
  | { type: 'addColumn'; path: string }
  | { type: 'readAll' }
  | { type: 'saveAll' }
  /** Ctrl+Z, Ctrl+Shift+Z or Ctrl+Y in the grid, outside a cell's editor. */
  | { type: 'undo' }
  | { type: 'redo' };
