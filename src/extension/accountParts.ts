/**
 * What each account has of its own: its key, its connection, what is known of its bins and
 * schema docs, its files and its rows in the view. Shared parts (the validation worker, the log,
 * the conflict prompt) are given. What the accounts share that only their parts use is made
 * with the first account's parts (`accountMaker`): activation neither loads nor makes it.
 */
import * as vscode from 'vscode';
import { BinStore } from '../core/store/binStore';
import type { ConflictResolver } from '../core/store/ports';
import type { Memory } from '../core/api/stateKeys';
import { RecordWrites } from '../core/store/recordWrites';
import type { OfflineCopyFiles } from '../core/store/offlineCopyFiles';
import { settings } from './config';
import { SchemaDiagnostics } from './features/schemaDocs/schemaDiagnostics';
import { schemaDocSaves } from './features/schemaDocs/schemaDocSaves';
import type { Prompts } from './ui/prompter';
import { offlineBanner } from './features/offline/offlineBannerLoader';
import { AccountOfflineCopies } from './features/offline/offlineCopies';
import { BinCollections } from '../core/store/binCollections';
import { SchemaDocs } from '../core/schema/schemaDocs';
import { BinsTree } from './features/tree/binsTree';
import { AccountNode } from './features/tree/nodes';
import { RememberedBins } from '../core/store/rememberedBins';
import { SchemaDocOrigins } from '../core/store/schemaDocOrigins';
import { metadataOf } from '../core/store/binEvents';
import type { Parts } from './features/parts';
import { AccountTables } from './features/accountTables';
import type { AccountRows } from './features/tree/binsView';
import type { AccountInfo } from './accounts/accountList';
import { apiUrlOf, scopeOf } from './accounts/accounts';
import { Connection } from './accounts/connection';
import type { Accounts } from './accounts/accounts';
import type { KeyStore } from './accounts/keyStore';
import { host } from '../platform';
import { Validation } from '../core/schema/validation';
import { RequestStatus } from './features/manageAccounts/requestStatus';
import { AutoSaveResume } from './features/bins/autoSaveResume';
import { AutoSaveStatus } from './features/bins/autoSaveStatus';
import { ProblemDecorations } from './features/schemaDocs/problemDecorations';
import { ValidationStatus } from './features/schemaDocs/validationStatus';
import { showTypeScriptTypes } from './ui/contextKeys';
import { reportError } from './ui/feedback';

/** What each account has of its own (made here): the features' parts of an account, its rows, its offline copies and diagnostics. */
export interface AccountParts
  extends Pick<Parts, 'account' | 'connection' | 'binCollections' | 'schemaDocs' | 'bins' | 'writes' | 'remembered' | 'origins' | 'tables'>, AccountRows {
  offline: AccountOfflineCopies;
  diagnostics: SchemaDiagnostics;
}

/** What activation gives every account: the rest of `AccountShared` comes with the first account's parts. */
export interface WindowShared {
  /** The window's global state, written through its one writer (`src/core/api/stateWriter.ts`). */
  memory: Memory;
  log: vscode.LogOutputChannel;
  resolveConflict: ConflictResolver;
  /** Whether an open document (its Uri, as a string) has unsaved edits. */
  isDirty: (doc: string) => boolean;
  /** Where copies of bins are kept for reading offline. */
  offlineCopiesFolder: vscode.Uri;
  /** The questions a save may ask (whether to save a schema doc that stored bins would fail). */
  prompts: Prompts;
  /** The extension's folder, where the validation worker's file is. */
  extensionUri: vscode.Uri;
}

export interface AccountShared extends WindowShared {
  validation: Validation;
  /**
   * The files of every account's offline copies, made with the first copy kept or asked for: one
   * index and one budget (`jsonbin.offline.maxMegabytes` bounds them all, and Clear counts them all).
   */
  offlineCopyFiles: () => Promise<OfflineCopyFiles>;
  /** Told when an account learns which collection a bin is in. */
  learned: () => void;
}

/** What the status bar and the rows show of the accounts' parts, and what follows the tabs' auto saves: nothing is made before the first parts are. */
export interface Shown {
  validationStatus: ValidationStatus;
  requestStatus: RequestStatus;
  problemDecorations: ProblemDecorations;
  autoSaveStatus: AutoSaveStatus;
  autoSaveResume: AutoSaveResume;
}

export interface AccountMaker extends vscode.Disposable {
  make(info: () => AccountInfo, isActive: () => boolean, keys: KeyStore): AccountParts;
  readonly shown: Shown;
}

/**
 * Made once, with the first account's parts: the validation worker's client (its worker starts
 * with the first validation), the status bar's items and the rows' problem counts.
 */
export function accountMaker(accounts: Accounts<AccountParts>, window: WindowShared): AccountMaker {
  const workerFile = vscode.Uri.joinPath(window.extensionUri, host.validationWorkerFile);
  const validation = new Validation({ fsPath: workerFile.fsPath, read: () => Promise.resolve(vscode.workspace.fs.readFile(workerFile)) });
  // An access key reads no schema doc: its bins are validated by the service alone, so nothing is missing.
  const validationStatus = new ValidationStatus((uri) => {
    const parts = accounts.madeFor(uri.authority);
    return parts?.account.keyKind === 'master' ? parts.binCollections : undefined;
  });
  const shown: Shown = {
    validationStatus,
    requestStatus: new RequestStatus(accounts),
    problemDecorations: new ProblemDecorations(),
    autoSaveStatus: new AutoSaveStatus(),
    autoSaveResume: new AutoSaveResume(),
  };
  // VS Code says why a tab did not open; a missing or wrong key also gets the way out.
  accounts.followParts((parts) => [
    parts.bins.onDidFailToRead((error) => {
      if (error.kind === 'missingKey' || error.kind === 'invalidKey') {
        reportError(error, undefined, parts.account.id === accounts.active.id ? undefined : parts.account);
      }
    }),
  ]);
  // The rows and tabs whose menus offer it come with the parts, and so does each use that activates the extension (the view, a tab, a command).
  showTypeScriptTypes(host.typeScriptTypes !== undefined);
  let offlineCopyFiles: Promise<OfflineCopyFiles> | undefined;
  const shared: AccountShared = {
    ...window,
    validation,
    offlineCopyFiles: () =>
      (offlineCopyFiles ??= import('./features/offline/offlineCopyStore.js').then((m) =>
        m.offlineCopyFilesIn(window.offlineCopiesFolder, settings.offlineCopiesMaxBytes),
      )),
    learned: () => validationStatus.update(),
  };
  return {
    make: (info, isActive, keys) => makeAccountParts(info, isActive, keys, shared),
    shown,
    dispose: () => {
      [shown.validationStatus, shown.requestStatus, shown.problemDecorations, shown.autoSaveStatus, shown.autoSaveResume].forEach((s) => s.dispose());
      void validation.dispose();
    },
  };
}

function makeAccountParts(info: () => AccountInfo, isActive: () => boolean, keys: KeyStore, shared: AccountShared): AccountParts {
  const { id } = info();
  // The default account follows the URL setting, and keeps its state under the URL as before accounts.
  const apiUrl = () => apiUrlOf(info());
  const scope = () => scopeOf(info());
  const binCollections = new BinCollections(shared.memory, scope);
  const connection = new Connection({ info, apiUrl, scope }, keys, binCollections, shared.log, shared.memory);
  const schemaDocs = new SchemaDocs(
    () => connection.client,
    shared.validation,
    () => info().keyKind === 'master',
  );
  const offline = new AccountOfflineCopies(shared.offlineCopyFiles, connection, {
    dropOffline: (r) => bins.dropOffline(r),
    changed: (docs) => bins.changed(docs),
  });
  const bins: BinStore = new BinStore(connection, schemaDocs, offline, shared.isDirty);
  const saves = schemaDocSaves(shared.prompts, id, () => diagnostics);
  const writes = new RecordWrites(connection, bins, schemaDocs, binCollections, settings, shared.resolveConflict, saves);
  const remembered = new RememberedBins(shared.memory, scope);
  const origins = new SchemaDocOrigins(shared.memory, scope);
  const tables = new AccountTables();
  const root: AccountNode = new AccountNode(info, apiUrl, isActive, () => tree.getChildren(undefined));
  const tree: BinsTree = new BinsTree(connection, remembered, schemaDocs, root, bins);
  const diagnostics = new SchemaDiagnostics(bins, schemaDocs, binCollections, shared.log, id);
  const subscriptions = [
    followBinChanges({ bins, remembered, binCollections, offline, tree }),
    connection,
    bins,
    offline,
    offlineBanner(offline, bins),
    // A removed account's pending writes are dropped, not written back after its state is deleted.
    binCollections,
    remembered,
    tree,
    diagnostics,
    tables,
    binCollections.onDidLearn(() => shared.learned()),
    connection.onDidChange(() => {
      bins.forgetAll();
      schemaDocs.clear();
      tree.refresh();
    }),
  ];
  return {
    get account() {
      return info();
    },
    connection,
    binCollections,
    schemaDocs,
    bins,
    writes,
    offline,
    remembered,
    origins,
    tables,
    tree,
    root,
    diagnostics,
    flush: async () => {
      await Promise.all([binCollections.flush(), remembered.flush(), connection.flush()]);
    },
    dispose: () => subscriptions.forEach((s) => void s.dispose()),
  };
}

/**
 * What follows a change of an account's bins, in one place: the write path makes the change and
 * the store tells it (`BinStore.onDidChangeBins`); no command keeps these in step by hand.
 */
function followBinChanges(parts: Pick<AccountParts, 'bins' | 'remembered' | 'binCollections' | 'offline' | 'tree'>): { dispose(): void } {
  const { bins, remembered, binCollections, offline, tree } = parts;
  return bins.onDidChangeBins((changes) => {
    for (const change of changes) {
      switch (change.kind) {
        case 'created':
          // A bin in no collection is listed among the remembered bins too.
          if (change.collectionId === null) {
            remembered.remember(change.bin);
          }
          break;
        case 'deleted':
          remembered.forget(change.id);
          binCollections.forget(change.id);
          offline.forget({ kind: 'bin', id: change.id });
          break;
        case 'renamed':
        case 'privacy':
          remembered.update(change.id, metadataOf(change));
          break;
        case 'moved':
          binCollections.learn(change.id, change.collectionId);
          break;
      }
    }
    // The view's fetched pages follow as the service would list them next (`listingAfter`): nothing is fetched again.
    tree.follow(changes);
  });
}
