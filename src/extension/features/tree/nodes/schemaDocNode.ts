/** The schema doc attached to a collection: its bins are validated against it. */
import * as vscode from 'vscode';
import type { Collection } from '../../../../core/api';
import { Command } from '../../../commands/idsAndContextKeys';
import { idLine } from './binNode';
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
    const item = new vscode.TreeItem(vscode.l10n.t('Schema doc'), vscode.TreeItemCollapsibleState.None);
    item.id = this.scoped(`schema:${this.collection.id}:${this.schemaDocId}`);
    // Its name once known; until then the row says no more than "Schema doc" (its id is in the tooltip).
    item.description = this.name;
    item.tooltip = [vscode.l10n.t('Validates the bins of {0}', this.collection.name), idLine(this.schemaDocId)].join('\n');
    item.iconPath = new vscode.ThemeIcon('symbol-structure');
    item.contextValue = this.contextValue + this.abilities;
    item.command = { command: Command.rowOpenSchemaDoc, title: vscode.l10n.t('Open Schema Doc'), arguments: [this] };
    return item;
  }
}
