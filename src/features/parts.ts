/** The parts of the extension that commands act on: those of the account a command is for, and the shared ones. */
import type * as vscode from 'vscode';
import type { AccountInfo } from '../accounts/accountList';
import type { Accounts } from '../accounts/accounts';
import type { Connection } from '../accounts/connection';
import type { BinStore } from '../store/binStore';
import type { RecordWrites } from '../store/recordWrites';
import type { BinCollections } from '../store/binCollections';
import type { SchemaDocs } from '../schema/schemaDocs';
import type { AccountOfflineCopies } from './offline/offlineCopies';
import type { SchemaDiagnostics } from './schemaDocs/schemaDiagnostics';
import type { Drafts } from './drafts';
import type { BinsTree } from './tree/binsTree';
import type { AccountNode } from './tree/nodes';
import type { RememberedBins } from '../store/rememberedBins';
import type { Node } from './tree/nodes';
import type { ServiceSnapshots } from '../ui/conflict';
import type { Prompts } from '../ui/prompter';

/** Opens a web page outside VS Code; replaceable, so that tests open no browser. */
export type Opener = (uri: vscode.Uri) => Thenable<boolean>;

/** What each account has of its own (made in `accountParts.ts`). */
export interface AccountParts {
  readonly account: AccountInfo;
  connection: Connection;
  binCollections: BinCollections;
  schemaDocs: SchemaDocs;
  /** What was read and written of its bins and schema docs. */
  bins: BinStore;
  /** The one way its records reach the service. */
  writes: RecordWrites;
  offline: AccountOfflineCopies;
  remembered: RememberedBins;
  tree: BinsTree;
  root: AccountNode;
  diagnostics: SchemaDiagnostics;
  flush(): Promise<void>;
  dispose(): void;
}

export interface SharedParts {
  accounts: Accounts<AccountParts>;
  treeView: vscode.TreeView<Node>;
  prompts: Prompts;
  /** Read-only texts of what the service holds, for diffs. */
  snapshots: ServiceSnapshots;
  openExternal: Opener;
  /** Schema docs drafted from records and new bins' records, in untitled tabs. */
  drafts: Drafts;
}

/** An account's parts (its connection, files, rows…) with the shared ones. */
export type Parts = AccountParts & SharedParts;

/** The account's parts seen through the shared ones: its `account` stays current after a rename. */
export function partsOf(account: AccountParts, shared: SharedParts): Parts {
  return Object.assign(Object.create(account) as AccountParts, shared);
}
