/**
 * Drafts: untitled JSON tabs that remember which account they were opened for and what they are
 * to become, with CodeLens actions that create it from the tab's text as edited: a schema doc
 * drafted from records, a new bin's record started from its collection's schema doc, or one
 * change for many bins.
 */
import * as vscode from 'vscode';
import type { SchemaDoc } from '../api';
import type { ChangePreview } from '../store/changeRun';
import { Command } from '../commands/ids';

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
  /** The last preview, of the tab's text at `version`: Apply checks each bin against what it read. */
  preview?: { version: number; result: ChangePreview };
}

export type Draft = SchemaDraft | RecordDraft | ChangeDraft;

export class Drafts implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly drafts = new Map<string, Draft>();
  /** Registered with the first draft: activation registers nothing for drafts nobody made. */
  private subscriptions?: vscode.Disposable[];

  /** Opens `text` in a new untitled JSON tab, known as `draft`. */
  async open(text: string, draft: Draft): Promise<vscode.TextDocument> {
    this.subscriptions ??= [
      vscode.languages.registerCodeLensProvider({ scheme: 'untitled' }, this),
      vscode.workspace.onDidCloseTextDocument((d) => this.drafts.delete(d.uri.toString())),
    ];
    const document = await vscode.workspace.openTextDocument({ language: 'json', content: text });
    this.drafts.set(document.uri.toString(), draft);
    await vscode.window.showTextDocument(document, { preview: false });
    return document;
  }

  of(uri: vscode.Uri | undefined): Draft | undefined {
    return uri && this.drafts.get(uri.toString());
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

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const draft = this.drafts.get(document.uri.toString());
    if (!draft) {
      return [];
    }
    const top = new vscode.Range(0, 0, 0, 0);
    const lens = (title: string, command: string, tooltip?: string) => new vscode.CodeLens(top, { title, tooltip, command, arguments: [document.uri] });
    if (draft.kind === 'change') {
      return [
        lens(
          vscode.l10n.t('$(diff-multiple) Preview'),
          Command.tabPreviewBinChange,
          vscode.l10n.t('Reads each bin once and shows every diff; sends no change'),
        ),
        lens(
          vscode.l10n.t('$(check-all) Apply'),
          Command.tabApplyBinChange,
          vscode.l10n.t('One update per changed valid bin; a bin changed since the preview is skipped'),
        ),
      ];
    }
    if (draft.kind === 'record') {
      return [
        lens(
          vscode.l10n.t('$(cloud-upload) Create Bin in {0}', draft.collection.name),
          Command.tabCreateBin,
          vscode.l10n.t('Asks its name and privacy; an invalid record is not sent'),
        ),
      ];
    }
    const lenses = [lens(vscode.l10n.t('$(cloud-upload) Create Schema Doc'), Command.tabCreateSchemaDocFromDraft)];
    if (draft.collection) {
      lenses.push(
        lens(
          vscode.l10n.t('$(link) Create and Attach to {0}', draft.collection.name),
          Command.tabCreateAndAttachSchemaDocFromDraft,
          vscode.l10n.t('The stored bins of the collection are checked against this draft first'),
        ),
      );
    }
    return lenses;
  }

  dispose(): void {
    for (const s of this.subscriptions ?? []) {
      s.dispose();
    }
    this.drafts.clear();
  }
}
