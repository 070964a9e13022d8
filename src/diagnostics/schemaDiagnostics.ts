/**
 * Schema problems of open bins, at their JSON nodes, as the user types. This is the only source
 * of schema diagnostics for `jsonbin:` documents: VS Code's JSON service knows no schema for them
 * and reports only syntax.
 */
import * as vscode from 'vscode';
import { settings } from '../config';
import type { BinFileSystem } from '../fs/binFileSystem';
import { parseUri, SCHEME } from '../fs/uris';
import type { SchemaDocs } from '../schema/schemaDocs';
import { checkText } from '../schema/validator';

const DEBOUNCE_MS = 250;

export class SchemaDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('jsonbin');
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly files: BinFileSystem, private readonly schemaDocs: SchemaDocs, private readonly log: vscode.LogOutputChannel) {
    this.subscriptions = [
      this.collection,
      vscode.workspace.onDidOpenTextDocument((d) => this.schedule(d, 0)),
      vscode.workspace.onDidChangeTextDocument((e) => this.schedule(e.document, DEBOUNCE_MS)),
      vscode.workspace.onDidCloseTextDocument((d) => this.collection.delete(d.uri)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('jsonbin.validation')) {
          this.revalidateAll();
        }
      }),
      files.onDidSave((entry) => {
        if (entry.resource.kind === 'schema') {
          this.revalidateAll();
        }
      }),
    ];
    vscode.workspace.textDocuments.forEach((d) => this.schedule(d, 0));
  }

  /**
   * Validates the open bins of collections again, after a schema doc was saved or attached:
   * the saved schema doc is already cached, so this costs no request.
   */
  revalidateAll(): void {
    // Documents stay loaded a while after their tab closes: only those in a tab are worth a request.
    const inTabs = new Set(
      vscode.window.tabGroups.all
        .flatMap((g) => g.tabs)
        .map((t) => (t.input instanceof vscode.TabInputText ? t.input.uri.toString() : undefined)),
    );
    vscode.workspace.textDocuments
      .filter((d) => inTabs.has(d.uri.toString()) && this.files.cached(d.uri)?.collectionId)
      .forEach((d) => this.schedule(d, 0));
  }

  private async validate(document: vscode.TextDocument): Promise<void> {
    const resource = parseUri(document.uri);
    const entry = this.files.cached(document.uri);
    if (resource?.kind !== 'bin' || !settings.validation() || !entry?.collectionId) {
      this.collection.delete(document.uri);
      return;
    }
    const schema = await this.schemaDocs.schemaFor(entry.collectionId);
    const problems = schema ? checkText(document.getText(), schema.validate, settings.maxProblems()).schema : [];
    const diagnostics = problems.map((p) => {
      const range = new vscode.Range(document.positionAt(p.offset), document.positionAt(p.offset + p.length));
      const diagnostic = new vscode.Diagnostic(range, p.message, vscode.DiagnosticSeverity.Error);
      diagnostic.source = `JSONBin schema doc "${schema!.schemaDoc.name}"`;
      diagnostic.code = p.keyword;
      return diagnostic;
    });
    this.collection.set(document.uri, diagnostics);
  }

  dispose(): void {
    this.timers.forEach((t) => clearTimeout(t));
    for (const s of this.subscriptions) {
      s.dispose();
    }
  }

  private schedule(document: vscode.TextDocument, delayMs: number): void {
    if (document.uri.scheme !== SCHEME) {
      return;
    }
    const key = document.uri.toString();
    clearTimeout(this.timers.get(key));
    this.timers.set(
      key,
      setTimeout(() => {
        this.timers.delete(key);
        this.validate(document).catch((error: Error) => this.log.warn(`Validation of ${document.uri.path} failed: ${error.message}`));
      }, delayMs),
    );
  }
}
