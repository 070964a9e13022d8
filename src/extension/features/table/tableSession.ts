/**
 * What one table holds: its bins, their records' texts (an open tab's text first: the table shows
 * what the tab shows), each record's check against the schema doc, the columns, and the rows and
 * snapshot made of them. The panel feeds it; it sends nothing itself.
 */
import * as vscode from 'vscode';
import { UNCATEGORIZED, type Json, type RequestScope } from '../../../core/api';
import { recordText } from '../../../core/api/record';
import { listingAfter, type BinChange } from '../../../core/store/binEvents';
import { cellOf, columnId, enumOf, problemsByProperty, propertyColumns, type Column } from '../../../core/store/tableModel';
import type { TextCheck } from '../../../core/schema/validator';
import { openDocumentsOf } from '../binTarget';
import type { CellView, ColumnView, RowView } from './protocol';
import type { TableSource } from './tableSource';

interface ReadRecord {
  text: string;
  /** Undefined when the text is not JSON. */
  json?: Json;
  check?: TextCheck;
  /** The check failed (the schema doc cannot be used): said in the row. */
  notChecked?: string;
}

/** What `jsonbin.tableSnapshot` answers: what the table shows, cell by cell. */
export interface TableSnapshot {
  id: string;
  title: string;
  columns: string[];
  rows: {
    id: string;
    name: string;
    /** As the row shows it (`Private`, `Public`, in the user's language). */
    privacy: string;
    read: boolean;
    valid?: boolean;
    unsaved: boolean;
    cells: { [column: string]: string };
    problems: { [column: string]: string };
  }[];
  /** Rows in view, top to bottom, and every row the filter keeps in the sorted order, as the grid reported last. */
  visible: string[];
  order: string[];
  /** Requests this table sent: the listing's pages, the schema doc's look-up and its reads. */
  requests: number;
}

export class TableSession {
  private readonly records = new Map<string, ReadRecord>();
  private readonly paths: Column[] = [];
  visible: string[] = [];
  order: string[] = [];

  constructor(
    readonly id: string,
    readonly source: TableSource,
    private readonly account: string,
    /** What the table sends is counted for it, from its title's look-up on. */
    readonly scope: RequestScope,
  ) {}

  /** Requests this table sent, as the transport counted them. */
  get requests(): number {
    return this.scope.sent;
  }

  /** The listing's next page: its bins' rows (those not shown already: a bin created meanwhile may be), which it returns. */
  add(bins: TableSource['bins']): TableSource['bins'] {
    const shown = new Set(this.ids);
    const added = bins.filter((b) => !shown.has(b.id));
    this.source.bins.push(...added);
    return added;
  }

  /**
   * The rows after bins changed, as the listing would be listed next (`listingAfter`), with no
   * request: a bin created in the table's listing comes first, with the record it was created with.
   * What it changed: rows added (in order, from the top), removed, and changed.
   */
  follow(changes: readonly BinChange[]): { added: string[]; removed: string[]; changed: string[] } {
    const { listing } = this.source;
    const before = new Map(this.source.bins.map((b) => [b.id, b]));
    for (const change of changes) {
      // A table of bins by id lists nothing: a bin created elsewhere is not one of them.
      if (change.kind === 'created' && listing === undefined) {
        continue;
      }
      this.source.bins = listingAfter(this.source.bins, listing === UNCATEGORIZED ? null : (listing ?? null), change);
      if (change.kind === 'created' && this.source.bins[0]?.id === change.bin.id) {
        this.set(change.bin.id, recordText(change.record), undefined);
      }
    }
    const after = new Set(this.ids);
    const removed = [...before.keys()].filter((id) => !after.has(id));
    removed.forEach((id) => this.records.delete(id));
    return {
      added: this.ids.filter((id) => !before.has(id)),
      removed,
      changed: this.source.bins.filter((b) => before.has(b.id) && before.get(b.id) !== b).map((b) => b.id),
    };
  }

  get ids(): string[] {
    return this.source.bins.map((b) => b.id);
  }

  has(id: string): boolean {
    return this.records.has(id);
  }

  /** The text a row shows: an open tab's (edited or not), else what was read. */
  textOf(id: string): string | undefined {
    return openDocumentsOf(this.account, id)[0]?.getText() ?? this.records.get(id)?.text;
  }

  set(id: string, text: string, check: TextCheck | undefined, notChecked?: string): void {
    let json: Json | undefined;
    try {
      json = JSON.parse(text) as Json;
    } catch {
      json = undefined;
    }
    this.records.set(id, { text, json, check, notChecked });
  }

  addPath(path: string): boolean {
    if (this.paths.some((c) => c.kind === 'path' && c.path === path)) {
      return false;
    }
    this.paths.push({ kind: 'path', path });
    return true;
  }

  columns(): Column[] {
    const records = [...this.records.values()].flatMap((r) => (r.json === undefined ? [] : [r.json]));
    return [...propertyColumns(this.source.schema?.schema, records), ...this.paths];
  }

  columnViews(): ColumnView[] {
    return this.columns().map((c) => ({ id: columnId(c), header: columnId(c), path: c.kind === 'path' || undefined }));
  }

  rows(ids: readonly string[] = this.ids): RowView[] {
    const columns = this.columns();
    const bins = new Map(this.source.bins.map((b) => [b.id, b]));
    return ids.flatMap((id) => {
      const bin = bins.get(id);
      return bin ? [this.row(bin, columns)] : [];
    });
  }

  private row(bin: TableSource['bins'][number], columns: Column[]): RowView {
    const record = this.records.get(bin.id);
    const schema = this.source.schema?.schema;
    const problems = record?.check && record.json !== undefined ? problemsByProperty(record.check.schema, record.json, schema) : new Map<string, string>();
    const cells: Record<string, CellView> = {};
    for (const column of columns) {
      if (record?.json !== undefined) {
        const cell = cellOf(record.json, column);
        const options = column.kind === 'property' ? enumOf(schema, column.key) : undefined;
        const problem = column.kind === 'property' ? problems.get(column.key) : undefined;
        cells[columnId(column)] = { ...cell, ...(problem !== undefined && { problem }), ...(options && cell.node === undefined && { options }) };
      }
    }
    const { validity, valid } = validityOf(record, this.source.schema !== undefined);
    return {
      id: bin.id,
      name: bin.name ?? bin.id,
      privacy: bin.private ? vscode.l10n.t('Private') : vscode.l10n.t('Public'),
      created: bin.createdAt ? bin.createdAt.slice(0, 16).replace('T', ' ') : '',
      read: record !== undefined,
      validity,
      valid,
      unsaved: openDocumentsOf(this.account, bin.id).some((d) => d.isDirty),
      cells,
    };
  }

  /** A failing record's text and problems, for the Problems panel. */
  failing(id: string): { text: string; problems: TextCheck['schema'] } | undefined {
    const record = this.records.get(id);
    return record?.check && record.check.schema.length > 0 ? { text: record.text, problems: record.check.schema } : undefined;
  }

  snapshot(title: string): TableSnapshot {
    return {
      id: this.id,
      title,
      columns: this.columns().map(columnId),
      rows: this.rows().map((r) => ({
        id: r.id,
        name: r.name,
        privacy: r.privacy,
        read: r.read,
        valid: r.valid,
        unsaved: r.unsaved,
        cells: Object.fromEntries(Object.entries(r.cells).map(([k, c]) => [k, c.text])),
        problems: Object.fromEntries(Object.entries(r.cells).flatMap(([k, c]) => (c.problem === undefined ? [] : [[k, c.problem]]))),
      })),
      visible: this.visible,
      order: this.order,
      requests: this.requests,
    };
  }
}

function validityOf(record: ReadRecord | undefined, hasSchema: boolean): { validity: string; valid?: boolean } {
  if (!record) {
    return { validity: '' };
  }
  if (record.json === undefined) {
    return { validity: vscode.l10n.t('Not valid JSON'), valid: false };
  }
  if (record.notChecked !== undefined) {
    return { validity: record.notChecked };
  }
  if (!hasSchema || !record.check) {
    return { validity: vscode.l10n.t('No schema doc') };
  }
  const count = record.check.schemaCount + record.check.syntax.length;
  if (count === 0) {
    return { validity: vscode.l10n.t('Valid'), valid: true };
  }
  return { validity: count === 1 ? vscode.l10n.t('1 problem') : vscode.l10n.t('{0} problems', count), valid: false };
}
