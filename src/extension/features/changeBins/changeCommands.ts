/**
 * Change Bins…: one change for many bins, written once in an untitled JSON tab (an RFC 6902 JSON
 * Patch, or an RFC 7386 merge patch), whose CodeLens previews it (every diff, nothing sent) and
 * applies it (one PUT per changed valid bin). On selected bin rows, a collection's row (all its
 * bins), the palette; `jsonbin.changeBins(targets, change, options)` previews or applies without a tab.
 */
import * as vscode from 'vscode';
import { RequestScope } from '../../../core/api';
import { Command } from '../../commands/idsAndContextKeys';
import { askId, pickCollection } from '../../ui/prompts';
import { needs, register, type Handler } from '../commandForms';
import { cancelIfUndefined, parseBinReference } from '../../commands/args';
import { checkRecordChange, parseRecordChange, type RecordChange } from '../../../core/store/recordPatch';
import { settings } from '../../config';
import { selectedRows } from '../binTarget';
import type { ChangeDraft, ChangeTargets } from '../drafts';
import type { Parts } from '../parts';
import { DRAFT_SCHEME } from '../draftFiles';
import { CollectionNode, type BinNode } from '../tree/nodes';
import { binsOf, resultOf, runApply, runPreview, showPreview, type ChangeBinsResult, type ChangeParts } from './runWithProgress';
import { appliedMessage, previewMessage } from './changeMessages';
import { clearChangeProblems, showChangeProblems } from './changeProblems';
import { pointersIn } from '../../../core/schema/changeSchema';
import { changeTabName, EMPTY_CHANGE, openRecordsOf, sampleFrom } from './changeTab';

/** Bins by id, or every bin of a collection; both: these bins, of that collection. */
export interface ChangeBinsTargets {
  binIds?: string[];
  collectionId?: string;
}

export interface ChangeBinsOptions {
  /** Writes the change; without it, the change is previewed only (and nothing opens). */
  apply?: boolean;
  /** Asks first when more requests than this would be sent; absent: never asks. */
  warnAboveRequests?: number;
}

export function changeCommands(p: ChangeParts & Pick<Parts, 'drafts'>): Handler[] {
  return [
    ...register(
      Command.changeBins,
      {
        run: async (targets: ChangeBinsTargets | ChangeTargets, change?: { patch?: unknown; mergePatch?: unknown }, options: ChangeBinsOptions = {}) => {
          const resolved = 'bins' in targets || 'collection' in targets ? targets : targetsOf(targets);
          return change === undefined ? openChangeTab(p, resolved) : changeBins(p, resolved, checkRecordChange(change), options);
        },
        ask: async () => [await askTargets(p)],
      },
      {
        row: [Command.rowChangeBins, async (node: BinNode | CollectionNode, selected) => [rowTargets(node, selected)]],
      },
    ),
    ...register(
      Command.previewBinChange,
      {
        run: async (uri: vscode.Uri) => {
          const { draft, document, change } = await changeTab(p, uri);
          const scope = new RequestScope();
          const bins = await binsOf(p, draft.targets, settings.warnAboveRequests(), scope);
          const preview = await runPreview(p, bins, change, scope);
          const diffs = await showPreview(p, preview);
          await showChangeProblems(document, preview);
          p.drafts.previewed(draft, { version: document.version, result: preview, diffs });
          return resultOf(scope, preview);
        },
        ask: async () => [activeUri()],
        show: (result, [uri]) => previewMessage(result, uri),
      },
      { tab: [Command.tabPreviewBinChange, async (uri) => [uri]] },
    ),
    ...register(
      Command.applyBinChange,
      {
        run: async (uri: vscode.Uri) => {
          const { draft, document, change } = await changeTab(p, uri);
          // The preview of this very text: each bin is checked against what it read. Otherwise read now, once.
          const previewed = draft.preview?.version === document.version ? draft.preview.result : undefined;
          // What this call sends: the preview's reads were the preview's own.
          const scope = new RequestScope();
          const preview = previewed ?? (await runPreview(p, await binsOf(p, draft.targets, settings.warnAboveRequests(), scope), change, scope));
          const applied = await runApply(p, preview, previewed !== undefined, settings.warnAboveRequests(), scope);
          p.drafts.previewed(draft, undefined);
          clearChangeProblems(document.uri);
          return resultOf(scope, preview, applied);
        },
        ask: async () => [activeUri()],
        show: (result) => appliedMessage(result),
      },
      // The change tab's CodeLens and the preview's notification pass the tab's Uri; its multi-diff editor's title, its own.
      { tab: [Command.tabApplyBinChange, async (uri) => [p.drafts.tabOf(uri)]] },
    ),
  ];
}

/** The programmatic form: a preview, and with `apply` the writes (each bin read and written once). */
async function changeBins(p: ChangeParts, targets: ChangeTargets, change: RecordChange, options: ChangeBinsOptions): Promise<ChangeBinsResult> {
  const scope = new RequestScope();
  const preview = await runPreview(p, await binsOf(p, targets, options.warnAboveRequests, scope), change, scope);
  const applied = options.apply ? await runApply(p, preview, false, options.warnAboveRequests, scope) : undefined;
  return resultOf(scope, preview, applied);
}

/** A collection's row: all its bins; bin rows: the selected ones, each with its collection, known from its row. */
function rowTargets(node: BinNode | CollectionNode, selected: readonly unknown[] | undefined): ChangeTargets {
  if (node instanceof CollectionNode) {
    return { collection: { id: node.collection.id, name: node.collection.name } };
  }
  return { bins: selectedRows(node, selected).map((row) => ({ id: row.id, name: row.bin.name, collectionId: row.collection?.id })) };
}

function targetsOf(targets: ChangeBinsTargets | undefined): ChangeTargets {
  if (targets?.binIds?.length) {
    // With a collection id too: the bins are of that collection (Fix Failing Bins), checked against its schema doc.
    const collectionId = targets.collectionId;
    return { bins: [...new Set(targets.binIds)].map((id) => ({ id: parseBinReference(id), collectionId })) };
  }
  if (typeof targets?.collectionId === 'string') {
    return { collection: { id: targets.collectionId, name: targets.collectionId } };
  }
  throw new Error(needs(Command.changeBins, '{ binIds } or { collectionId }'));
}

/** The palette: a collection (all its bins), or bins by id. */
async function askTargets(p: ChangeParts): Promise<ChangeTargets> {
  const byId = vscode.l10n.t('$(list-flat) Bins by id…');
  const collection = vscode.l10n.t('$(folder) All bins of a collection…');
  const picked = cancelIfUndefined(await p.prompts.pick([{ label: collection }, { label: byId }], { placeHolder: vscode.l10n.t('Change which bins?') }));
  if (picked.label === collection) {
    const chosen = (await pickCollection(p.prompts, await p.schemaDocs.listCollections(), false))!;
    return { collection: { id: chosen.id, name: chosen.name } };
  }
  const ids = await askId(p.prompts, vscode.l10n.t('Bin ids, separated by commas or spaces'));
  return { bins: [...new Set(ids.split(/[\s,]+/).filter(Boolean))].map((id) => ({ id: parseBinReference(id) })) };
}

/**
 * Opens the tab the change is written in, named by its bins; its CodeLens previews and applies it.
 * It starts from a change made from a record open in a tab, or empty with the operations offered.
 */
async function openChangeTab(p: Pick<Parts, 'account' | 'drafts' | 'binCollections'>, targets: ChangeTargets): Promise<undefined> {
  const records = openRecordsOf(p, targets);
  const sample = records.map(sampleFrom).find((s) => s !== undefined);
  const draft = { kind: 'change' as const, account: p.account.id, targets, paths: pointersIn(records) };
  const document = await p.drafts.open(sample ?? EMPTY_CHANGE, draft, changeTabName(targets));
  const editor = vscode.window.activeTextEditor;
  if (sample === undefined && editor?.document === document) {
    editor.selection = new vscode.Selection(1, 2, 1, 2);
    await vscode.commands.executeCommand('editor.action.triggerSuggest');
  }
  return undefined;
}

function activeUri(): vscode.Uri {
  return cancelIfUndefined(vscode.window.activeTextEditor?.document.uri);
}

/** The change tab's draft, document and change (parsed now: a malformed change sends nothing). */
async function changeTab(p: Pick<Parts, 'drafts'>, uri: vscode.Uri): Promise<{ draft: ChangeDraft; document: vscode.TextDocument; change: RecordChange }> {
  const draft = p.drafts.of(uri);
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri?.toString());
  if (draft?.kind !== 'change' || !document) {
    throw new Error(needs(Command.previewBinChange, "a change tab's Uri"));
  }
  // Kept in the draft's own file system (no request): its tab then closes without asking, once previewed or applied.
  if (document.isDirty && document.uri.scheme === DRAFT_SCHEME) {
    await document.save();
  }
  return { draft, document, change: await parseRecordChange(document.getText()) };
}
