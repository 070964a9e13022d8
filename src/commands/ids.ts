/**
 * Every command id and context key of the extension: the only place their strings are written in
 * `src/`. Each place a command is invoked from has its own id, so that no handler has to guess
 * what its arguments mean:
 * - the plain id is the palette (no arguments: it asks) and the programmatic form (documented
 *   arguments: it never asks);
 * - `jsonbin.row.*` is a tree row's menu or click: VS Code passes the row's node;
 * - `jsonbin.view.*` is the view's title bar: VS Code passes the focused node, which is ignored;
 * - `jsonbin.tab.*` is a tab's editor title: VS Code passes the tab's Uri;
 * - `jsonbin.explorer.*` is the Explorer's context menu: VS Code passes the clicked file's Uri and
 *   the Uris of every selected file.
 */
export const Command = {
  setApiKey: 'jsonbin.setApiKey',
  clearApiKey: 'jsonbin.clearApiKey',
  refresh: 'jsonbin.refresh',
  createBin: 'jsonbin.createBin',
  addBin: 'jsonbin.addBin',
  openBin: 'jsonbin.openBin',
  deleteBin: 'jsonbin.deleteBin',
  deleteVersions: 'jsonbin.deleteVersions',
  setVersioning: 'jsonbin.setVersioning',
  forgetBin: 'jsonbin.forgetBin',
  copyBinId: 'jsonbin.copyBinId',
  renameBin: 'jsonbin.renameBin',
  setPrivacy: 'jsonbin.setPrivacy',
  openVersion: 'jsonbin.openVersion',
  compareWithVersion: 'jsonbin.compareWithVersion',
  openSchemaDoc: 'jsonbin.openSchemaDoc',
  createCollection: 'jsonbin.createCollection',
  createSchemaDoc: 'jsonbin.createSchemaDoc',
  attachSchemaDoc: 'jsonbin.attachSchemaDoc',
  detachSchemaDoc: 'jsonbin.detachSchemaDoc',
  setBinCollection: 'jsonbin.setBinCollection',
  uploadAsBin: 'jsonbin.uploadAsBin',
  saveBinAsFile: 'jsonbin.saveBinAsFile',
  exportCollection: 'jsonbin.exportCollection',
  validateCollection: 'jsonbin.validateCollection',
  restoreVersion: 'jsonbin.restoreVersion',
  copyPublicUrl: 'jsonbin.copyPublicUrl',
  openInDashboard: 'jsonbin.openInDashboard',
  copyFetchSnippet: 'jsonbin.copyFetchSnippet',
  copyCurlSnippet: 'jsonbin.copyCurlSnippet',
  renameCollection: 'jsonbin.renameCollection',
  renameSchemaDoc: 'jsonbin.renameSchemaDoc',
  findBin: 'jsonbin.findBin',
  filterBins: 'jsonbin.filterBins',
  clearFilter: 'jsonbin.clearFilter',
  openJsonPath: 'jsonbin.openJsonPath',
  openRecordOnly: 'jsonbin.openRecordOnly',
  retryRequests: 'jsonbin.retryRequests',
  showRequests: 'jsonbin.showRequests',
  addAccount: 'jsonbin.addAccount',
  switchAccount: 'jsonbin.switchAccount',
  renameAccount: 'jsonbin.renameAccount',
  removeAccount: 'jsonbin.removeAccount',
  createAccessKey: 'jsonbin.createAccessKey',
  retryOfflineBins: 'jsonbin.retryOfflineBins',
  clearOfflineCopies: 'jsonbin.clearOfflineCopies',
  refreshBin: 'jsonbin.refreshBin',
  draftSchemaDoc: 'jsonbin.draftSchemaDoc',
  createSchemaDocFromDraft: 'jsonbin.createSchemaDocFromDraft',
  createAndAttachSchemaDocFromDraft: 'jsonbin.createAndAttachSchemaDocFromDraft',
  copyTypeScriptTypes: 'jsonbin.copyTypeScriptTypes',

  viewSetApiKey: 'jsonbin.view.setApiKey',
  viewClearApiKey: 'jsonbin.view.clearApiKey',
  viewRefresh: 'jsonbin.view.refresh',
  viewCreateBin: 'jsonbin.view.createBin',
  viewAddBin: 'jsonbin.view.addBin',
  viewCreateCollection: 'jsonbin.view.createCollection',
  viewCreateSchemaDoc: 'jsonbin.view.createSchemaDoc',
  viewFindBin: 'jsonbin.view.findBin',
  viewFilterBins: 'jsonbin.view.filterBins',
  viewClearFilter: 'jsonbin.view.clearFilter',
  viewAddAccount: 'jsonbin.view.addAccount',

  rowCreateBin: 'jsonbin.row.createBin',
  rowAddBin: 'jsonbin.row.addBin',
  rowCreateCollection: 'jsonbin.row.createCollection',
  rowOpenBin: 'jsonbin.row.openBin',
  rowDeleteBin: 'jsonbin.row.deleteBin',
  rowDeleteVersions: 'jsonbin.row.deleteVersions',
  rowSetVersioning: 'jsonbin.row.setVersioning',
  rowForgetBin: 'jsonbin.row.forgetBin',
  rowCopyBinId: 'jsonbin.row.copyBinId',
  rowRenameBin: 'jsonbin.row.renameBin',
  rowSetPrivacy: 'jsonbin.row.setPrivacy',
  rowOpenVersion: 'jsonbin.row.openVersion',
  rowCompareWithVersion: 'jsonbin.row.compareWithVersion',
  rowOpenSchemaDoc: 'jsonbin.row.openSchemaDoc',
  rowAttachSchemaDoc: 'jsonbin.row.attachSchemaDoc',
  rowDetachSchemaDoc: 'jsonbin.row.detachSchemaDoc',
  rowLoadMore: 'jsonbin.row.loadMore',
  rowSaveBinAsFile: 'jsonbin.row.saveBinAsFile',
  rowExportCollection: 'jsonbin.row.exportCollection',
  rowValidateCollection: 'jsonbin.row.validateCollection',
  rowCopyPublicUrl: 'jsonbin.row.copyPublicUrl',
  rowOpenInDashboard: 'jsonbin.row.openInDashboard',
  rowCopyFetchSnippet: 'jsonbin.row.copyFetchSnippet',
  rowCopyCurlSnippet: 'jsonbin.row.copyCurlSnippet',
  rowRenameCollection: 'jsonbin.row.renameCollection',
  rowRenameSchemaDoc: 'jsonbin.row.renameSchemaDoc',
  rowOpenJsonPath: 'jsonbin.row.openJsonPath',
  rowOpenRecordOnly: 'jsonbin.row.openRecordOnly',
  rowSwitchAccount: 'jsonbin.row.switchAccount',
  rowRenameAccount: 'jsonbin.row.renameAccount',
  rowRemoveAccount: 'jsonbin.row.removeAccount',
  rowDraftSchemaDoc: 'jsonbin.row.draftSchemaDoc',
  rowCopyTypeScriptTypes: 'jsonbin.row.copyTypeScriptTypes',

  tabCompareWithVersion: 'jsonbin.tab.compareWithVersion',
  tabOpenVersion: 'jsonbin.tab.openVersion',
  tabCopyBinId: 'jsonbin.tab.copyBinId',
  tabSetBinCollection: 'jsonbin.tab.setBinCollection',
  tabSaveBinAsFile: 'jsonbin.tab.saveBinAsFile',
  tabRestoreVersion: 'jsonbin.tab.restoreVersion',
  tabCopyPublicUrl: 'jsonbin.tab.copyPublicUrl',
  tabOpenInDashboard: 'jsonbin.tab.openInDashboard',
  tabCopyFetchSnippet: 'jsonbin.tab.copyFetchSnippet',
  tabCopyCurlSnippet: 'jsonbin.tab.copyCurlSnippet',
  tabOpenJsonPath: 'jsonbin.tab.openJsonPath',
  tabOpenRecordOnly: 'jsonbin.tab.openRecordOnly',

  tabRefreshBin: 'jsonbin.tab.refreshBin',
  tabDraftSchemaDoc: 'jsonbin.tab.draftSchemaDoc',
  tabCopyTypeScriptTypes: 'jsonbin.tab.copyTypeScriptTypes',
  /** A new bin's record drafted in an untitled tab, its CodeLens: VS Code passes the draft's untitled Uri. */
  tabCreateBin: 'jsonbin.tab.createBin',
  /** A drafted schema doc's CodeLens: VS Code passes the draft's untitled Uri. */
  tabCreateSchemaDocFromDraft: 'jsonbin.tab.createSchemaDocFromDraft',
  tabCreateAndAttachSchemaDocFromDraft: 'jsonbin.tab.createAndAttachSchemaDocFromDraft',

  explorerUploadAsBin: 'jsonbin.explorer.uploadAsBin',
} as const;

export type CommandId = (typeof Command)[keyof typeof Command];

/** Context keys that the manifest's `when` clauses read. */
export const ContextKey = {
  hasKey: 'jsonbin.hasKey',
  hostedService: 'jsonbin.hostedService',
  /** The bins view is narrowed by Filter Bins: its Clear Filter button shows. */
  filtered: 'jsonbin.filtered',
  /** The active account holds an access key: what needs the master key is hidden. */
  accessKey: 'jsonbin.accessKey',
  /** More than one account: Switch, Rename and Remove Account show. */
  severalAccounts: 'jsonbin.severalAccounts',
  /** The host can make TypeScript types (not the browser's): Copy as TypeScript Types shows. */
  typeScriptTypes: 'jsonbin.typeScriptTypes',
} as const;

/** The one view of the extension. */
export const VIEW_ID = 'jsonbin.bins';
