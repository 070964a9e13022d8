/** The parts of the extension that commands act on: those of the account a command is for, and the shared ones. */
import type * as vscode from 'vscode';
import type { AccountParts } from '../account/accountParts';
import type { Accounts } from '../account/accounts';
import type { Node } from '../tree/nodes';
import type { ServiceSnapshots } from '../ui/conflict';
import type { Prompts } from '../ui/prompter';

/** Opens a web page outside VS Code; replaceable, so that tests open no browser. */
export type Opener = (uri: vscode.Uri) => Thenable<boolean>;

export interface SharedParts {
  accounts: Accounts<AccountParts>;
  treeView: vscode.TreeView<Node>;
  prompts: Prompts;
  /** Read-only texts of what the service holds, for diffs. */
  snapshots: ServiceSnapshots;
  openExternal: Opener;
}

/** An account's parts (its connection, files, rows…) with the shared ones. */
export type Parts = AccountParts & SharedParts;

/** The account's parts seen through the shared ones: its `account` stays current after a rename. */
export function partsOf(account: AccountParts, shared: SharedParts): Parts {
  return Object.assign(Object.create(account) as AccountParts, shared);
}
