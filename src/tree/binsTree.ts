/**
 * The JSONBin view. Nothing is fetched until a node is expanded; refresh drops what was fetched
 * and VS Code asks again only for the nodes that are expanded.
 */
import * as vscode from 'vscode';
import { UNCATEGORIZED, BINS_PER_PAGE, type BinSummary, type Collection } from '../api';
import type { Connection } from '../account/connection';
import type { SchemaDocs } from '../schema/schemaDocs';
import { reportError } from '../ui/feedback';
import { BinNode, CollectionNode, GroupNode, LoadMoreNode, MessageNode, SchemaDocNode, treeItem, UNSORTED, type Node } from './nodes';
import type { RememberedBins } from './rememberedBins';

interface Page {
  bins: BinSummary[];
  more: boolean;
}

export class BinsTree implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly pages = new Map<string, Page>();
  private readonly groups = { collections: new GroupNode('collections'), unsorted: new GroupNode(UNSORTED) };

  constructor(
    private readonly connection: Connection,
    private readonly remembered: RememberedBins,
    private readonly schemaDocs: SchemaDocs,
  ) {}

  getTreeItem(node: Node): vscode.TreeItem {
    return treeItem(node);
  }

  /** Lets VS Code reveal a node, e.g. a bin just created, expanding its parents. */
  getParent(node: Node): Node | undefined {
    switch (node.type) {
      case 'group':
        return undefined;
      case 'collection':
        return this.groups.collections;
      case 'schemaDoc':
        return new CollectionNode(node.collection);
      case 'bin':
        return node.collection ? new CollectionNode(node.collection) : this.groups.unsorted;
      default:
        return node.parent;
    }
  }

  async getChildren(node?: Node): Promise<Node[]> {
    try {
      return await this.children(node);
    } catch (error) {
      reportError(error);
      return [new MessageNode(node, error instanceof Error ? error.message : String(error))];
    }
  }

  refresh(): void {
    this.pages.clear();
    this.schemaDocs.clear();
    this.changed.fire(undefined);
  }

  /** Shows what a command changed in the bins in no collection, without fetching anything else. */
  refreshUnsorted(): void {
    this.pages.delete(UNSORTED);
    this.changed.fire(undefined);
  }

  refreshCollection(collectionId: string): void {
    this.pages.delete(collectionId);
    this.changed.fire(undefined);
  }

  /** Shows a schema doc attached to or detached from a collection, without listing again. */
  setSchemaDoc(collectionId: string, schemaDocId: string | undefined): void {
    this.schemaDocs.attached(collectionId, schemaDocId);
    this.changed.fire(undefined);
  }

  listCollections(): Promise<Collection[]> {
    return this.schemaDocs.listCollections();
  }

  async loadMore(node: LoadMoreNode): Promise<void> {
    const key = node.parent.type === 'collection' ? node.parent.collection.id : UNSORTED;
    const page = this.pages.get(key);
    if (!page) {
      return;
    }
    const next = await this.connection.client.listBins(key === UNSORTED ? UNCATEGORIZED : key, node.after);
    page.bins.push(...next);
    page.more = next.length === BINS_PER_PAGE;
    this.changed.fire(node.parent);
  }

  dispose(): void {
    this.changed.dispose();
  }

  private async children(node?: Node): Promise<Node[]> {
    if (!node) {
      const hasKey = await this.connection.keys.updateContext();
      if (hasKey) {
        return [this.groups.collections, this.groups.unsorted];
      }
      return this.remembered.all().length > 0 ? [this.groups.unsorted] : [];
    }
    switch (node.type) {
      case 'group':
        return node.group === 'collections' ? this.collectionNodes() : this.unsortedNodes();
      case 'collection':
        return this.collectionChildren(node);
      default:
        return [];
    }
  }

  private async collectionNodes(): Promise<Node[]> {
    const collections = await this.listCollections();
    return collections.length > 0
      ? collections.map((c) => new CollectionNode(c))
      : [new MessageNode(this.groups.collections, 'No collections yet')];
  }

  private async collectionChildren(node: CollectionNode): Promise<Node[]> {
    const { collection } = node;
    const page = await this.page(collection.id, collection.id);
    const nodes: Node[] = collection.schemaDocId ? [new SchemaDocNode(collection.schemaDocId, collection)] : [];
    nodes.push(...page.bins.map((b) => new BinNode(b, collection, false)));
    if (page.more) {
      nodes.push(new LoadMoreNode(node, page.bins[page.bins.length - 1].id));
    }
    return nodes;
  }

  private async unsortedNodes(): Promise<Node[]> {
    const remembered = this.remembered.all();
    const nodes: Node[] = remembered.map(
      (b) => new BinNode({ id: b.id, name: b.name, private: b.private !== false, createdAt: b.createdAt ?? '' }, undefined, true),
    );
    if (!(await this.connection.keys.get())) {
      return nodes;
    }
    const known = new Set(remembered.map((b) => b.id));
    const page = await this.page(UNSORTED, UNCATEGORIZED);
    nodes.push(...page.bins.filter((b) => !known.has(b.id)).map((b) => new BinNode(b, undefined, false)));
    if (page.more) {
      nodes.push(new LoadMoreNode(this.groups.unsorted, page.bins[page.bins.length - 1].id));
    }
    return nodes.length > 0 ? nodes : [new MessageNode(this.groups.unsorted, 'No bins outside collections')];
  }

  private async page(key: string, listingId: string): Promise<Page> {
    let page = this.pages.get(key);
    if (!page) {
      const bins = await this.connection.client.listBins(listingId);
      page = { bins, more: bins.length === BINS_PER_PAGE };
      this.pages.set(key, page);
    }
    return page;
  }
}
