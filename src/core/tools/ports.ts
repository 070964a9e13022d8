/**
 * What the agents' tools need of an account, with no front end in sight: its core parts, the
 * settings the tools read, and what an editor adds when there is one (an open tab's text, an
 * unsaved edit). The chat tools hand them the extension's; the MCP server a headless session's.
 */
import type { BinClient, KeyKind, RequestScope } from '../api';
import type { LimitOverrides, Provider } from '../schema/definitions/api';
import type { SchemaDocs } from '../schema/schemaDocs';
import type { BinCollections } from '../store/binCollections';
import type { BinStore } from '../store/binStore';
import type { Listings } from '../store/listingPages';
import type { RecordWrites } from '../store/recordWrites';
import type { RememberedBins } from '../store/rememberedBins';
import type { Resource } from '../store/resource';

/** The settings the tools obey, read at each call. */
export interface ToolSettings {
  /** The cap of a call that names none (0: no cap). */
  warnAboveRequests(): number;
  /** The cap of a search that names none. */
  findMaxRequests(): number;
  /** Schema problems worded per record. */
  maxProblems(): number;
  /** The largest record handed whole; a larger one is summarised. */
  maxRecordBytes(): number;
  definitionProviders(): Provider[];
  definitionLimits(): LimitOverrides;
}

/** The settings' defaults, as package.json declares them: what a front end with no settings of its own obeys. */
export const DEFAULT_TOOL_SETTINGS: ToolSettings = {
  warnAboveRequests: () => 50,
  findMaxRequests: () => 20,
  maxProblems: () => 100,
  maxRecordBytes: () => 20 * 1024,
  definitionProviders: () => ['openai'],
  definitionLimits: () => ({}),
};

/** What an editor holds that the service need not be asked for. */
export interface EditorHooks {
  /** The texts of the tabs showing `resource` with no unsaved edit. */
  openTexts?(resource: Resource): string[];
  /** An open tab's unsaved text of a bin, which a check of its collection checks instead. */
  unsavedText?(binId: string): string | undefined;
}

/** What the tools act on, of an account's parts. */
export interface ToolParts {
  readonly account: { readonly id: string; readonly keyKind: KeyKind };
  /** The account's client as it is now (a new key makes a new one). */
  readonly client: BinClient;
  hasKey(): Promise<boolean>;
  bins: BinStore;
  /** The one way a record reaches the service. */
  writes: RecordWrites;
  schemaDocs: SchemaDocs;
  binCollections: BinCollections;
  remembered: RememberedBins;
  /** The listings' pages fetched so far (the view's, in the editor). */
  listings: Listings;
  settings: ToolSettings;
  editor?: EditorHooks;
}

/** What one call acts on: the account's parts, the scope its requests are counted for (its result's `requests`), and the caller's token budget. */
export type CallParts = ToolParts & {
  scope: RequestScope;
  /** Whether a record's compact text fits the caller's token budget, when it has one. */
  withinBudget?: (compact: string) => Promise<boolean>;
};
