/** The last row of a listing page when the service may have more. */
import * as vscode from 'vscode';
import { BINS_PER_PAGE } from '../../api';
import { Command } from '../../commands/ids';
import { Node } from './node';

export class LoadMoreNode extends Node {
  static readonly contextValue = 'loadMore';
  readonly contextValue = LoadMoreNode.contextValue;

  constructor(parent: Node, readonly listingId: string) {
    super(parent);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(`Load ${BINS_PER_PAGE} more…`, vscode.TreeItemCollapsibleState.None);
    item.id = `more:${this.listingId}`;
    item.iconPath = new vscode.ThemeIcon('more');
    item.contextValue = this.contextValue;
    item.command = { command: Command.rowLoadMore, title: 'Load More', arguments: [this] };
    return item;
  }
}
