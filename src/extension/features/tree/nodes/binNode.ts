/** A bin: in a collection's listing, the uncategorized listing, or remembered by the user. */
import * as vscode from 'vscode';
import type { BinSummary, Collection } from '../../../../core/api';
import { Command } from '../../../commands/idsAndContextKeys';
import { binUri } from '../../../fs/uris';
import { whenWithDate } from '../../../ui/relativeTime';
import { Node } from './node';
import { describeMark } from '../definitionBins';

/** A tooltip's line that gives a row's id (a bin's, a collection's, a schema doc's). */
export function idLine(id: string): string {
  return vscode.l10n.t('Id: {0}', id);
}

/** A tooltip's line that says when a bin or collection was created. */
export function createdLine(createdAt: string | undefined): string {
  return vscode.l10n.t('Created: {0}', whenWithDate(createdAt, new Date(), vscode.env.language));
}

export class BinNode extends Node {
  static readonly contextValues = ['bin', 'bin.remembered'] as const;
  readonly contextValue: (typeof BinNode.contextValues)[number];

  constructor(
    parent: Node,
    readonly bin: BinSummary,
    readonly collection: Collection | undefined,
    readonly remembered: boolean,
  ) {
    super(parent);
    this.contextValue = remembered ? 'bin.remembered' : 'bin';
  }

  get id(): string {
    return this.bin.id;
  }

  get label(): string {
    return this.bin.name ?? this.bin.id;
  }

  treeItem(): vscode.TreeItem {
    const { bin, collection } = this;
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.scoped(`bin:${collection?.id ?? 'uncategorized'}:${bin.id}`);
    // Private is the rule: only the exception is written on the row (the tooltip says both).
    item.description = bin.private ? undefined : vscode.l10n.t('public');
    item.iconPath = new vscode.ThemeIcon(bin.private ? 'lock' : 'globe');
    // A record known (read or written) to be a model's output definition: said on the row, the privacy in the tooltip.
    const mark = this.definitionMark(bin.id);
    const definition = mark && describeMark(mark);
    if (definition) {
      item.description = bin.private ? definition.description : `${item.description} · ${definition.description}`;
      item.iconPath = new vscode.ThemeIcon('symbol-interface');
    }
    // The URI of the bin's tab: the problem count's decoration (problemDecorations.ts) finds the row by it.
    item.resourceUri = binUri(bin.id, this.label, undefined, this.account);
    // Names come from the service: a plain-text tooltip never renders them as Markdown.
    item.tooltip = [
      this.label,
      idLine(bin.id),
      createdLine(bin.createdAt),
      bin.private ? vscode.l10n.t('Privacy: private') : vscode.l10n.t('Privacy: public'),
      collection ? vscode.l10n.t('Collection: {0}', collection.name) : vscode.l10n.t('Collection: none'),
      ...(definition ? [definition.tooltip] : []),
    ].join('\n');
    // Its privacy, for the toggle that says what it does ("Make Public").
    const privacy = bin.private === undefined ? ';unknownPrivacy' : bin.private ? ';private' : ';public';
    // A definition's row offers what takes a definition (Use as Schema Doc...).
    item.contextValue = this.contextValue + privacy + this.abilities + (definition ? ';definition' : '');
    item.command = { command: Command.rowOpenBin, title: vscode.l10n.t('Open Bin'), arguments: [this] };
    return item;
  }
}
