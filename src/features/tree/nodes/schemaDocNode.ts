/** The schema doc attached to a collection: its bins are validated against it. */
import * as vscode from 'vscode';
import type { Collection } from '../../../api';
import { Command } from '../../../commands/ids';
import { Node } from './node';

export class SchemaDocNode extends Node {
  static readonly contextValue = 'schemaDoc';
  readonly contextValue = SchemaDocNode.contextValue;

  /** `name` is shown once known (read for validation, opened, saved or renamed): the view reads nothing for it. */
  constructor(
    parent: Node,
    readonly schemaDocId: string,
    readonly collection: Collection,
    readonly name?: string,
  ) {
    super(parent);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem('Schema doc', vscode.TreeItemCollapsibleState.None);
    item.id = this.scoped(`schema:${this.collection.id}:${this.schemaDocId}`);
    item.description = this.name ?? this.schemaDocId;
    item.tooltip = `Validates the bins of ${this.collection.name}\nId: ${this.schemaDocId}`;
    item.iconPath = new vscode.ThemeIcon('symbol-structure');
    item.contextValue = this.contextValue + this.abilities;
    item.command = { command: Command.rowOpenSchemaDoc, title: 'Open Schema Doc', arguments: [this] };
    return item;
  }
}
