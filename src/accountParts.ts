/**
 * What each account has of its own: its key, its connection, what is known of its bins and
 * schema docs, its files and its rows in the view. Shared parts (the validation worker, the log,
 * the conflict prompt) are given.
 */
import type * as vscode from 'vscode';
import { BinStore } from './bins/binStore';
import type { ConflictResolver } from './bins/ports';
import { RecordWrites } from './bins/recordWrites';
import { settings } from './config';
import { SchemaDiagnostics } from './features/schemaDocs/schemaDiagnostics';
import { schemaDocSaves } from './features/schemaDocs/schemaDocSaves';
import type { Prompts } from './ui/prompter';
import { offlineBanner } from './features/offline/offlineBannerLoader';
import { AccountOfflineCopies } from './features/offline/offlineCopies';
import { BinCollections } from './schema/binCollections';
import { SchemaDocs } from './schema/schemaDocs';
import type { Validation } from './schema/validation';
import { BinsTree } from './features/tree/binsTree';
import { AccountNode } from './features/tree/nodes';
import { RememberedBins } from './features/tree/rememberedBins';
import type { AccountParts } from './features/parts';
import type { AccountInfo } from './account/accountList';
import { apiUrlOf, scopeOf } from './account/accounts';
import { Connection } from './account/connection';
import type { KeyStore } from './account/keyStore';

export interface AccountShared {
  memory: vscode.Memento;
  log: vscode.LogOutputChannel;
  validation: Validation;
  resolveConflict: ConflictResolver;
  /** Whether an open document (its Uri, as a string) has unsaved edits. */
  isDirty: (doc: string) => boolean;
  /** Where copies of bins are kept for reading offline. */
  offlineCopiesFolder: vscode.Uri;
  /** Told when an account learns which collection a bin is in. */
  learned: () => void;
  /** The questions a save may ask (whether to save a schema doc that stored bins would fail). */
  prompts: Prompts;
}

export function makeAccountParts(info: () => AccountInfo, isActive: () => boolean, keys: KeyStore, shared: AccountShared): AccountParts {
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
  const offline = new AccountOfflineCopies(shared.offlineCopiesFolder, connection, {
    dropOffline: (r) => bins.dropOffline(r),
    changed: (docs) => bins.changed(docs),
  });
  const bins: BinStore = new BinStore(connection, schemaDocs, offline, shared.isDirty);
  const saves = schemaDocSaves(shared.prompts, id, () => diagnostics);
  const writes = new RecordWrites(connection, bins, schemaDocs, binCollections, settings, shared.resolveConflict, saves);
  const remembered = new RememberedBins(shared.memory, scope);
  const root: AccountNode = new AccountNode(info, apiUrl, isActive, () => tree.getChildren(undefined));
  const tree: BinsTree = new BinsTree(connection, remembered, schemaDocs, root);
  const diagnostics = new SchemaDiagnostics(bins, schemaDocs, binCollections, shared.log, id);
  const subscriptions = [
    connection,
    bins,
    offline,
    offlineBanner(offline, bins),
    // A removed account's pending writes are dropped, not written back after its state is deleted.
    binCollections,
    remembered,
    tree,
    diagnostics,
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
    tree,
    root,
    diagnostics,
    flush: async () => {
      await Promise.all([binCollections.flush(), remembered.flush(), connection.flush()]);
    },
    dispose: () => subscriptions.forEach((s) => void s.dispose()),
  };
}
