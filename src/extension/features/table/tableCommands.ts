/**
 * Open as Table: a collection's bins (or the bins in no collection, or selected bins) in a webview
 * editor, a row per bin. On a collection's row, "Bins in no collection", bin rows (a selection),
 * the palette; `jsonbin.openTable({ collectionId?, binIds?, uncategorized?, paths? })` resolves with the panel's id once
 * the table is drawn, and `jsonbin.tableSnapshot(id)` with what it shows.
 */
import * as vscode from 'vscode';
import { RequestScope } from '../../../core/api';
import { Command } from '../../commands/idsAndContextKeys';
import { pickCollection } from '../../ui/prompts';
import { needs, register, required, type Handler } from '../commandForms';
import { cancelIfUndefined, parseBinReference } from '../../commands/args';
import { selectedRows } from '../binTarget';
import { CollectionNode, UncategorizedNode, type BinNode } from '../tree/nodes';
import { activeTable, TablePanel, tableOf, type PanelParts } from './tablePanel';
import type { TableStatus } from './protocol';
import type { TableSnapshot } from './tableSession';
import { firstTitleOf, sourceOf, type TableTarget } from './tableSource';

/** What `jsonbin.tableSnapshot` answers: what the table shows, its header's status, whether it is still reading, and the words its webview was given. */
export type TableShown = TableSnapshot & { reading: boolean; status: TableStatus; texts: TablePanel['texts'] };

/** What a programmatic call names: a collection's bins, bins by id (of that collection, when both), or the bins in no collection. */
export interface OpenTableTargets {
  collectionId?: string;
  binIds?: string[];
  uncategorized?: boolean;
  /** JSONPath columns to add, as Add Column does. */
  paths?: string[];
}

export function tableCommands(p: PanelParts): Handler[] {
  return [
    ...register(
      Command.openTable,
      {
        run: async (targets: OpenTableTargets | TableTarget) => {
          const target = targetOf(targets);
          const scope = new RequestScope();
          const panel = new TablePanel(p, await firstTitleOf(p, target), sourceOf(p, target, scope), scope);
          await panel.whenReady();
          ('paths' in targets ? targets.paths : undefined)?.forEach((path) => panel.addColumn(path));
          return panel.id;
        },
        ask: async () => {
          const chosen = (await pickCollection(p.prompts, await p.schemaDocs.listCollections(), false))!;
          return [{ collectionId: chosen.id }];
        },
      },
      { row: [Command.rowOpenTable, async (node: CollectionNode | UncategorizedNode | BinNode, selected) => [rowTarget(node, selected)]] },
    ),
    ...register(Command.tableSnapshot, {
      run: async (id: string): Promise<TableShown> => {
        const table = tableOf(p, required(id, 'a table id', Command.tableSnapshot));
        if (!table) {
          throw new Error(vscode.l10n.t('No table {0} is open', id));
        }
        return { ...table.session.snapshot(table.panel.title), reading: table.busy, status: table.status(), texts: table.texts };
      },
      ask: async () => [cancelIfUndefined(activeTable(p)).id],
    }),
  ];
}

function rowTarget(node: CollectionNode | UncategorizedNode | BinNode, selected: readonly unknown[] | undefined): TableTarget {
  if (node instanceof CollectionNode) {
    return { collectionId: node.collection.id };
  }
  if (node instanceof UncategorizedNode) {
    return { uncategorized: true };
  }
  const rows = selectedRows(node, selected);
  const collections = new Set(rows.map((r) => r.collection?.id));
  const [only] = collections;
  return { bins: rows.map((r) => r.bin), ...(collections.size === 1 && only !== undefined && { collectionId: only }) };
}

function targetOf(targets: OpenTableTargets | TableTarget | undefined): TableTarget {
  if (targets && 'bins' in targets) {
    return targets;
  }
  if (targets && 'uncategorized' in targets && targets.uncategorized === true) {
    return { uncategorized: true };
  }
  if (targets && 'binIds' in targets && targets.binIds?.length) {
    return { bins: targets.binIds.map((id) => ({ id: parseBinReference(id) })), collectionId: targets.collectionId };
  }
  if (typeof targets?.collectionId === 'string') {
    return { collectionId: targets.collectionId };
  }
  throw new Error(needs(Command.openTable, '{ binIds } or { collectionId }'));
}
