/** The extension's context keys and its view's id; idsAndContextKeys.ts exports them beside the command ids. */

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
  /**
   * A bin was opened in this window, however: the walkthrough's "Open and edit a bin" ticks on it
   * (VS Code runs a row's click under an id of its own, which no completion event can name).
   */
  openedBin: 'jsonbin.openedBin',
  /** The active tab is the multi-diff editor of a Change Bins preview: Apply shows in its title. */
  changePreview: 'jsonbin.changePreview',
  /** The active tab is a bin holding a structured-output definition: Use as Schema Doc shows. */
  definitionTab: 'jsonbin.definitionTab',
} as const;

/** The one view of the extension. */
export const VIEW_ID = 'jsonbin.bins';
