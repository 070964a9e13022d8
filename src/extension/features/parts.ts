/**
 * The parts that features act on from the layers below them: the account's (its connection, its
 * store and write path…) and the window's (prompts, drafts…). A feature takes only those it uses,
 * named in its own type (`Pick<Parts, 'writes' | 'prompts'>`), with the parts features make: the
 * view's (`ViewParts`, in `tree/`), the offline copies, the schema diagnostics. The wiring
 * (`src/extension/extension.ts`, `src/extension/accountParts.ts`) makes them all.
 */
import type * as vscode from 'vscode';
import type { AccountInfo } from '../accounts/accountList';
import type { Accounts, AccountPartsBase } from '../accounts/accounts';
import type { AccountTables } from './accountTables';
import type { Connection } from '../accounts/connection';
import type { BinStore } from '../../core/store/binStore';
import type { RecordWrites } from '../../core/store/recordWrites';
import type { BinCollections } from '../../core/store/binCollections';
import type { SchemaDocs } from '../../core/schema/schemaDocs';
import type { Drafts } from './drafts';
import type { RememberedBins } from '../../core/store/rememberedBins';
import type { SchemaDocOrigins } from '../../core/store/schemaDocOrigins';
import type { ServiceSnapshots } from '../ui/conflict';
import type { Prompts } from '../ui/prompter';

/** Opens a web page outside VS Code; replaceable, so that tests open no browser. */
export type Opener = (uri: vscode.Uri) => Thenable<boolean>;

export interface Parts {
  /** The account a command is for. */
  readonly account: AccountInfo;
  connection: Connection;
  binCollections: BinCollections;
  schemaDocs: SchemaDocs;
  /** What was read and written of its bins and schema docs. */
  bins: BinStore;
  /** The one way its records reach the service. */
  writes: RecordWrites;
  remembered: RememberedBins;
  /** Which definition each schema doc was made from (synced). */
  origins: SchemaDocOrigins;
  /** Its open tables and the reads they share. */
  tables: AccountTables;
  /** Every account, each with its connection and its tables. */
  accounts: Accounts<AccountPartsBase & { connection: Connection; tables: AccountTables }>;
  prompts: Prompts;
  /** Read-only texts of what the service holds, for diffs. */
  snapshots: ServiceSnapshots;
  openExternal: Opener;
  /** Schema docs drafted from records and new bins' records, in untitled tabs. */
  drafts: Drafts;
  /** The extension's folder: the table's webview script is there. */
  extensionUri: vscode.Uri;
  /** The JSONBin log: each request sent (method, path, status, time), never a key. */
  log: vscode.LogOutputChannel;
}
