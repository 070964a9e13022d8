/**
 * A table's webview editor: the panel, its page (a Content Security Policy that allows only its
 * own script, by nonce), and what its messages do: the rows scrolled into view are read (once per
 * session, through the store), checked against the schema doc in the validation worker, and
 * shown; an edit changes the bin's text document; Save All saves those documents through the file
 * system provider and the one write path.
 */
import * as vscode from 'vscode';
import { BINS_PER_PAGE, type RequestScope } from '../../../core/api';
import type { BinChange } from '../../../core/store/binEvents';
import { Cancelled } from '../../commands/args';
import { parseUri } from '../../fs/uris';
import { checkPath } from '../../../core/store/tableModel';
import { openDocumentsOf } from '../binTarget';
import type { FromWebview, GridTexts, TableStatus, TableWords, ToWebview } from './protocol';
import { editCell, EditHistory, openAt } from './tableEdits';
import { TableSession } from './tableSession';
import { TableRows, type RowsParts } from './tableRows';
import { readsOf, type TableSource } from './tableSource';
import { page } from './tablePage';
import { saveAndSay, unsavedOf, unsavedStatus } from './tableSaves';
import { gridTexts, tableWords } from './tableWords';

export type PanelParts = RowsParts & Pick<import('../parts').Parts, 'extensionUri' | 'accounts'>;

/** Listing pages sent to the webview in one message, once the first are shown. */
const PAGES_AT_ONCE = 10;

let nextId = 1;

let firstRowsText: Promise<string> | undefined;

/** The first rows' script, read once a session: the page holds it inline, so that it runs without a request of the webview for it. */
function firstRowsScript(scripts: vscode.Uri): Promise<string> {
  firstRowsText ??= Promise.resolve(vscode.workspace.fs.readFile(vscode.Uri.joinPath(scripts, 'firstRows.js'))).then((bytes) =>
    new TextDecoder().decode(bytes),
  );
  return firstRowsText;
}

/** The open tables of every account: each account keeps its own (`AccountTables`). */
function openTables(p: Pick<PanelParts, 'accounts'>): TablePanel[] {
  return p.accounts.allMade().flatMap((a) => [...a.tables.open.values()].filter((t) => t instanceof TablePanel));
}

export function tableOf(p: Pick<PanelParts, 'accounts'>, id: string): TablePanel | undefined {
  return openTables(p).find((t) => t.id === id);
}

/** The table the user looks at, for the palette's forms. */
export function activeTable(p: Pick<PanelParts, 'accounts'>): TablePanel | undefined {
  return openTables(p).find((t) => t.panel.active);
}

export class TablePanel {
  readonly id = `table-${nextId++}`;
  readonly panel: vscode.WebviewPanel;
  private made?: TableSession;
  private readonly ready: Promise<void>;
  private readonly subscriptions: vscode.Disposable[] = [];
  private readonly rows: TableRows;
  private readonly history = new EditHistory();
  /** Whether the webview was sent its first message. */
  private started = false;
  /** Resolves once the rows first reported in view are read (or the table is closed). */
  private readonly firstRowsRead: Promise<void>;
  private firstRowsDone!: () => void;
  /** The columns the webview was last sent, as JSON. */
  private columnsShown = '';
  /** The words the webview was given, its own and the grid's, for the snapshot. */
  texts?: { words: TableWords; gridTexts: GridTexts };

  /**
   * The webview loads its script while `source` lists the bins: the first rows show after the
   * slower of the two. `scope`: what the table sends is counted for it, its listing's pages too.
   */
  constructor(
    private readonly p: PanelParts,
    title: string,
    source: Promise<TableSource>,
    scope: RequestScope,
  ) {
    const script = vscode.Uri.joinPath(p.extensionUri, 'dist', 'webview');
    this.panel = vscode.window.createWebviewPanel('jsonbin.table', title, vscode.ViewColumn.Active, {
      enableScripts: true,
      retainContextWhenHidden: true,
      localResourceRoots: [script],
    });
    p.tables.open.set(this.id, this);
    this.rows = new TableRows(
      p,
      () => this.session,
      (ids) => this.refresh(ids),
    );
    this.firstRowsRead = new Promise<void>((resolve) => (this.firstRowsDone = resolve));
    let loaded: () => void;
    const webviewReady = new Promise<void>((resolve) => (loaded = resolve));
    // The listing's next pages wait for the rows in view to be read: they would compete with those reads, and the webview with their rows.
    const listed = source.then((listed) => {
      this.made = new TableSession(this.id, listed, p.account.id, scope);
      this.panel.title = listed.title;
      void this.firstRowsRead.then(() => this.listRest(listed));
    });
    this.ready = Promise.all([listed, webviewReady]).then(
      () => this.start(),
      (error: unknown) => {
        this.panel.dispose();
        throw error;
      },
    );
    this.subscriptions.push(
      this.panel.webview.onDidReceiveMessage((message: FromWebview) => {
        if (message.type === 'ready') {
          loaded();
        } else {
          // A question answered no (Read All's) is no error.
          void this.handle(message).catch((error: unknown) => error instanceof Cancelled || void vscode.window.showErrorMessage((error as Error).message));
        }
      }),
      // Bins created, deleted, renamed or made private or public, by whichever path: the store tells it once the write path made it.
      p.bins.onDidChangeBins((changes) => this.followBins(changes)),
      // A record written or read by a command (Change Bins, a push, an agent's update): a row whose bin has no open tab shows it.
      p.bins.onDidStoreRecord(({ id, text }) => {
        if (this.made && this.session.ids.includes(id) && openDocumentsOf(p.account.id, id).length === 0) {
          this.show(id, text);
        }
      }),
      vscode.workspace.onDidChangeTextDocument((e) => this.followDocument(e.document)),
      vscode.workspace.onDidSaveTextDocument((d) => this.followDocument(d)),
      this.panel.onDidDispose(() => this.dispose()),
    );
    void firstRowsScript(script).then((firstRows) => {
      this.panel.webview.html = page(this.panel.webview, script, firstRows);
    });
  }

  /** What the table shows, once its bins are listed (every message of the webview comes after). */
  get session(): TableSession {
    if (!this.made) {
      throw new Error(vscode.l10n.t('The table is still listing its bins'));
    }
    return this.made;
  }

  /** Resolves once the bins are listed and the webview was sent its first rows; rejects when the listing failed. */
  whenReady(): Promise<void> {
    return this.ready;
  }

  get busy(): boolean {
    return this.rows.reading > 0;
  }

  private post(message: ToWebview): void {
    // A table closed while it was listing or reading has nothing to show to; before its first message, that message will hold what changed.
    if (this.p.tables.open.has(this.id) && (this.started || message.type === 'init')) {
      this.started = true;
      void this.panel.webview.postMessage(message);
    }
  }

  /** The webview's first message: the first page's rows, those read already in this session (or shown in a tab) with their records. */
  private start(): void {
    // What this session read already (or a tab shows) is shown at once, with no request.
    const reads = readsOf(this.p);
    for (const id of this.session.ids) {
      const text = this.session.textOf(id) ?? reads.known(id);
      if (text !== undefined) {
        this.session.set(id, text, undefined);
        void this.rows.check(id, text).then(() => this.refresh([id]));
      }
    }
    const columns = this.session.columnViews();
    this.columnsShown = JSON.stringify(columns);
    this.texts = { words: tableWords(), gridTexts: gridTexts() };
    this.post({ type: 'init', ...this.texts, columns, rows: this.session.rows(), status: this.status() });
  }

  private async handle(message: Exclude<FromWebview, { type: 'ready' }>): Promise<void> {
    switch (message.type) {
      case 'shown':
        // The webview starts its grid once told (its start would hold a report back): no row was in view before the first report.
        if (this.session.visible.length === 0) {
          this.post({ type: 'inView' });
        }
        this.session.visible = message.visible;
        this.session.order = message.order;
        try {
          await this.rows.read(message.visible.filter((id) => this.rows.unread(id)));
        } finally {
          this.firstRowsDone();
        }
        break;
      case 'readAll':
        await this.rows.readAll();
        break;
      case 'addColumn':
        this.addColumn(message.path);
        break;
      case 'edit':
        if (await editCell(this.p, this.session, message.id, message.column, message.value)) {
          this.history.edited(message.id);
        }
        break;
      case 'undo':
      case 'redo':
        await this.history.step(message.type, this.p.account.id);
        break;
      case 'open':
        await openAt(this.p, this.session, message.id, message.column);
        break;
      case 'saveAll':
        await this.saveAll();
        break;
    }
  }

  /** The listing's pages after the first, each shown as it arrives; the table is busy until the last. */
  private async listRest(source: TableSource): Promise<void> {
    if (!source.more) {
      return;
    }
    this.rows.reading++;
    // The first pages fill the rows in view at once; later ones are sent ten at a time, as the grid takes them in one transaction.
    let waiting: string[] = [];
    const send = () => {
      this.post({ type: 'add', rows: this.session.rows(waiting), status: this.status() });
      waiting = [];
    };
    try {
      for await (const page of source.more) {
        if (!this.p.tables.open.has(this.id)) {
          break;
        }
        waiting.push(...this.session.add(page).map((b) => b.id));
        if (this.session.ids.length <= PAGES_AT_ONCE * BINS_PER_PAGE || waiting.length >= PAGES_AT_ONCE * BINS_PER_PAGE) {
          send();
        }
      }
    } catch (error) {
      void vscode.window.showErrorMessage((error as Error).message);
    } finally {
      this.rows.reading--;
      if (waiting.length > 0) {
        send();
      }
    }
  }

  addColumn(path: string): void {
    checkPath(path);
    if (this.session.addPath(path)) {
      this.refresh([]);
    }
  }

  /** Saves every bin of the table with unsaved edits (one PUT each, through the file system provider and the write path), and says what it saved. */
  saveAll(): Promise<number> {
    return saveAndSay(unsavedOf(this.p.account.id, this.session.source.bins));
  }

  /** Rows follow bins created in the table's listing, deleted, renamed or made private or public: no request. */
  private followBins(changes: readonly BinChange[]): void {
    if (!this.made) {
      return;
    }
    const { added, removed, changed } = this.session.follow(changes);
    if (added.length > 0) {
      this.post({ type: 'add', rows: this.session.rows(added), status: this.status(), at: 0 });
      added.forEach((id) => this.show(id, this.session.textOf(id)!));
    }
    if (removed.length > 0) {
      this.post({ type: 'remove', ids: removed, status: this.status() });
      this.rows.showProblems();
    }
    if (changed.length > 0) {
      this.refresh(changed);
    }
  }

  /** A bin's document changed (an edit here or in its tab, a save, undo): its row follows. */
  private followDocument(document: vscode.TextDocument): void {
    if (!this.made) {
      return;
    }
    const resource = parseUri(document.uri, this.p.account.id);
    const id = resource?.kind === 'bin' && resource.version === undefined ? resource.id : undefined;
    if (id === undefined || !this.session.ids.includes(id)) {
      return;
    }
    this.show(id, document.getText());
  }

  /** Row `id` shows record text `text`, checked. */
  private show(id: string, text: string): void {
    this.session.set(id, text, undefined);
    void this.rows.check(id, text).then(() => this.refresh([id]));
  }

  /** Shows rows `ids` again; when the columns changed (records read without a schema doc bring theirs), every row. */
  private refresh(ids: readonly string[]): void {
    const columns = this.session.columnViews();
    const shown = JSON.stringify(columns);
    if (shown !== this.columnsShown) {
      this.columnsShown = shown;
      this.post({ type: 'columns', columns, rows: this.session.rows() });
    }
    this.post({ type: 'rows', rows: this.session.rows(ids), status: this.status() });
  }

  /** The header's status: what was read and sent, and the bins with unsaved edits. */
  status(): TableStatus {
    const read = this.session.ids.filter((id) => this.session.has(id)).length;
    const total = this.session.ids.length;
    return {
      read:
        this.session.requests === 1
          ? vscode.l10n.t('{0} of {1} bins read · 1 request sent', read, total)
          : vscode.l10n.t('{0} of {1} bins read · {2} requests sent', read, total, this.session.requests),
      unsaved: unsavedStatus(unsavedOf(this.p.account.id, this.session.source.bins).length),
    };
  }

  private dispose(): void {
    this.p.tables.open.delete(this.id);
    for (const subscription of this.subscriptions) {
      subscription.dispose();
    }
  }
}
