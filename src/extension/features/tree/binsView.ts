/**
 * The JSONBin view: one account's rows as they are, or a row per account when there are several.
 * Each account's rows come from its own `BinsTree`.
 */
import * as vscode from 'vscode';
import type { Accounts, AccountPartsBase } from '../../accounts/accounts';
import type { BinsTree } from './binsTree';
import type { AccountNode } from './nodes/accountNode';
import type { Node } from './nodes/node';

export interface AccountRows extends AccountPartsBase {
  tree: BinsTree;
  root: AccountNode;
}

/** What features show in the view: an account's rows, and the view (to reveal a row, to describe a filter). */
export interface ViewParts {
  tree: BinsTree;
  treeView: vscode.TreeView<Node>;
}

export class BinsView implements vscode.TreeDataProvider<Node>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly accounts: Accounts<AccountRows>) {
    const follow = (parts: AccountRows) => parts.tree.onDidChangeTreeData((node) => this.changed.fire(node ?? this.rootOf(parts)));
    this.subscriptions = [accounts.onDidChange(() => this.changed.fire(undefined))];
    accounts.followParts((parts) => [follow(parts)]);
  }

  getTreeItem(node: Node): vscode.TreeItem {
    return node.treeItem();
  }

  getParent(node: Node): Node | undefined {
    const parent = node.parent;
    return parent && this.isRoot(parent) && !this.several() ? undefined : parent;
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (!node) {
      const all = this.accounts.all();
      return all.length === 1 ? (await this.rowsOf(all[0].id)).tree.getChildren(undefined) : Promise.all(all.map(async (a) => (await this.rowsOf(a.id)).root));
    }
    if (this.isRoot(node)) {
      return node.children();
    }
    // A row of an account removed meanwhile has nothing more to show.
    return (await this.accounts.parts(node.account))?.tree.getChildren(node) ?? [];
  }

  dispose(): void {
    this.subscriptions.forEach((s) => void s.dispose());
    this.changed.dispose();
  }

  /** An account's row; asked of its parts, so that the rows' code loads with them, not with the view. */
  private isRoot(node: Node): node is AccountNode {
    return this.accounts.madeFor(node.account)?.root === node;
  }

  private several(): boolean {
    return this.accounts.all().length > 1;
  }

  /** A whole account changed: its row when there are several, else the whole view. */
  private rootOf(parts: AccountRows): Node | undefined {
    return this.several() ? parts.root : undefined;
  }

  private async rowsOf(account: string): Promise<AccountRows> {
    return (await this.accounts.parts(account)) ?? this.accounts.activeParts();
  }
}
