/** The words a table's webview shows, in the user's language: its own, and AG Grid's (given to the grid as its `localeText`). */
import * as vscode from 'vscode';
import type { GridTexts, TableWords } from './protocol';

export function tableWords(): TableWords {
  return {
    name: vscode.l10n.t('Name'),
    privacy: vscode.l10n.t('Privacy'),
    created: vscode.l10n.t('Created'),
    validity: vscode.l10n.t('Schema'),
    unsavedMark: vscode.l10n.t({
      message: "Unsaved edits, kept in the bin's tab until saved",
      comment: ["The mark before a bin's name in the table, as a tab's dot"],
    }),
    filter: vscode.l10n.t('Filter the rows read'),
    addColumn: vscode.l10n.t('Add Column'),
    columns: vscode.l10n.t('Columns'),
    addColumnPlaceholder: vscode.l10n.t('JSONPath, such as $.objectives.length'),
    readAll: vscode.l10n.t('Read All'),
    saveAll: vscode.l10n.t('Save All'),
    grid: vscode.l10n.t('Bins'),
  };
}

/** AG Grid's texts in this table (see `GRID_TEXT_KEYS`): said of bins, as the table's rows are. */
export function gridTexts(): GridTexts {
  return {
    noRowsToShow: vscode.l10n.t('No bins to show'),
    noMatchingRows: vscode.l10n.t('No bins match the filter'),
    ariaSortableColumn: vscode.l10n.t({ message: 'Press Enter to sort', comment: ["Read by a screen reader on a column's header in the table of bins"] }),
    ariaInputEditor: vscode.l10n.t({ message: 'Cell editor', comment: ["Read by a screen reader: the field that edits a cell's value in the table of bins"] }),
    ariaLabelSelectField: vscode.l10n.t({
      message: 'Allowed values',
      comment: ['Read by a screen reader: the drop-down of the values the schema doc allows, in the table of bins'],
    }),
    invalidSelectionValidation: vscode.l10n.t({
      message: 'Not one of the allowed values.',
      comment: ["Shown on a cell whose value the schema doc's enum lacks"],
    }),
    ariaValidationErrorPrefix: vscode.l10n.t({
      message: 'Cell editor problem:',
      comment: ["Read by a screen reader in the table of bins, before the column's name and the problem"],
    }),
    ariaToggleCellValue: vscode.l10n.t({
      message: 'Press Space to switch the value',
      comment: ['Read by a screen reader on a true or false value being edited in the table of bins'],
    }),
    ariaChecked: vscode.l10n.t({ message: 'checked', comment: ['Read by a screen reader: the state of a true value being edited in the table of bins'] }),
    ariaUnchecked: vscode.l10n.t({ message: 'unchecked', comment: ['Read by a screen reader: the state of a false value being edited in the table of bins'] }),
  };
}
