/**
 * Schema problems of open bins and of new bins' records drafted in untitled tabs, at their JSON
 * nodes, as the user types; and those Validate Collection found in bins whose tabs are closed,
 * until their tabs open. This is the only source of schema diagnostics for `jsonbin:` documents:
 * VS Code's JSON service knows no schema for them and reports only syntax.
 */
import * as vscode from 'vscode';
import { activity, type Timer } from '../../../core/api/activity';
import { settings } from '../../config';
import type { BinStore } from '../../../core/store/binStore';
import { parseUri, SCHEME } from '../../fs/uris';
import type { BinCollections } from '../../../core/store/binCollections';
import type { CollectionSchema, SchemaDocs } from '../../../core/schema/schemaDocs';
import { againstSchemaDoc, type Against } from '../../../core/schema/against';
import type { Problem } from '../../../core/schema/validator';

export class SchemaDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('jsonbin');
  private readonly timers = new Map<string, Timer>();
  /** Documents being validated, and whether they changed meanwhile: one check per document at a time. */
  private readonly running = new Map<string, { again: boolean }>();
  private readonly subscriptions: vscode.Disposable[];
  /** The closed bins whose problems the last Validate Collection shows. */
  private found = new Set<string>();
  /** This account's record drafts (untitled tabs), with the collection each is checked for. */
  private readonly drafts = new Map<string, string>();

  constructor(
    bins: BinStore,
    private readonly schemaDocs: SchemaDocs,
    private readonly binCollections: BinCollections,
    private readonly log: vscode.LogOutputChannel,
    /** The account whose documents these are (their URIs' authority): each account checks its own. */
    private readonly account: string,
  ) {
    this.subscriptions = [
      this.collection,
      vscode.workspace.onDidOpenTextDocument((d) => this.schedule(d)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (this.owns(e.document.uri)) {
          schemaDocs.openTexts.edited(
            e.document.uri.toString(),
            e.document.version,
            e.contentChanges.map((c) => ({ offset: c.rangeOffset, length: c.rangeLength, text: c.text })),
          );
          this.schedule(e.document, true);
        }
      }),
      vscode.workspace.onDidCloseTextDocument((d) => {
        if (this.owns(d.uri)) {
          this.collection.delete(d.uri);
          schemaDocs.openTexts.closed(d.uri.toString());
          this.drafts.delete(d.uri.toString());
        }
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('jsonbin.validation')) {
          this.revalidateAll();
        }
      }),
      bins.onDidSave((entry) => {
        if (entry.resource.kind === 'schema') {
          this.revalidateAll();
        }
      }),
      // Whatever was learned (even "in no collection"), the bin's documents are checked again.
      binCollections.onDidLearn((binId) => vscode.workspace.textDocuments.filter((d) => this.resourceOf(d.uri)?.id === binId).forEach((d) => this.schedule(d))),
    ];
    vscode.workspace.textDocuments.forEach((d) => this.schedule(d));
  }

  /** A new bin's record in an untitled tab, checked from now on against `collectionId`'s schema doc as it is typed. */
  watchDraft(document: vscode.TextDocument, collectionId: string): void {
    this.drafts.set(document.uri.toString(), collectionId);
    this.schedule(document);
  }

  /**
   * Validates the open bins of collections again, after a schema doc was saved or attached:
   * the saved schema doc is already cached, so this costs no request.
   */
  revalidateAll(): void {
    this.openInTabs().forEach((d) => this.schedule(d));
  }

  /** Documents stay loaded a while after their tab closes: only those in a tab are worth a request. */
  private openInTabs(): vscode.TextDocument[] {
    const inTabs = new Set(
      vscode.window.tabGroups.all.flatMap((g) => g.tabs).map((t) => (t.input instanceof vscode.TabInputText ? t.input.uri.toString() : undefined)),
    );
    return vscode.workspace.textDocuments.filter((d) => inTabs.has(d.uri.toString()) && this.collectionOf(d.uri));
  }

  /** The collection an open record goes to: a bin's, or a draft's. */
  private collectionOf(uri: vscode.Uri): string | null | undefined {
    const resource = this.resourceOf(uri);
    return resource?.kind === 'bin' ? this.binCollections.of(resource.id) : this.drafts.get(uri.toString());
  }

  private async validate(document: vscode.TextDocument): Promise<void> {
    const collectionId = this.collectionOf(document.uri);
    if (!settings.validation() || !collectionId) {
      // An unknown collection is not skipped silently: the validation status says so.
      this.collection.delete(document.uri);
      return;
    }
    const version = document.version;
    let schema: CollectionSchema | undefined;
    let problems: Problem[];
    try {
      // The worker keeps a copy of the document: only the first check reads the whole text.
      const open = { key: document.uri.toString(), version, length: lengthOf(document), text: () => document.getText() };
      const checked = await this.schemaDocs.check(collectionId, open, settings.maxProblems());
      schema = checked?.schema;
      problems = checked?.result.schema ?? [];
    } catch (error) {
      // A schema doc that cannot be read or used, or a record that cannot be validated: said where the user looks.
      problems = [{ offset: 0, length: 1, message: vscode.l10n.t('Not validated: {0}', (error as Error).message), path: '', keyword: 'notValidated' }];
    }
    if (document.isClosed || document.version !== version) {
      // Typed on or closed while the worker checked: this answer is out of date (a change of
      // collection or settings meanwhile runs the document's next check, after this one).
      return;
    }
    this.collection.set(
      document.uri,
      diagnosticsOf(problems, (offset) => document.positionAt(offset), schema && againstSchemaDoc(schema.schemaDoc.name)),
    );
  }

  /**
   * Shows what Validate Collection found (`against`: what it checked them against) in the bins
   * whose tabs are closed, at their nodes in the text a tab would show; an open tab keeps its own,
   * which it checks as the user types. The previous check's findings go.
   */
  /** `against` names the schema checked: each bin's own when it has one (bins of several collections). */
  showFound(failing: { uri: vscode.Uri; text: string; problems: Problem[]; against?: Against }[], against?: Against): void {
    const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
    for (const uri of this.found) {
      if (!open.has(uri)) {
        this.collection.delete(vscode.Uri.parse(uri));
      }
    }
    this.found = new Set();
    for (const bin of failing.filter((b) => !open.has(b.uri.toString()))) {
      this.collection.set(bin.uri, diagnosticsOf(bin.problems, positionsIn(bin.text), bin.against ?? against));
      this.found.add(bin.uri.toString());
    }
  }

  private resourceOf(uri: vscode.Uri) {
    return uri.scheme === SCHEME && uri.authority === this.account ? parseUri(uri) : undefined;
  }

  /** A document of this account: its bins, schema docs and record drafts. */
  private owns(uri: vscode.Uri): boolean {
    return (uri.scheme === SCHEME && uri.authority === this.account) || this.drafts.has(uri.toString());
  }

  dispose(): void {
    this.timers.forEach((t) => t.clear());
    for (const s of this.subscriptions) {
      s.dispose();
    }
  }

  /** `typed`: after an edit, the quiet time of the setting first (read only for this account's documents). */
  private schedule(document: vscode.TextDocument, typed = false): void {
    if (!this.owns(document.uri)) {
      return;
    }
    const delayMs = typed ? quietTimeMs(document) : 0;
    const key = document.uri.toString();
    this.timers.get(key)?.clear();
    const run = () => {
      this.timers.delete(key);
      this.run(document);
    };
    // An edit with no quiet time goes to the worker as soon as its event is handled: a timer of
    // 0 ms waited behind the other extensions' work on the same change (6 ms of it in the Node
    // host, a 1 MB record: the JSON language client's, merge conflicts'; 0.1 ms in the web worker host).
    this.timers.set(key, typed && delayMs === 0 ? activity.soon(run) : activity.timeout(run, delayMs));
  }

  /**
   * Checks wait for the document's check in progress and run once after it with the latest text:
   * fast typing on a large record never queues up copies of it for the worker.
   */
  private run(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    const inProgress = this.running.get(key);
    if (inProgress) {
      inProgress.again = true;
      return;
    }
    const state = { again: false };
    this.running.set(key, state);
    // Under way until its problems show: it may still read the schema doc.
    const end = activity.begin();
    this.validate(document)
      .catch((error: Error) => this.log.warn(vscode.l10n.t('Validation of {0} failed: {1}', document.uri.path, error.message)))
      .finally(() => {
        this.running.delete(key);
        if (state.again && !document.isClosed) {
          this.run(document);
        }
        end();
      });
  }
}

/** A document's length without reading its whole text. */
function lengthOf(document: vscode.TextDocument): number {
  return document.offsetAt(document.lineAt(document.lineCount - 1).range.end);
}

/** The setting's quiet time, but problems show before VS Code's auto save (when on for bins) looks for them: it does not save a tab with errors. */
function quietTimeMs(document: vscode.TextDocument): number {
  const files = vscode.workspace.getConfiguration('files', document);
  const autoSaveMs = files.get('autoSave') === 'afterDelay' ? files.get<number>('autoSaveDelay', 1000) : Infinity;
  return Math.min(settings.validationDelayMs(), autoSaveMs / 2);
}

/**
 * What the Problems panel says the problems come from: the extension's name, never translated,
 * first (the rows' counts and the quick fixes find JSONBin's problems by it), then what the record
 * was checked against.
 */
const SOURCE = 'JSONBin';

/** Problems as the Problems panel shows them; `against`: what the record was checked against. */
function diagnosticsOf(problems: Problem[], positionAt: (offset: number) => vscode.Position, against: Against | undefined): vscode.Diagnostic[] {
  return problems.map((p) => {
    const severity = p.keyword === 'notValidated' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Error;
    const diagnostic = new vscode.Diagnostic(new vscode.Range(positionAt(p.offset), positionAt(p.offset + p.length)), p.message, severity);
    diagnostic.source = against ? `${SOURCE} ${against}` : SOURCE;
    diagnostic.code = p.keyword;
    return diagnostic;
  });
}

/** A text's positions by offset, as a document of that text would give them. */
function positionsIn(text: string): (offset: number) => vscode.Position {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    starts.push(i + 1);
  }
  return (offset) => {
    let line = starts.length - 1;
    while (starts[line] > offset) {
      line--;
    }
    return new vscode.Position(line, offset - starts[line]);
  };
}
