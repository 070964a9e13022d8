/**
 * What changed of an account's bins besides their records, as the store tells it
 * (`BinStore.onDidChangeBins`) once the write path made the change: what shows or keeps bins (the
 * view, the remembered bins, the listings, the offline copies, the bin-to-collection knowledge)
 * follows, wired once in `accountParts.ts`, so that no command keeps them in step.
 */
import type { BinSummary } from '../api';

export type BinChange =
  /** Created in collection `collectionId` (null: in none). */
  | { kind: 'created'; bin: BinSummary; collectionId: string | null }
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
