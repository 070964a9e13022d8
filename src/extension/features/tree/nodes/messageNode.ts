/** A row that says why there is nothing else to show, with the action that helps when there is one. */
import * as vscode from 'vscode';
import { Node } from './node';

export class MessageNode extends Node {
  static readonly contextValue = 'message';
  readonly contextValue = MessageNode.contextValue;

  constructor(
    parent: Node | undefined,
    readonly text: string,
    readonly action?: vscode.Command,
    readonly problem = false,
  ) {
    super(parent);
  }

  treeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.text, vscode.TreeItemCollapsibleState.None);
    item.iconPath = new vscode.ThemeIcon(this.problem ? 'warning' : 'info');
    item.tooltip = this.action ? vscode.l10n.t('{0}\n\nClick: {1}', this.text, this.action.title) : this.text;
    item.command = this.action;
    item.contextValue = this.contextValue;
    return item;
  }
}
