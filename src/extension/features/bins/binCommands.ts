/** Commands that create, add, open, copy, forget and delete bins. */
import * as vscode from 'vscode';
import type { Json, RecordText } from '../../../core/api';
import { binUri } from '../../fs/uris';
import { CollectionNode, type BinNode, type LoadMoreNode, type UncategorizedNode } from '../tree/nodes';
import { inform, notice, withProgress } from '../../ui/feedback';
import { activeOrAskedBin, labelOf, labelsOf, openDocumentsOf, selectedBins, tabBin, uriFor, type BinTarget } from '../binTarget';
import { Command } from '../../commands/idsAndContextKeys';
import type { Parts } from '../parts';
import type { ViewParts } from '../tree/binsView';
import { askBinReference, confirm } from '../../ui/prompts';
import { register, required, type Handler } from '../commandForms';
import { cancelIfUndefined, parseBinReference } from '../../commands/args';
import { askCreate, askFromDraft, type CreateArgs, type CreateFormParts } from './createForms';

export function binCommands(p: CreateFormParts & ViewParts & Pick<Parts, 'bins' | 'remembered'>): Handler[] {
  const ui = p.prompts;
  /** The record drafts that creates were asked from (by their arguments): each tab closes once its bin exists. */
  const fromDraft = new WeakMap<CreateArgs, { document: vscode.TextDocument; version: number }>();
  return [
    ...register(
      Command.createBin,
      {
        run: (args: CreateArgs) => createBin(p, required(args?.record, 'a record: { record, name?, private?, collectionId? }', Command.createBin), args),
        ask: async () => [await askCreate(p, undefined)],
        show: async (created, [args]) => {
          const draft = fromDraft.get(args);
          if (draft && !(await p.drafts.done(draft.document, draft.version))) {
            inform(vscode.l10n.t('Created the bin from its record as it was; the untitled tab stays with what you typed since'));
          }
          await vscode.window.showTextDocument(created.uri, { preview: false });
          const row = await p.tree.binRow({ id: created.id, name: args.name, private: created.private, createdAt: created.createdAt }, args.collectionId);
          await p.treeView.reveal(row, { select: true, focus: false });
        },
      },
      {
        view: Command.viewCreateBin,
        row: [
          Command.rowCreateBin,
          async (node: CollectionNode | UncategorizedNode) => [await askCreate(p, node instanceof CollectionNode ? node.collection : null)],
        ],
        tab: [
          Command.tabCreateBin,
          async (uri) => {
            const { args, document, version } = await askFromDraft(p, uri);
            fromDraft.set(args, { document, version });
            return [args];
          },
        ],
      },
    ),

    ...register(
      Command.addBin,
      {
        run: (reference: string) => addBin(p, required(reference, 'a bin id or dashboard link', Command.addBin)),
        ask: async () => [await askBinReference(ui)],
        show: (added) => vscode.window.showTextDocument(added.uri, { preview: false }),
      },
      { view: Command.viewAddBin, row: [Command.rowAddBin, async () => [await askBinReference(ui)]] },
    ),

    ...register(
      Command.openBin,
      {
        run: async (id: string, name?: string) => {
          const uri = await uriFor(p, required(id, 'a bin id', Command.openBin), name);
          await vscode.window.showTextDocument(uri, { preview: false });
          return uri;
        },
        ask: async () => [(await activeOrAskedBin(ui, p.account.id)).id],
      },
      { row: [Command.rowOpenBin, async (node: BinNode) => [node.id, node.bin.name]] },
    ),

    ...register(
      Command.deleteBin,
      {
        run: (ids: string | string[]) => deleteBins(p, idsOf(required(ids, 'a bin id', Command.deleteBin))),
        ask: async () => confirmDelete([await activeOrAskedBin(ui, p.account.id)]),
        show: (result) => inform(deletedMessage(result)),
      },
      { row: [Command.rowDeleteBin, (node: BinNode, selected) => confirmDelete(selectedBins(node, selected))] },
    ),

    ...register(
      Command.forgetBin,
      {
        run: async (id: string) => {
          p.remembered.forget(required(id, 'a bin id', Command.forgetBin));
          p.tree.redraw();
        },
        ask: async () => [await pickRemembered(p)],
      },
      { row: [Command.rowForgetBin, async (node: BinNode) => [node.id]] },
    ),

    ...register(
      Command.copyBinId,
      {
        // Several ids: one a line, as they were selected.
        run: async (ids: string | string[]) => vscode.env.clipboard.writeText(idsOf(required(ids, 'a bin id', Command.copyBinId)).join('\n')),
        ask: async () => [(await activeOrAskedBin(ui, p.account.id)).id],
        show: (_, [ids]) =>
          vscode.window.setStatusBarMessage(
            notice(typeof ids === 'string' ? vscode.l10n.t('copied bin id {0}', ids) : vscode.l10n.t('copied {0} bin ids', ids.length)),
            3000,
          ),
      },
      {
        row: [Command.rowCopyBinId, async (node: BinNode, selected) => [idsOrId(selectedBins(node, selected))]],
        tab: [Command.tabCopyBinId, async (uri: vscode.Uri) => [tabBin(uri).id]],
      },
    ),

    [Command.rowLoadMore, (node: LoadMoreNode) => p.tree.loadMore(node)],
  ];

  async function confirmDelete(targets: BinTarget[]): Promise<[string | string[]]> {
    const [one] = targets;
    await confirm(
      ui,
      targets.length === 1 ? vscode.l10n.t('Delete bin {0}?', labelOf(one)) : vscode.l10n.t('Delete {0} bins: {1}?', targets.length, labelsOf(targets)),
      targets.length === 1
        ? vscode.l10n.t('The bin and all of its versions are deleted from the service. This cannot be undone.')
        : vscode.l10n.t('The bins and all of their versions are deleted from the service, one request each. This cannot be undone.'),
      vscode.l10n.t('Delete'),
    );
    return [idsOrId(targets)];
  }
}

async function createBin(p: Pick<Parts, 'account' | 'writes'>, record: Json | RecordText, args: CreateArgs) {
  const checked = await p.writes.prepare(record, { name: args.name, private: args.private, collectionId: args.collectionId });
  const created = await withProgress(vscode.l10n.t('Creating bin…'), () => p.writes.create(checked));
  const { id, private: isPrivate, createdAt } = created.metadata;
  return { id, uri: binUri(id, args.name, undefined, p.account.id), private: isPrivate, createdAt };
}

async function addBin(p: Pick<Parts, 'account' | 'bins' | 'remembered'> & Pick<ViewParts, 'tree'>, reference: string) {
  const id = parseBinReference(reference);
  // One read proves the bin exists and titles it; opening it later costs nothing more.
  const entry = await p.bins.fetch({ kind: 'bin', id });
  p.remembered.remember({ id, name: entry.name, private: entry.private });
  p.tree.redraw();
  return { id, uri: binUri(id, entry.name, undefined, p.account.id) };
}

/** One id as it was passed (a single bin's messages name it), several as a list. */
function idsOf(ids: string | string[]): string[] {
  // An id given twice is acted on once: a second DELETE would fail on a bin already gone.
  return typeof ids === 'string' ? [ids] : [...new Set(ids)];
}

function idsOrId(targets: BinTarget[]): string | string[] {
  return targets.length === 1 ? targets[0].id : targets.map((t) => t.id);
}

interface Deleted {
  deleted: string[];
  versionsDeleted: number;
}

/**
 * One DELETE per bin, in order, through the write path (the store tells the view each). A failure
 * stops there: the message names what was deleted before it and what was not.
 */
async function deleteBins(p: Pick<Parts, 'account' | 'writes'>, ids: string[]): Promise<Deleted> {
  const result: Deleted = { deleted: [], versionsDeleted: 0 };
  await withProgress(ids.length === 1 ? vscode.l10n.t('Deleting bin…') : vscode.l10n.t('Deleting {0} bins…', ids.length), async () => {
    for (const id of ids) {
      try {
        const one = await p.writes.deleteBin(id, () => openDocumentsOf(p.account.id, id).map((d) => d.uri.toString()));
        result.deleted.push(id);
        result.versionsDeleted += one.versionsDeleted;
      } catch (error) {
        if (result.deleted.length === 0) {
          throw error;
        }
        throw new Error(
          vscode.l10n.t('Deleted {0}; not deleted: {1}. {2}', result.deleted.join(', '), ids.slice(result.deleted.length).join(', '), (error as Error).message),
          { cause: error },
        );
      }
    }
  });
  return result;
}

function deletedMessage(result: Deleted): string {
  if (result.deleted.length === 1) {
    return result.versionsDeleted === 1
      ? vscode.l10n.t('Deleted bin {0} and 1 version.', result.deleted[0])
      : vscode.l10n.t('Deleted bin {0} and {1} versions.', result.deleted[0], result.versionsDeleted);
  }
  return vscode.l10n.t('Deleted {0} bins: {1}.', result.deleted.length, result.deleted.join(', '));
}

async function pickRemembered(p: Pick<Parts, 'prompts' | 'remembered'>): Promise<string> {
  const bins = p.remembered.all();
  if (bins.length === 0) {
    throw new Error(vscode.l10n.t('No bin was added or created here yet'));
  }
  const items = bins.map((b) => ({ label: b.name ?? b.id, description: b.id, id: b.id }));
  return cancelIfUndefined(await p.prompts.pick(items, { placeHolder: vscode.l10n.t('Bin to remove from the list (it stays on the service)') })).id;
}
