/**
 * What a schema doc about to be saved does to the stored bins it validates: the service does not
 * check stored bins again, so the write path checks them first and the user decides. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { BinClient, Json } from '../api';
import type { SchemaDocs } from '../schema/schemaDocs';
import { checkCollection, listCollection, type CollectionCheckOptions, type FailingBin, type Listing } from './collectionCheck';
import { Refused } from './refused';

/** What the stored bins are checked for: a schema doc's save, or a new schema doc about to validate a collection. */
export type ImpactOf = 'Save' | 'Creation';

/** What saving a schema doc does first: the stored bins it validates are checked against the text being saved. */
export interface SchemaDocSaves {
  /** Whether to check at all (`jsonbin.schemaDocs.checkBinsBeforeSave`). */
  enabled(): boolean;
  /** A bin's text in a tab with unsaved edits: checked as it is, not read. */
  unsavedText(binId: string): string | undefined;
  /** Told how many bins the check would read: throws to cancel the save, or `SkipCheck` to save unchecked. */
  beforeReads(bins: number, of: ImpactOf): Promise<void>;
  /** Some bins would fail: true saves anyway, false cancels the save (nothing sent). */
  decide(impact: SchemaDocImpact, schemaDocName: string, of: ImpactOf): Promise<boolean>;
}

export interface SchemaDocImpact {
  /** The collections it validates. */
  collections: number;
  checked: number;
  failing: FailingBin[];
  notRead: { id: string; reason: string }[];
}

/** Thrown by a `listed` hook to skip the check (the save goes on unchecked). */
export class SkipCheck extends Error {}

/** Whose stored bins a schema doc's text is checked against: those it validates, or one collection's it is about to. */
export type ImpactOn = { schemaDocId: string } | { collectionId: string };

/**
 * The stored bins of every collection the schema doc validates (or of the one collection given),
 * checked against `schema`, the text about to be saved. Every collection is listed first, so that
 * `listed` is told the whole cost once. A schema doc on no collection costs nothing; undefined
 * when `listed` skipped the check.
 */
export async function checkSchemaDocImpact(
  client: BinClient,
  schemaDocs: SchemaDocs,
  on: ImpactOn,
  schema: Json,
  options: Pick<CollectionCheckOptions, 'listed' | 'unsavedText'>,
): Promise<SchemaDocImpact | undefined> {
  const collections =
    'collectionId' in on ? [on.collectionId] : (await schemaDocs.listCollections()).filter((c) => c.schemaDocId === on.schemaDocId).map((c) => c.id);
  const impact: SchemaDocImpact = { collections: collections.length, checked: 0, failing: [], notRead: [] };
  if (collections.length === 0) {
    return impact;
  }
  try {
    const listings: Listing[] = [];
    for (const collectionId of collections) {
      listings.push((await listCollection(client, collectionId, () => false))!);
    }
    const sum = (count: (listing: Listing) => number) => listings.reduce((total, listing) => total + count(listing), 0);
    await options.listed?.(
      sum((l) => l.bins.length),
      sum((l) => l.pages),
    );
    for (const [i, collectionId] of collections.entries()) {
      const check = await checkCollection(client, schemaDocs, collectionId, { unsavedText: options.unsavedText, schema, listing: listings[i] });
      impact.checked += check.checked;
      impact.failing.push(...check.failing);
      impact.notRead.push(...check.notRead);
    }
  } catch (error) {
    if (error instanceof SkipCheck) {
      return undefined;
    }
    throw error;
  }
  return impact;
}

/**
 * Before a schema doc is saved or created for a collection: the stored bins it validates, checked
 * against `schema`; if any would fail, the user decides (`saves`), and a "no" throws. Says
 * whether it checked any collection.
 */
export async function checkImpact(
  p: { client: BinClient; schemaDocs: SchemaDocs; saves?: SchemaDocSaves },
  on: ImpactOn,
  schema: Json,
  name: string,
  doing: ImpactOf,
): Promise<boolean> {
  const saves = p.saves;
  if (!saves?.enabled()) {
    return false;
  }
  const impact = await checkSchemaDocImpact(p.client, p.schemaDocs, on, schema, {
    listed: (bins) => saves.beforeReads(bins, doing),
    unsavedText: (binId) => saves.unsavedText(binId),
  });
  if (impact && impact.failing.length > 0 && !(await saves.decide(impact, name, doing))) {
    const failing =
      impact.checked === 1
        ? l10n.t('{0} of {1} stored bin would fail it', impact.failing.length, impact.checked)
        : l10n.t('{0} of {1} stored bins would fail it', impact.failing.length, impact.checked);
    throw new Refused(doing === 'Save' ? l10n.t('Save cancelled') : l10n.t('Creation cancelled'), failing, 'unavailable');
  }
  return impact === undefined || impact.collections > 0;
}
