/** The two roots of an account's rows: its collections, and the bins in no collection. */
import * as vscode from 'vscode';
import { UNCATEGORIZED, type Collection } from '../../../../core/api';
import { BinNode } from './binNode';
import { CollectionNode } from './collectionNode';
import { LoadMoreNode, REMEMBERED, REMEMBERED_PER_PAGE } from './loadMoreNode';
import { MessageNode } from './messageNode';
import { noMatch, Node, type Listings } from './node';

export class CollectionsNode extends Node {
  static readonly contextValue = 'group.collections';
  readonly contextValue = CollectionsNode.contextValue;

  constructor(
    parent: Node | undefined,
    private readonly listings: Listings,
  ) {
    super(parent);
  }

  treeItem(): vscode.TreeItem {
    return groupItem(vscode.l10n.t('Collections'), this.scoped('group:collections'), 'folder-library', this.contextValue + this.abilities);
  }

  override async children(): Promise<Node[]> {
    const filter = this.listings.filter()?.collectionId;
    const collections = (await this.listings.collections()).filter((c) => !filter || c.id === filter);
    return collections.length > 0
      ? collections.map((c) => new CollectionNode(this, c, this.listings))
      : [new MessageNode(this, filter ? noMatch() : vscode.l10n.t('No collections yet'))];
  }

  /** A collection's row, e.g. to reveal a bin just created in it. */
  collectionNode(collection: Collection): CollectionNode {
    return new CollectionNode(this, collection, this.listings);
  }
}

/** Remembered bins (created or added by the user) first, a page at a time, then the service's uncategorized listing. */
export class UncategorizedNode extends Node {
  static readonly contextValue = 'group.uncategorized';
  readonly contextValue = UncategorizedNode.contextValue;

  constructor(
    parent: Node | undefined,
    private readonly listings: Listings,
  ) {
    super(parent);
  }

  treeItem(): vscode.TreeItem {
    return groupItem(vscode.l10n.t('Bins in no collection'), this.scoped('group:uncategorized'), 'inbox', this.contextValue + this.abilities);
  }

  override async children(): Promise<Node[]> {
    const { remembered } = this.listings;
    const shown = this.listings.rememberedShown();
    const filter = this.listings.filter();
    // Filtered, every remembered bin is looked at (they cost no request), and the matches paged.
    const matching = filter && remembered.all().filter((b) => filter.shows(b, null));
    const nodes: Node[] = (matching?.slice(0, shown) ?? remembered.page(0, shown)).map(
      (b) => new BinNode(this, { id: b.id, name: b.name, private: b.private !== false, createdAt: b.createdAt ?? '' }, undefined, true),
    );
    const hidden = (matching?.length ?? remembered.count) - shown;
    if (hidden > 0) {
      const next = Math.min(hidden, REMEMBERED_PER_PAGE);
      nodes.push(
        new LoadMoreNode(this, REMEMBERED, next === 1 ? vscode.l10n.t('Show 1 more remembered bin…') : vscode.l10n.t('Show {0} more remembered bins…', next)),
      );
    }
    if (await this.listings.canList()) {
      const page = await this.listings.bins(UNCATEGORIZED);
      nodes.push(...page.bins.filter((b) => !remembered.has(b.id) && (!filter || filter.shows(b, null))).map((b) => new BinNode(this, b, undefined, false)));
      if (page.more) {
        nodes.push(new LoadMoreNode(this, UNCATEGORIZED));
      }
    }
    if (filter && !nodes.some((n) => n instanceof BinNode)) {
      nodes.unshift(new MessageNode(this, noMatch()));
    }
    return nodes.length > 0 ? nodes : [new MessageNode(this, vscode.l10n.t('No bins outside collections'))];
  }
}

function groupItem(label: string, id: string, icon: string, contextValue: string): vscode.TreeItem {
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.Collapsed);
  item.id = id;
  item.iconPath = new vscode.ThemeIcon(icon);
  item.contextValue = contextValue;
  return item;
}
