/** A collection: its schema doc first, then its bins a page at a time. */
import * as vscode from 'vscode';
import type { Collection } from '../../../../core/api';
import { BinNode, createdLine, idLine } from './binNode';
import { LoadMoreNode } from './loadMoreNode';
import { MessageNode } from './messageNode';
import { noMatch, Node, type Listings } from './node';
import { SchemaDocNode } from './schemaDocNode';

export class CollectionNode extends Node {
  static readonly contextValues = ['collection', 'collection.withSchemaDoc'] as const;
  readonly contextValue: (typeof CollectionNode.contextValues)[number];

  constructor(
    parent: Node,
    readonly collection: Collection,
    private readonly listings: Listings,
  ) {
    super(parent);
    this.contextValue = collection.schemaDocId ? 'collection.withSchemaDoc' : 'collection';
  }

  treeItem(): vscode.TreeItem {
    const { collection } = this;
    const item = new vscode.TreeItem(collection.name, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.scoped(`collection:${collection.id}`);
    item.iconPath = new vscode.ThemeIcon('folder');
    item.description = collection.schemaDocId ? vscode.l10n.t('schema') : undefined;
    // A plain-text tooltip: the service's names are never rendered as Markdown.
    item.tooltip = [
      collection.name,
      idLine(collection.id),
      createdLine(collection.createdAt),
      ...(collection.schemaDocId ? [vscode.l10n.t('Schema doc: {0}', collection.schemaDocId)] : []),
    ].join('\n');
    item.contextValue = this.contextValue + this.abilities;
    return item;
  }

  override async children(): Promise<Node[]> {
    const { collection } = this;
    const page = await this.listings.bins(collection.id);
    const filter = this.listings.filter();
    const nodes: Node[] = collection.schemaDocId
      ? [new SchemaDocNode(this, collection.schemaDocId, collection, this.listings.schemaDocName(collection.schemaDocId))]
      : [];
    const bins = page.bins.filter((b) => !filter || filter.shows(b, collection.id));
    nodes.push(...(bins.length > 0 || !filter ? bins.map((b) => new BinNode(this, b, collection, false)) : [new MessageNode(this, noMatch())]));
    if (page.more) {
      nodes.push(new LoadMoreNode(this, collection.id));
    }
    return nodes.length > 0 ? nodes : [new MessageNode(this, vscode.l10n.t('No bins in this collection yet'))];
  }
}
