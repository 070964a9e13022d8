/**
 * The command table: the one place a command, its title, its icon and the places it is offered
 * (with their `when`) are written. `npm run manifest` writes package.json's command, submenu and
 * menu entries and `commandIds.generated.ts` from it; a unit test fails when they differ. Nothing at run time
 * imports this file: its words stay out of the bundles.
 *
 * A command's name gives its ids: `jsonbin.<name>` for the palette and programmatic callers, and
 * `jsonbin.row.<name>`, `jsonbin.view.<name>`, `jsonbin.tab.<name>`, `jsonbin.explorer.<name>` for
 * each place it is offered, so that each handler knows what VS Code passes it (see `features/commandForms.ts`).
 */
import { ContextKey } from './idsAndContextKeys';

/** A row's kind: the start of its `viewItem` (the tree's node classes). */
export type RowKind =
  | 'group.collections'
  | 'group.uncategorized'
  | 'collection'
  | 'collection.withSchemaDoc'
  | 'schemaDoc'
  | 'bin'
  | 'bin.remembered'
  | 'account'
  | 'account.active'
  | 'account.default'
  | 'account.default.active';

/**
 * A tab of the extension's file system: a bin, one of its versions, either, or a bin or schema doc;
 * or a JSON file's tab (linked files); or the multi-diff editor of a Change Bins preview.
 */
export type TabKind = 'bin' | 'version' | 'binOrVersion' | 'binOrSchemaDoc' | 'jsonFile' | 'changePreview';

export type Privacy = 'public' | 'private' | 'unknownPrivacy';

/** A submenu's name: `jsonbin.row.<name>` on rows, `jsonbin.tab.<name>` on tabs. */
export type SubmenuName = keyof typeof SUBMENUS;

/** Where a row command shows: on these kinds, in this group, inline too, if the row's account may. */
export interface RowEntry {
  on: readonly RowKind[];
  group: string;
  /** Also a button on the row, at this position. */
  inline?: string;
  /** In this submenu rather than the row's menu itself. */
  in?: SubmenuName;
  /** What the row's account must be allowed (the row's `viewItem` says it: `;update`). */
  needs?: 'create' | 'update' | 'delete' | 'hosted';
  /** The bin's privacy the row must show (`;public`, `;private`, `;unknownPrivacy`): one of these. */
  privacy?: readonly Privacy[];
  /** A further clause, such as a context key. */
  when?: string;
  /**
   * With several rows selected, VS Code shows an item only where every selected row's menu has it,
   * and passes the command every selected row: `all` when the command acts on them all, `several`
   * for an entry shown only then (the submenu holding it for one row is hidden). Omitted: the
   * command acts on one row, and is not offered while several are selected.
   */
  selection?: 'all' | 'several';
}

export interface TabEntry {
  on: TabKind;
  group: string;
  in?: SubmenuName;
  when?: string;
}

export interface CommandSpec {
  title: string;
  /** A codicon's name. */
  icon: string;
  /**
   * The palette's `when`; false keeps it out of the palette; true: also without a key (what
   * sets one, or needs none). Omitted: while a key is set.
   */
  palette?: string | boolean;
  /** False: only its places' ids, no palette or programmatic form (it is another command's form). */
  plain?: false;
  /** The view's title bar: VS Code passes the focused row, which is ignored. */
  view?: { group: string; when?: string };
  /** Tree rows (their menus, or a row's click when `menus` is empty): VS Code passes the row's node. */
  row?: { title?: string; menus: readonly RowEntry[] };
  /** Editor titles (or a CodeLens or status bar item when `menus` is empty): VS Code passes the tab's Uri. */
  tab?: { menus: readonly TabEntry[] };
  /** The Explorer's context menu: VS Code passes the clicked file's Uri and every selected file's. */
  explorer?: { group: string; when: string };
  /**
   * The JSONBin Source Control view of linked files: a file's row (VS Code passes its resource state
   * and every selected one's), a group's row (the group), the view's title (the source control).
   */
  scm?: { resource?: ScmEntry; group?: ScmEntry; title?: { group: string } };
}

/** A group of the Source Control view of linked files. */
export type ScmGroup = 'toPush' | 'toPull' | 'both';

export interface ScmEntry {
  on: readonly ScmGroup[];
  group: string;
  /** Also a button on the row. */
  inline?: boolean;
}

/** The editor title's "…" menu: the extension's items in a group of their own, apart from VS Code's. */
const TAB_GROUP = '0_jsonbin';

export const SUBMENUS = {
  open: 'Open',
  copy: 'Copy',
  versions: 'Versions',
  schema: 'Schema',
};

/** Where each submenu shows; its items say what shows inside. */
export const SUBMENU_PLACES: { row: Partial<Record<SubmenuName, RowEntry>>; tab: Partial<Record<SubmenuName, TabEntry>> } = {
  row: {
    open: { on: ['bin', 'bin.remembered'], group: '1_open@2' },
    versions: { on: ['bin', 'bin.remembered'], group: '1_open@3' },
    copy: { on: ['bin', 'bin.remembered'], group: '2_copy@1' },
    schema: { on: ['bin', 'bin.remembered'], group: '5_schema@1', selection: 'all' },
  },
  tab: {
    copy: { on: 'binOrSchemaDoc', group: `${TAB_GROUP}@6` },
  },
};

const BINS: RowKind[] = ['bin', 'bin.remembered'];
const COLLECTIONS: RowKind[] = ['collection', 'collection.withSchemaDoc'];
const JSON_FILE = `${ContextKey.hasKey} && resourceExtname =~ /^\\.json$/i`;
const EXPLORER_JSON = 'resourceExtname =~ /^\\.json$/i && !explorerResourceIsFolder';
const MASTER_KEY = `${ContextKey.hasKey} && !${ContextKey.accessKey}`;

export const COMMANDS = {
  // The key and the accounts.
  setApiKey: { title: 'Set API Key...', icon: 'key', palette: true, view: { group: '9_key@1' } },
  clearApiKey: { title: 'Clear API Key', icon: 'close', view: { group: '9_key@2', when: ContextKey.hasKey } },
  addAccount: { title: 'Add Account...', icon: 'person-add', palette: true, view: { group: '9_key@3' } },
  switchAccount: {
    title: 'Switch Account...',
    icon: 'arrow-swap',
    palette: ContextKey.severalAccounts,
    row: {
      title: 'Make Active Account',
      menus: [{ on: ['account', 'account.default'], group: '1_account@1', inline: 'inline@1' }],
    },
  },
  renameAccount: {
    title: 'Rename Account...',
    icon: 'edit',
    palette: true,
    row: { menus: [{ on: ['account', 'account.active', 'account.default', 'account.default.active'], group: '1_account@2' }] },
  },
  removeAccount: {
    title: 'Remove Account...',
    icon: 'trash',
    palette: ContextKey.severalAccounts,
    row: { menus: [{ on: ['account', 'account.active'], group: '9_delete@1' }] },
  },
  createAccessKey: { title: 'Create Access Key...', icon: 'key', palette: MASTER_KEY },

  // The view and the requests.
  refresh: { title: 'Refresh View', icon: 'refresh', view: { group: 'navigation@6' } },
  findBin: { title: 'Find Bin...', icon: 'search', view: { group: 'navigation@3' } },
  filterBins: { title: 'Filter Bins...', icon: 'filter', view: { group: 'navigation@4' } },
  clearFilter: {
    title: 'Clear Filter',
    icon: 'clear-all',
    palette: ContextKey.filtered,
    view: { group: 'navigation@5', when: ContextKey.filtered },
  },
  loadMore: { title: 'Load More Bins', icon: 'more', plain: false, row: { menus: [] } },
  showRequests: { title: 'Show Requests Sent', icon: 'pulse', palette: true },
  // Offered where it can work: the breakdown of requests, once the service refused more.
  retryRequests: { title: 'Retry Requests', icon: 'debug-restart', palette: false },
  // Offered by the banner of a tab opened from its offline copy.
  retryOfflineBins: { title: 'Retry Offline Bins', icon: 'refresh', palette: false },
  clearOfflineCopies: { title: 'Clear Offline Copies', icon: 'trash', palette: true },

  // Bins.
  // The tab form is the CodeLens of a new bin's record drafted in an untitled tab: VS Code passes its Uri.
  createBin: {
    title: 'Create Bin...',
    icon: 'add',
    view: { group: 'navigation@1', when: ContextKey.hasKey },
    tab: { menus: [] },
    row: { menus: [{ on: ['group.uncategorized', ...COLLECTIONS], group: '1_create@1', inline: 'inline@1', needs: 'create' }] },
  },
  addBin: {
    title: 'Add Bin by Id or Link...',
    icon: 'link',
    view: { group: 'navigation@2' },
    row: { menus: [{ on: ['group.uncategorized'], group: '1_create@2', inline: 'inline@2' }] },
  },
  // In the Open submenu: a click on the row opens the bin too, and the row's menu has room for ten items.
  openBin: { title: 'Open Bin', icon: 'go-to-file', row: { menus: [{ on: BINS, group: '0_bin@1', in: 'open' }] } },
  openJsonPath: {
    title: 'Open JSON Path...',
    icon: 'json',
    row: { menus: [{ on: BINS, group: '1_open@1', in: 'open' }] },
    tab: { menus: [{ on: 'bin', group: `${TAB_GROUP}@2` }] },
  },
  openRecordOnly: {
    title: 'Open Record Only',
    icon: 'file-code',
    row: { menus: [{ on: BINS, group: '1_open@2', in: 'open' }] },
    tab: { menus: [{ on: 'bin', group: `${TAB_GROUP}@3` }] },
  },
  openInDashboard: {
    title: 'Open in Dashboard',
    icon: 'link-external',
    palette: `${ContextKey.hasKey} && ${ContextKey.hostedService}`,
    row: { menus: [{ on: BINS, group: '2_web@1', in: 'open', needs: 'hosted' }] },
    tab: { menus: [{ on: 'bin', group: `${TAB_GROUP}@8`, when: ContextKey.hostedService }] },
  },
  refreshBin: {
    title: 'Refresh from Service',
    icon: 'sync',
    palette: 'resourceScheme == jsonbin',
    tab: { menus: [{ on: 'binOrSchemaDoc', group: `${TAB_GROUP}@4` }] },
  },
  renameBin: { title: 'Rename Bin...', icon: 'edit', row: { menus: [{ on: BINS, group: '3_edit@1', needs: 'update' }] } },
  // On a row, only while its privacy is not known: otherwise the row says which way it goes.
  setPrivacy: {
    title: 'Change Bin Privacy...',
    icon: 'lock',
    row: { menus: [{ on: BINS, group: '3_edit@2', needs: 'update', privacy: ['unknownPrivacy'] }] },
  },
  makePublic: {
    title: 'Make Public',
    icon: 'globe',
    plain: false,
    row: { menus: [{ on: BINS, group: '3_edit@2', needs: 'update', privacy: ['private'] }] },
  },
  makePrivate: {
    title: 'Make Private',
    icon: 'lock',
    plain: false,
    row: { menus: [{ on: BINS, group: '3_edit@3', needs: 'update', privacy: ['public'] }] },
  },
  saveBinAsFile: {
    title: 'Save Bin as File...',
    icon: 'save-as',
    row: { menus: [{ on: BINS, group: '4_file@1', selection: 'all' }] },
    tab: { menus: [{ on: 'binOrVersion', group: `${TAB_GROUP}@5` }] },
  },
  uploadAsBin: {
    title: 'Upload as Bin',
    icon: 'cloud-upload',
    explorer: { group: '7_jsonbin@1', when: 'resourceExtname =~ /^\\.json$/i && !explorerResourceIsFolder' },
  },
  forgetBin: { title: 'Remove Bin from List', icon: 'eye-closed', row: { menus: [{ on: ['bin.remembered'], group: '9_delete@1' }] } },
  deleteBin: {
    title: 'Delete Bin...',
    icon: 'trash',
    row: { menus: [{ on: BINS, group: '9_delete@2', inline: 'inline@2', needs: 'delete', selection: 'all' }] },
  },

  // One change (a JSON Patch or a merge patch) for many bins, written in an untitled tab whose
  // CodeLens previews and applies it: VS Code passes the tab's Uri.
  changeBins: {
    title: 'Change Bins...',
    icon: 'replace-all',
    row: {
      menus: [
        { on: BINS, group: '3_edit@4', needs: 'update', selection: 'all' },
        { on: COLLECTIONS, group: '3_edit@2' },
      ],
    },
  },
  // A collection's bins (the uncategorized ones, or selected bins) side by side in a webview editor.
  openTable: {
    title: 'Open as Table',
    icon: 'table',
    row: {
      menus: [
        { on: ['group.uncategorized', ...COLLECTIONS], group: '0_open@1' },
        // In the Open submenu: a bin row's menu holds at most ten items. Several bins: one table of them.
        { on: BINS, group: '1_open@3', in: 'open' },
        { on: BINS, group: '1_open@1', selection: 'several' },
      ],
    },
  },
  // What a table shows (its rows, columns, validity, unsaved edits), for tests and programmatic callers.
  tableSnapshot: { title: 'Table Snapshot', icon: 'table', palette: false },
  previewBinChange: { title: 'Preview Change', icon: 'diff-multiple', palette: `${ContextKey.hasKey} && resourceScheme == jsonbin-draft`, tab: { menus: [] } },
  // Also in the title of the preview's multi-diff editor, a button.
  applyBinChange: {
    title: 'Apply Change',
    icon: 'check-all',
    palette: `${ContextKey.hasKey} && resourceScheme == jsonbin-draft`,
    tab: { menus: [{ on: 'changePreview', group: 'navigation@1' }] },
  },

  // Copying a bin's id, link and code.
  copyBinId: {
    title: 'Copy Bin Id',
    icon: 'copy',
    // Several bins: their ids, one a line, from the row's menu (the Copy submenu is for one bin).
    row: {
      menus: [
        { on: BINS, group: '1_id@1', inline: 'inline@1', in: 'copy' },
        { on: BINS, group: '2_copy@1', selection: 'several' },
      ],
    },
    tab: { menus: [{ on: 'bin', group: '1_id@1', in: 'copy' }] },
  },
  copyPublicUrl: {
    title: 'Copy Public URL',
    icon: 'globe',
    row: { menus: [{ on: BINS, group: '1_id@2', in: 'copy', privacy: ['public', 'unknownPrivacy'] }] },
    tab: { menus: [{ on: 'bin', group: '1_id@2', in: 'copy' }] },
  },
  copyFetchSnippet: {
    title: 'Copy as fetch Snippet',
    icon: 'code',
    row: { menus: [{ on: BINS, group: '2_code@1', in: 'copy' }] },
    tab: { menus: [{ on: 'bin', group: '2_code@1', in: 'copy' }] },
  },
  copyCurlSnippet: {
    title: 'Copy as curl Snippet',
    icon: 'terminal',
    row: { menus: [{ on: BINS, group: '2_code@2', in: 'copy' }] },
    tab: { menus: [{ on: 'bin', group: '2_code@2', in: 'copy' }] },
  },
  copyTypeScriptTypes: {
    title: 'Copy as TypeScript Types',
    icon: 'symbol-interface',
    palette: `${ContextKey.hasKey} && ${ContextKey.typeScriptTypes}`,
    row: {
      menus: [
        { on: BINS, group: '2_code@3', in: 'copy', when: ContextKey.typeScriptTypes },
        { on: ['schemaDoc'], group: '2_schema@3', when: ContextKey.typeScriptTypes },
      ],
    },
    tab: { menus: [{ on: 'binOrSchemaDoc', group: '2_code@3', in: 'copy', when: ContextKey.typeScriptTypes }] },
  },

  // Versions.
  openVersion: {
    title: 'Open Version...',
    icon: 'history',
    row: { menus: [{ on: BINS, group: '1_open@1', in: 'versions' }] },
    tab: { menus: [{ on: 'bin', group: `${TAB_GROUP}@1` }] },
  },
  compareWithVersion: {
    title: 'Compare with Version...',
    icon: 'diff',
    row: { menus: [{ on: BINS, group: '1_open@2', in: 'versions' }] },
    tab: { menus: [{ on: 'bin', group: 'navigation@1' }] },
  },
  restoreVersion: { title: 'Restore Version...', icon: 'discard', tab: { menus: [{ on: 'version', group: 'navigation@1' }] } },
  setVersioning: { title: 'Change Bin Versioning...', icon: 'versions' },
  turnVersioningOn: {
    title: 'Turn Versioning On',
    icon: 'versions',
    plain: false,
    row: { menus: [{ on: BINS, group: '2_versioning@1', in: 'versions', needs: 'update' }] },
  },
  turnVersioningOff: {
    title: 'Turn Versioning Off',
    icon: 'versions',
    plain: false,
    row: { menus: [{ on: BINS, group: '2_versioning@2', in: 'versions', needs: 'update' }] },
  },
  deleteVersions: {
    title: 'Delete Versions...',
    icon: 'history',
    row: { menus: [{ on: BINS, group: '9_delete@1', in: 'versions', needs: 'delete' }] },
  },

  // Collections and schema docs.
  createCollection: {
    title: 'Create Collection...',
    icon: 'new-folder',
    palette: MASTER_KEY,
    view: { group: '1_create@1', when: MASTER_KEY },
    row: { menus: [{ on: ['group.collections'], group: '1_create@1', inline: 'inline@1' }] },
  },
  renameCollection: {
    title: 'Rename Collection...',
    icon: 'edit',
    palette: MASTER_KEY,
    row: { menus: [{ on: COLLECTIONS, group: '3_edit@1' }] },
  },
  exportCollection: {
    title: 'Export Collection...',
    icon: 'export',
    palette: MASTER_KEY,
    row: { menus: [{ on: COLLECTIONS, group: '4_file@1' }] },
  },
  createSchemaDoc: {
    title: 'Create Schema Doc...',
    icon: 'new-file',
    palette: MASTER_KEY,
    view: { group: '1_create@2', when: MASTER_KEY },
  },
  openSchemaDoc: {
    title: 'Open Schema Doc',
    icon: 'symbol-structure',
    palette: MASTER_KEY,
    row: { menus: [{ on: ['schemaDoc'], group: '1_open@1', inline: 'inline@1' }] },
  },
  renameSchemaDoc: {
    title: 'Rename Schema Doc...',
    icon: 'edit',
    palette: MASTER_KEY,
    row: { menus: [{ on: ['schemaDoc'], group: '3_edit@1' }] },
  },
  attachSchemaDoc: {
    title: 'Attach Schema Doc...',
    icon: 'link',
    palette: MASTER_KEY,
    row: { menus: [{ on: COLLECTIONS, group: '2_schema@1' }] },
  },
  detachSchemaDoc: {
    title: 'Detach Schema Doc',
    icon: 'debug-disconnect',
    palette: MASTER_KEY,
    row: {
      menus: [
        { on: ['collection.withSchemaDoc'], group: '2_schema@2' },
        { on: ['schemaDoc'], group: '2_schema@1' },
      ],
    },
  },
  validateCollection: {
    title: 'Validate Collection',
    icon: 'checklist',
    palette: MASTER_KEY,
    row: {
      menus: [
        { on: ['collection.withSchemaDoc'], group: '2_schema@3' },
        { on: ['schemaDoc'], group: '2_schema@2' },
      ],
    },
  },
  // The selected bins, each against its collection's schema doc.
  validateBins: {
    title: 'Validate Against Schema Doc...',
    icon: 'checklist',
    palette: ContextKey.hasKey,
    row: { title: 'Validate Against Schema Doc', menus: [{ on: BINS, group: '1_schema@1', in: 'schema', selection: 'all' }] },
  },
  // Offered by Validate Collection's result: a change for the failing bins it found, in a Change Bins tab.
  fixFailingBins: { title: 'Fix Failing Bins...', icon: 'wrench', palette: MASTER_KEY },
  // Offered where it is needed: the status bar item of a bin tab whose collection is not known.
  setBinCollection: {
    title: 'Choose Collection for Validation...',
    icon: 'symbol-namespace',
    palette: `resourceScheme == jsonbin && !${ContextKey.accessKey}`,
    tab: { menus: [] },
  },
  draftSchemaDoc: {
    title: 'Draft Schema Doc',
    icon: 'wand',
    row: {
      menus: [
        { on: BINS, group: '1_schema@2', in: 'schema', selection: 'all' },
        { on: COLLECTIONS, group: '2_schema@4' },
      ],
    },
    tab: { menus: [{ on: 'bin', group: `${TAB_GROUP}@7` }] },
  },
  // A draft's CodeLens: VS Code passes the draft's untitled Uri.
  createSchemaDocFromDraft: {
    title: 'Create Schema Doc from Draft',
    icon: 'cloud-upload',
    palette: `resourceScheme == untitled && !${ContextKey.accessKey}`,
    tab: { menus: [] },
  },
  createAndAttachSchemaDocFromDraft: {
    title: 'Create Schema Doc from Draft and Attach',
    icon: 'link',
    palette: `resourceScheme == untitled && !${ContextKey.accessKey}`,
    tab: { menus: [] },
  },
  // Structured-output definitions: a definition bin's schema made a collection's schema doc, records checked against it.
  useDefinitionAsSchemaDoc: {
    title: 'Use as Schema Doc...',
    icon: 'symbol-structure',
    palette: `${MASTER_KEY} && ${ContextKey.definitionTab}`,
    row: { menus: [{ on: BINS, group: '1_schema@3', in: 'schema', when: 'viewItem =~ /;definition(;|$)/' }] },
    tab: { menus: [{ on: 'bin', group: `${TAB_GROUP}@8`, when: ContextKey.definitionTab }] },
  },
  checkAgainstDefinition: {
    title: 'Check Against Definition...',
    icon: 'checklist',
    palette: `${ContextKey.hasKey} && editorIsOpen`,
    row: { menus: [{ on: BINS, group: '1_schema@4', in: 'schema' }] },
  },
  checkDefinition: { title: 'Check Definition', icon: 'checklist', palette: false },
  // Linked files (a workspace JSON file and its bin): on the file in the Explorer, and from the palette for the active editor's.
  linkFile: {
    title: 'Link to Bin...',
    icon: 'link',
    palette: JSON_FILE,
    explorer: { group: '7_jsonbin@2', when: EXPLORER_JSON },
    tab: { menus: [{ on: 'jsonFile', group: `${TAB_GROUP}@1` }] },
  },
  unlinkFile: { title: 'Unlink from Bin', icon: 'debug-disconnect', palette: JSON_FILE, explorer: { group: '7_jsonbin@6', when: EXPLORER_JSON } },
  pushFile: {
    title: 'Push to Bin',
    icon: 'cloud-upload',
    palette: JSON_FILE,
    explorer: { group: '7_jsonbin@3', when: EXPLORER_JSON },
    tab: { menus: [{ on: 'jsonFile', group: `${TAB_GROUP}@2` }] },
    scm: { resource: { on: ['toPush', 'both'], group: '1_sync@1', inline: true } },
  },
  pullFile: {
    title: 'Pull from Bin',
    icon: 'cloud-download',
    palette: JSON_FILE,
    explorer: { group: '7_jsonbin@4', when: EXPLORER_JSON },
    tab: { menus: [{ on: 'jsonFile', group: `${TAB_GROUP}@3` }] },
    scm: { resource: { on: ['toPull', 'both'], group: '1_sync@2', inline: true } },
  },
  compareWithBin: {
    title: 'Compare with Bin',
    icon: 'diff',
    palette: JSON_FILE,
    explorer: { group: '7_jsonbin@5', when: EXPLORER_JSON },
    tab: { menus: [{ on: 'jsonFile', group: `${TAB_GROUP}@4` }] },
    scm: { resource: { on: ['toPush', 'toPull', 'both'], group: '2_compare@1', inline: true } },
  },
  pushAllFiles: { title: 'Push All to Bins', icon: 'cloud-upload', scm: { group: { on: ['toPush'], group: '1_sync@1', inline: true } } },
  pullAllFiles: { title: 'Pull All from Bins', icon: 'cloud-download', scm: { group: { on: ['toPull'], group: '1_sync@2', inline: true } } },
  checkLinks: { title: 'Check Links', icon: 'sync', scm: { title: { group: 'navigation' } } },
  linkStatus: { title: 'Linked Files Status', icon: 'info', palette: false },
} satisfies Record<string, CommandSpec>;

export type CommandName = keyof typeof COMMANDS;
