/**
 * Each provider's strict-mode problems of a structured-output definition, at their nodes, as the
 * user types: in a bin's tab, an untitled JSON tab and a workspace `.json` file (a linked one
 * too). The text is all it needs: no request, whatever the account. The checks load with the
 * first text that may hold a definition.
 */
import * as vscode from 'vscode';
import { activity, type Timer } from '../../../core/api/activity';
import { settings } from '../../config';
import { parseUri, SCHEME } from '../../fs/uris';
import { definitionSource, type Definition, type DefinitionProblem } from '../../../core/schema/definitions/api';
import { mayHaveWritten } from '../../../core/schema/definitions/keyInEdits';

/** What the last check of a document found, for its quick fixes. */
export interface Found {
  version: number;
  definition: Definition;
  problems: { problem: DefinitionProblem; diagnostic: vscode.Diagnostic }[];
}

const checks = () => import('./definitionChecks.js');

/** Both shapes of a definition have this key: any other text is told apart before the checks load. */
const KEY = '"schema"';

export class DefinitionDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('jsonbin-definitions');
  private readonly found = new Map<string, Found>();
  private readonly timers = new Map<string, Timer>();
  /**
   * Documents whose text holds no definition's key, kept so by their edits: their checks read the
   * text around each edit, never the whole (a 1 MB record on each keystroke).
   */
  private readonly keyless = new Set<string>();
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    this.subscriptions = [
      this.collection,
      vscode.workspace.onDidOpenTextDocument((d) => this.schedule(d)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        this.followEdits(e);
        this.schedule(e.document, true);
      }),
      vscode.workspace.onDidCloseTextDocument((d) => {
        this.keyless.delete(d.uri.toString());
        this.forget(d.uri);
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('jsonbin.structuredOutputs')) {
          vscode.workspace.textDocuments.forEach((d) => this.schedule(d));
        }
      }),
    ];
    vscode.workspace.textDocuments.forEach((d) => this.schedule(d));
  }

  /** The definition and problems of a document as its last check found them, if its text is still the one checked. */
  of(document: vscode.TextDocument): Found | undefined {
    const found = this.found.get(document.uri.toString());
    return found?.version === document.version ? found : undefined;
  }

  private schedule(document: vscode.TextDocument, typed = false): void {
    if (!mayHold(document)) {
      return;
    }
    const key = document.uri.toString();
    this.timers.get(key)?.clear();
    this.timers.set(
      key,
      activity.timeout(
        () => {
          this.timers.delete(key);
          const end = activity.begin();
          void this.check(document).finally(end);
        },
        typed ? settings.validationDelayMs() : 0,
      ),
    );
  }

  /** A document known to hold no key stays so unless its edits wrote one. */
  private followEdits(e: vscode.TextDocumentChangeEvent): void {
    const key = e.document.uri.toString();
    if (e.contentChanges.length === 0 || !this.keyless.has(key)) {
      return;
    }
    const edits = e.contentChanges.map((c) => ({ offset: c.rangeOffset, length: c.rangeLength, text: c.text }));
    const read = (start: number, end: number) => e.document.getText(new vscode.Range(e.document.positionAt(start), e.document.positionAt(end)));
    if (mayHaveWritten(KEY, edits, read)) {
      this.keyless.delete(key);
    }
  }

  private async check(document: vscode.TextDocument): Promise<void> {
    const { version } = document;
    const key = document.uri.toString();
    const text = settings.definitions() && !document.isClosed && !this.keyless.has(key) ? document.getText() : '';
    if (text && !text.includes(KEY)) {
      this.keyless.add(key);
    }
    const checked = text.includes(KEY) ? (await checks()).checkText(text, settings.definitionProviders(), settings.definitionLimits()) : undefined;
    if (document.isClosed || document.version !== version) {
      // Typed on or closed meanwhile: the next check (already scheduled) says what holds.
      return;
    }
    if (!checked) {
      this.forget(document.uri);
      return;
    }
    const problems = checked.problems.map(({ problem, offset, length }) => {
      const range = new vscode.Range(document.positionAt(offset), document.positionAt(offset + length));
      const diagnostic = new vscode.Diagnostic(
        range,
        problem.message,
        problem.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
      );
      diagnostic.source = definitionSource(problem.provider);
      diagnostic.code = problem.rule;
      return { problem, diagnostic };
    });
    this.found.set(document.uri.toString(), { version: document.version, definition: checked.definition, problems });
    this.collection.set(
      document.uri,
      problems.map((p) => p.diagnostic),
    );
  }

  private forget(uri: vscode.Uri): void {
    this.found.delete(uri.toString());
    // Deleting what is not there still tells the workbench, on each keystroke.
    if (this.collection.has(uri)) {
      this.collection.delete(uri);
    }
  }

  dispose(): void {
    this.timers.forEach((t) => t.clear());
    this.subscriptions.forEach((s) => void s.dispose());
  }
}

/** A document where a definition is looked for: a bin's record, an untitled JSON tab, a workspace `.json` file. */
function mayHold(document: vscode.TextDocument): boolean {
  const { uri } = document;
  if (uri.scheme === SCHEME) {
    return parseUri(uri)?.kind === 'bin';
  }
  if (uri.scheme === 'untitled') {
    return document.languageId === 'json' || document.languageId === 'jsonc';
  }
  return uri.path.endsWith('.json') && (uri.scheme === 'file' || vscode.workspace.getWorkspaceFolder(uri) !== undefined);
}
