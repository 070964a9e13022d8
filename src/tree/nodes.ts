/** The tree's nodes and how each is shown. */
import * as vscode from 'vscode';
import { BINS_PER_PAGE, type BinSummary, type Collection } from '../api';

export const UNSORTED = 'unsorted';

export type Node = GroupNode | CollectionNode | SchemaDocNode | BinNode | LoadMoreNode | MessageNode;

export class GroupNode {
  readonly type = 'group';
  constructor(readonly group: 'collections' | typeof UNSORTED) {}
}

export class CollectionNode {
  readonly type = 'collection';
  constructor(readonly collection: Collection) {}
}

export class SchemaDocNode {
  readonly type = 'schemaDoc';
  constructor(readonly schemaDocId: string, readonly collection: Collection) {}
}

export class BinNode {
  readonly type = 'bin';
  constructor(
    readonly bin: BinSummary,
    readonly collection: Collection | undefined,
    readonly remembered: boolean,
  ) {}
  get id(): string {
    return this.bin.id;
  }
}

export class LoadMoreNode {
  readonly type = 'loadMore';
  constructor(readonly parent: CollectionNode | GroupNode, readonly after: string) {}
}

export class MessageNode {
  readonly type = 'message';
  constructor(readonly parent: Node | undefined, readonly text: string) {}
}

export function treeItem(node: Node): vscode.TreeItem {
  switch (node.type) {
    case 'group': {
      const collections = node.group === 'collections';
      const item = new vscode.TreeItem(collections ? 'Collections' : 'Bins in no collection', vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `group:${node.group}`;
      item.iconPath = new vscode.ThemeIcon(collections ? 'folder-library' : 'inbox');
      item.contextValue = `group.${node.group}`;
      return item;
    }
    case 'collection': {
      const item = new vscode.TreeItem(node.collection.name, vscode.TreeItemCollapsibleState.Collapsed);
      item.id = `collection:${node.collection.id}`;
      item.iconPath = new vscode.ThemeIcon('folder');
      item.description = node.collection.schemaDocId ? 'schema' : undefined;
      item.tooltip = new vscode.MarkdownString(
        `**${node.collection.name}**\n\nId: \`${node.collection.id}\`\n\nCreated: ${node.collection.createdAt}` +
          (node.collection.schemaDocId ? `\n\nSchema doc: \`${node.collection.schemaDocId}\`` : ''),
      );
      item.contextValue = node.collection.schemaDocId ? 'collection.withSchema' : 'collection';
      return item;
    }
    case 'schemaDoc': {
      const item = new vscode.TreeItem('Schema doc', vscode.TreeItemCollapsibleState.None);
      item.id = `schema:${node.collection.id}:${node.schemaDocId}`;
      item.description = node.schemaDocId;
      item.iconPath = new vscode.ThemeIcon('symbol-structure');
      item.contextValue = 'schemaDoc';
      item.command = { command: 'jsonbin.openSchemaDoc', title: 'Open Schema Doc', arguments: [node.schemaDocId] };
      return item;
    }
    case 'bin': {
      const { bin, collection } = node;
      const item = new vscode.TreeItem(bin.name ?? bin.id, vscode.TreeItemCollapsibleState.None);
      item.id = `bin:${collection?.id ?? UNSORTED}:${bin.id}`;
      item.description = bin.private ? 'private' : 'public';
      item.iconPath = new vscode.ThemeIcon(bin.private ? 'lock' : 'globe');
      item.tooltip = new vscode.MarkdownString(
        [
          `**${bin.name ?? bin.id}**`,
          `Id: \`${bin.id}\``,
          `Created: ${bin.createdAt ?? 'unknown'}`,
          `Privacy: ${bin.private ? 'private' : 'public'}`,
          `Collection: ${collection ? collection.name : 'none'}`,
        ].join('\n\n'),
      );
      item.contextValue = node.remembered ? 'bin.remembered' : 'bin';
      item.command = { command: 'jsonbin.openBin', title: 'Open Bin', arguments: [node] };
      return item;
    }
    case 'loadMore': {
      const item = new vscode.TreeItem(`Load ${BINS_PER_PAGE} more…`, vscode.TreeItemCollapsibleState.None);
      item.iconPath = new vscode.ThemeIcon('more');
      item.contextValue = 'loadMore';
      item.command = { command: 'jsonbin.loadMore', title: 'Load More', arguments: [node] };
      return item;
    }
    case 'message': {
      const item = new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
      item.iconPath = new vscode.ThemeIcon('warning');
      item.contextValue = 'message';
      return item;
    }
  }
}

/** True for the nodes the tree passes to commands, as opposed to programmatic arguments. */
export function isNode(value: unknown): value is Node {
  return [GroupNode, CollectionNode, SchemaDocNode, BinNode, LoadMoreNode, MessageNode].some((c) => value instanceof c);
}
