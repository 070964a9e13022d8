/** What every row of the JSONBin view is, and what rows need to list their children. */
import * as vscode from 'vscode';
import type { BinSummary, Collection } from '../../../../core/api';
import type { RememberedBins } from '../../../../core/store/rememberedBins';
import type { DefinitionMark } from '../definitionBins';

/** Pages of bin listings, fetched as rows are expanded and kept until a refresh. */
export interface Listings {
  /** Whether the service can be asked for listings: a master key is stored (an access key cannot list). */
  canList(): Thenable<boolean>;
  collections(): Promise<Collection[]>;
  /** The pages fetched so far of a collection's bins (or the uncategorized ones). */
  bins(listingId: string): Promise<{ bins: BinSummary[]; more: boolean }>;
  remembered: RememberedBins;
  /** How many remembered bins are shown: pages of them, as the user asks for more. */
  rememberedShown(): number;
  /** A schema doc's name, when it was read or saved already. */
  schemaDocName(id: string): string | undefined;
  /** What the rows are narrowed to, if anything. */
  filter(): RowFilter | undefined;
}

/** Which rows show while the view is filtered: set by Filter Bins, whose code loads with the commands. */
export interface RowFilter {
  /** Only this collection's bins (null: only the bins in no collection). */
  collectionId?: string | null;
  /** Whether a bin of a listing (a collection's id, or null for the bins in no collection) shows. */
  shows(bin: { id: string; name?: string; private?: boolean }, collectionId: string | null): boolean;
}

/** The row that stands for an empty listing while filtered. */
export function noMatch(): string {
  return vscode.l10n.t('Nothing fetched matches the filter');
}

export abstract class Node {
  constructor(readonly parent: Node | undefined) {}

  /** The account the row belongs to: its root's (the default account's id is empty). */
  get account(): string {
    return this.parent?.account ?? '';
  }

  /** A tree item id, unique across accounts: the same bin may be listed by two of them. */
  protected scoped(id: string): string {
    return this.account ? `${this.account}/${id}` : id;
  }

  /** The row's kind, which the manifest's `when` clauses match at the start of its `viewItem`. */
  abstract readonly contextValue: string;

  /**
   * What the row's own account may do, which the `when` clauses match after its kind
   * (`;create;update;delete`, `;hosted`): a row offers what its account allows, whichever is active.
   */
  get abilities(): string {
    return this.parent?.abilities ?? '';
  }

  /** What the row's account knows of a bin's record, with no request: the definition it holds (see definitionBins.ts). */
  definitionMark(binId: string): DefinitionMark | undefined {
    return this.parent?.definitionMark(binId);
  }

  abstract treeItem(): vscode.TreeItem;

  children(): Promise<Node[]> {
    return Promise.resolve([]);
  }
}
