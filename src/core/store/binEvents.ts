/**
 * What changed of an account's bins besides their records, as the store tells it
 * (`BinStore.onDidChangeBins`) once the write path made the change: what shows or keeps bins (the
 * view, the remembered bins, the listings, the offline copies, the bin-to-collection knowledge)
 * follows, wired once in `accountParts.ts`, so that no command keeps them in step.
 */
import type { BinSummary, Json } from '../api';

export type BinChange =
  /** Created in collection `collectionId` (null: in none), with the record it was created with. */
  | { kind: 'created'; bin: BinSummary; collectionId: string | null; record: Json }
  | { kind: 'deleted'; id: string }
  | { kind: 'renamed'; id: string; name: string }
  | { kind: 'privacy'; id: string; private: boolean }
  /**
   * Known to be in collection `collectionId` (null: in none) from now on. The contract moves no bin:
   * the user tells it, for a service whose answers do not say.
   */
  | { kind: 'moved'; id: string; collectionId: string | null };

/** What a rename or a privacy change changes of what is known of the bin. */
export function metadataOf(change: BinChange & { kind: 'renamed' | 'privacy' }): { name?: string; private?: boolean } {
  return change.kind === 'renamed' ? { name: change.name } : { private: change.private };
}

/**
 * The rule every fetched listing follows (the view's pages, the tables' listings, an open table's
 * rows), so that none asks the service again for what a change says: `bins`, the listing of
 * collection `collectionId` (null: the bins in no collection) as the service listed them, newest
 * first (the client asks for that order), after `change`. A bin created there is its newest, a
 * deleted one leaves it, a rename or a privacy change shows. A bin told to be in a collection
 * moves in no listing: the service's listings say where it is, and telling changes nothing there.
 * The same array when the change is not one of this listing's.
 */
export function listingAfter(bins: BinSummary[], collectionId: string | null, change: BinChange): BinSummary[] {
  switch (change.kind) {
    case 'created':
      return change.collectionId === collectionId && !bins.some((b) => b.id === change.bin.id) ? [change.bin, ...bins] : bins;
    case 'deleted':
      return bins.some((b) => b.id === change.id) ? bins.filter((b) => b.id !== change.id) : bins;
    case 'renamed':
    case 'privacy':
      return bins.some((b) => b.id === change.id) ? bins.map((b) => (b.id === change.id ? { ...b, ...metadataOf(change) } : b)) : bins;
    case 'moved':
      return bins;
  }
}
