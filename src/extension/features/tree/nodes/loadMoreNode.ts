/** The last row of a listing page when there may be more: the service's, or the remembered bins'. */
import * as vscode from 'vscode';
import { BINS_PER_PAGE } from '../../../../core/api';
import { Command } from '../../../commands/idsAndContextKeys';
import { Node } from './node';

/** The listing id of the remembered bins, which are paged without a request. */
export const REMEMBERED = 'remembered';

/** Remembered bins shown per page: a row each, so that thousands do not make the group slow to open. */
export const REMEMBERED_PER_PAGE = 100;

export class LoadMoreNode extends Node {
  static readonly contextValue = 'loadMore';
  readonly contextValue = LoadMoreNode.contextValue;

  constructor(
    parent: Node,
    readonly listingId: string,
    private readonly label = vscode.l10n.t('Load {0} more…', BINS_PER_PAGE),
  ) {
    super(parent);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.scoped(`more:${this.listingId}`);
    item.iconPath = new vscode.ThemeIcon('more');
    item.contextValue = this.contextValue;
    item.command = { command: Command.rowLoadMore, title: vscode.l10n.t('Load More'), arguments: [this] };
    return item;
  }
}
