/**
 * Drafts: JSON tabs (untitled, or named in the drafts' own file system) that remember which account they were opened for and what they are
 * to become, with CodeLens actions that create it from the tab's text as edited: a schema doc
 * drafted from records, a new bin's record started from its collection's schema doc, or one
 * change for many bins.
 */
import * as vscode from 'vscode';
import type { SchemaDoc } from '../../core/api';
import type { ChangePreview } from '../../core/store/manyBinsChange';
import { ContextKey } from '../commands/contextKeyNames';
import { DRAFT_SCHEME, DraftFiles } from './draftFiles';

export interface SchemaDraft {
  kind: 'schemaDoc';
  account: string;
  /** The collection the records came from: the draft offers to be attached to it. */
  collection?: { id: string; name: string };
  /** The schema doc name offered. */
  name: string;
  /** The schema doc already created from it, when attaching it failed: trying again only attaches. */
  created?: SchemaDoc;
  /** A create of it was sent but its answer could not be read: the next one asks first. */
  uncertain?: boolean;
}

/** A new bin's record, in the collection whose schema doc it is checked against as it is typed. */
export interface RecordDraft {
  kind: 'record';
  account: string;
  collection: { id: string; name: string };
}

/** The bins a change is for: these, or every bin of a collection (listed at the preview). */
export type ChangeTargets = { bins: { id: string; name?: string; collectionId?: string }[] } | { collection: { id: string; name: string } };

/** One change for many bins: a JSON Patch or a merge patch, previewed and applied from its tab. */
export interface ChangeDraft {
  kind: 'change';
  account: string;
  targets: ChangeTargets;
  /** JSON Pointers of the bins' records open when the tab opened: offered as paths, with the schema doc's. */
  paths?: string[];
  /**
   * The last preview, of the tab's text at `version`: Apply checks each bin against what it read.
   * `diffs`: the modified sides of its multi-diff editor, by which its tab is known.
   */
  preview?: { version: number; result: ChangePreview; diffs: string[] };
}

/** The Uri VS Code passes from a multi-diff editor's title (`vscode.changes` makes it, at random). */
const MULTI_DIFF_SCHEME = 'multi-diff-editor';

export type Draft = SchemaDraft | RecordDraft | ChangeDraft;

export class Drafts implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly drafts = new Map<string, Draft>();
  /** Registered with the first draft: activation registers nothing for drafts nobody made. */
  private subscriptions?: vscode.Disposable[];
  private readonly files = new DraftFiles();
  /** At activation: a named draft's tab restored after a reload is answered (not found) rather than waited for. */
  private readonly registration = vscode.workspace.registerFileSystemProvider(DRAFT_SCHEME, this.files, { isCaseSensitive: true });

  /**
   * Opens `text` in a new JSON tab, known as `draft`: untitled, or with `name`, a tab of that name
   * in the drafts' own file system (see `draftFiles.ts`).
   */
  async open(text: string, draft: Draft, name?: string): Promise<vscode.TextDocument> {
    this.subscriptions ??= [
      vscode.languages.registerCodeLensProvider([{ scheme: 'untitled' }, { scheme: DRAFT_SCHEME }], this),
      vscode.window.tabGroups.onDidChangeTabs(() => this.previewKey()),
      vscode.window.tabGroups.onDidChangeTabGroups(() => this.previewKey()),
      vscode.workspace.onDidCloseTextDocument((d) => {
        this.drafts.delete(d.uri.toString());
        if (d.uri.scheme === DRAFT_SCHEME) {
          this.files.forget(d.uri);
        }
      }),
    ];
    const document = await (name === undefined
      ? vscode.workspace.openTextDocument({ language: 'json', content: text })
      : vscode.workspace.openTextDocument(this.files.create(name, text)));
    this.drafts.set(document.uri.toString(), draft);
    await vscode.window.showTextDocument(document, { preview: false });
    return document;
  }

  /** A draft's tab's, or (VS Code passes its own Uri from its title) the multi-diff editor of a change's preview when it is the active tab. */
  of(uri: vscode.Uri | undefined): Draft | undefined {
    return uri && (this.drafts.get(uri.toString()) ?? this.activePreview(uri)?.draft);
  }

  /** The change tab whose preview `uri` is, when it is the active tab; else `uri` itself. */
  tabOf(uri: vscode.Uri): vscode.Uri {
    return this.activePreview(uri)?.tab ?? uri;
  }

  /** A change's preview, shown or (undefined) gone: the active tab's title offers Apply while it shows a preview of a draft. */
  previewed(draft: ChangeDraft, preview: ChangeDraft['preview']): void {
    draft.preview = preview;
    this.previewKey();
  }

  private activePreview(uri?: vscode.Uri): { tab: vscode.Uri; draft: ChangeDraft } | undefined {
    // Duck-typed: the multi-diff editor's tab input is not in the oldest API the extension supports.
    const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input as { textDiffs?: { modified: vscode.Uri }[] } | undefined;
    if ((uri && uri.scheme !== MULTI_DIFF_SCHEME) || !input?.textDiffs) {
      return undefined;
    }
    const shown = new Set(input.textDiffs.map((d) => d.modified.toString()));
    for (const [tab, draft] of this.drafts) {
      if (draft.kind === 'change' && draft.preview?.diffs.some((d) => shown.has(d))) {
        return { tab: vscode.Uri.parse(tab), draft };
      }
    }
    return undefined;
  }

  private previewKey(): void {
    void vscode.commands.executeCommand('setContext', ContextKey.changePreview, this.activePreview() !== undefined);
  }

  /**
   * The draft's tab, created from its text at `version`: closed without asking to save it, unless
   * the user typed in it since (then it stays, as an ordinary untitled tab). Says whether it closed.
   */
  async done(document: vscode.TextDocument, version: number): Promise<boolean> {
    this.drafts.delete(document.uri.toString());
    if (document.isClosed || document.version !== version) {
      return false;
    }
    const editor = await vscode.window.showTextDocument(document);
    if (vscode.window.activeTextEditor !== editor || document.version !== version) {
      return false;
    }
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    return true;
  }

  async provideCodeLenses(document: vscode.TextDocument): Promise<vscode.CodeLens[]> {
    const draft = this.drafts.get(document.uri.toString());
    // Loaded with the first draft's lenses: a draft is only made by a command, after activation.
    return draft ? (await import('./draftLenses.js')).draftLenses(draft, document.uri) : [];
  }

  dispose(): void {
    this.registration.dispose();
    for (const s of this.subscriptions ?? []) {
      s.dispose();
    }
    this.drafts.clear();
  }
}
