/** What the first script and the grid's share: the table as drawn before the grid starts, and the header's status. */
import type { ColumnView, GridTexts, RowView, TableStatus, TableWords } from '../protocol';

export interface FirstTable {
  words: TableWords;
  gridTexts: GridTexts;
  columns: ColumnView[];
  rows: RowView[];
  status: TableStatus;
}

/** What the table read and sent, and how many bins hold edits not saved yet (none: nothing said). */
export function showStatus(status: TableStatus): void {
  document.getElementById('status')!.textContent = status.read;
  const unsaved = document.getElementById('unsaved')!;
  unsaved.textContent = status.unsaved;
  unsaved.hidden = status.unsaved === '';
}
