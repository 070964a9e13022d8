/** What every row of the JSONBin view is, and what rows need to list their children. */
import type * as vscode from 'vscode';
import type { BinSummary, Collection } from '../../api';
import type { RememberedBins } from '../rememberedBins';

/** Pages of bin listings, fetched as rows are expanded and kept until a refresh. */
export interface Listings {
  hasKey(): Thenable<boolean>;
  collections(): Promise<Collection[]>;
  /** The pages fetched so far of a collection's bins (or the uncategorized ones). */
  bins(listingId: string): Promise<{ bins: BinSummary[]; more: boolean }>;
  remembered: RememberedBins;
  /** How many remembered bins are shown: pages of them, as the user asks for more. */
  rememberedShown(): number;
  /** A schema doc's name, when it was read or saved already. */
  schemaDocName(id: string): string | undefined;
}

export abstract class Node {
  constructor(readonly parent: Node | undefined) {}

  /** The `viewItem` the manifest's `when` clauses match. */
  abstract readonly contextValue: string;

  abstract treeItem(): vscode.TreeItem;

  children(): Promise<Node[]> {
    return Promise.resolve([]);
  }
}
