/**
 * Use as Schema Doc: a definition's `schema` becomes a collection's schema doc in one step. A
 * collection with none gets a new one, attached (1 POST, 1 attach); one with a schema doc has it
 * updated (1 PUT). Either way the stored bins it would validate are checked first, as a schema
 * doc's save checks them (`schemaDocImpact.ts`), and failing ones are refused unless the caller
 * goes on. Which definition the schema doc came from is kept in synced state. Every request is
 * counted for the call's scope.
 */
import * as vscode from 'vscode';
import { MAX_SHORT_NAME, RequestScope, type Json } from '../../../core/api';
import { settings } from '../../config';
import type { Definition } from '../../../core/schema/definitions/api';
import { checkCollection } from '../../../core/store/collectionCheck';
import { digestOf } from '../../../core/store/entry';
import { checkSchemaDocImpact, type SchemaDocImpact } from '../../../core/store/schemaDocImpact';
import type { SchemaDocOrigins } from '../../../core/store/schemaDocOrigins';
import { openDocumentsOf, unsavedTextOf } from '../binTarget';
import type { Parts } from '../parts';
import type { ViewParts } from '../tree/binsView';
import { definitionBin } from './definitionReads';

export interface UseOptions {
  collectionId: string;
  /** The new schema doc's name (default: the definition's, cut to 32 characters). */
  name?: string;
  /** Goes on when stored bins would fail. */
  force?: boolean;
}

export interface UseResult {
  schemaDocId: string;
  created: boolean;
  attached: boolean;
  requests: number;
}

/** Said of the stored bins that would fail; `true` goes on, `false` stops with nothing sent. */
export type Decide = (impact: SchemaDocImpact, definitionName: string) => Promise<boolean>;

/** What the interactive forms ask: about failing stored bins, and (`beforeReads`, throwing to stop) before reading them. */
export interface Asks {
  decide: Decide;
  /** Told how many stored bins the check reads, and the listing's pages sent for them, before any is read. */
  beforeReads?: (bins: number, pages: number) => Promise<void>;
}

export type UseParts = Pick<Parts, 'account' | 'bins' | 'writes' | 'schemaDocs' | 'connection'> &
  Pick<ViewParts, 'tree'> & { origins: SchemaDocOrigins; diagnostics: { revalidateAll(): void } };

/** Why a call stops when stored bins would fail: their count. */
export class WouldFail extends Error {
  constructor(
    readonly failing: number,
    readonly checked: number,
  ) {
    super(
      checked === 1
        ? vscode.l10n.t("Not used: {0} of {1} stored bin would fail the definition's schema (pass {2} to go on)", failing, checked, '{ force: true }')
        : vscode.l10n.t("Not used: {0} of {1} stored bins would fail the definition's schema (pass {2} to go on)", failing, checked, '{ force: true }'),
    );
  }
}

/** A schema doc's name from a definition's: within the service's 32 characters. */
export function schemaDocName(definitionName: string): string {
  return [...definitionName].slice(0, MAX_SHORT_NAME).join('') || 'schema';
}

export async function useAsSchemaDoc(p: UseParts, binId: string, options: UseOptions, asks: Asks = refuse, scope = new RequestScope()): Promise<UseResult> {
  const definition = await definitionBin(p, binId, scope);
  let collection = (await p.schemaDocs.listCollections(scope)).find((c) => c.id === options.collectionId);
  if (!collection) {
    // Created since the listing was fetched: the schema docs list once more for it, as validation does.
    await p.schemaDocs.schemaFor(options.collectionId, scope);
    collection = (await p.schemaDocs.listCollections(scope)).find((c) => c.id === options.collectionId);
  }
  if (!collection) {
    throw new Error(vscode.l10n.t('There is no collection {0}', options.collectionId));
  }
  const schema = definition.schema as Json;
  if (collection.schemaDocId) {
    return updateFrom(p, binId, collection.schemaDocId, options, asks, scope, definition);
  }
  await checkFirst(p, { collectionId: collection.id }, definition, options, asks, scope);
  const doc = await p.writes.createSchemaDoc(schema, options.name ?? schemaDocName(definition.name), undefined, scope);
  await p.connection.client.within(scope).attachSchemaDoc(collection.id, doc.metadata.id);
  p.schemaDocs.changed(collection.id, { schemaDocId: doc.metadata.id });
  p.tree.redraw();
  p.diagnostics.revalidateAll();
  await p.origins.set(doc.metadata.id, { binId, schema: digestOf(schema), name: doc.metadata.name });
  return { schemaDocId: doc.metadata.id, created: true, attached: true, requests: scope.sent };
}

/**
 * Schema doc `schemaDocId` updated from definition `binId`'s `schema` (Use as Schema Doc on a
 * collection that has one, or the offer after the definition's save): the stored bins of every
 * collection it validates checked first, then one PUT.
 */
export async function updateFrom(
  p: UseParts,
  binId: string,
  schemaDocId: string,
  options: Pick<UseOptions, 'force'>,
  asks: Asks = refuse,
  scope = new RequestScope(),
  read?: Definition,
): Promise<UseResult> {
  const definition = read ?? (await definitionBin(p, binId, scope));
  const schema = definition.schema as Json;
  await checkFirst(p, { schemaDocId }, definition, options, asks, scope);
  const docs = openDocumentsOf(p.account.id, schemaDocId, 'schema')
    .filter((d) => !d.isDirty)
    .map((d) => d.uri.toString());
  await p.writes.updateSchemaDoc(schemaDocId, schema, docs, scope);
  p.diagnostics.revalidateAll();
  await p.origins.set(schemaDocId, { binId, schema: digestOf(schema), name: p.schemaDocs.nameOf(schemaDocId) });
  return { schemaDocId, created: false, attached: false, requests: scope.sent };
}

/** The stored bins checked, unless the caller goes on anyway or the setting says never; failing ones stop here unless `decide` goes on. */
async function checkFirst(
  p: UseParts,
  on: { schemaDocId: string } | { collectionId: string },
  definition: Definition,
  options: Pick<UseOptions, 'force'>,
  asks: Asks,
  scope: RequestScope,
): Promise<void> {
  if (options.force || !settings.checkBinsBeforeSave()) {
    return;
  }
  const impact = await impactOf(p, on, definition.schema, scope, asks.beforeReads);
  if (impact.failing.length > 0 && !(await asks.decide(impact, definition.name))) {
    throw new WouldFail(impact.failing.length, impact.checked);
  }
}

const refuse: Asks = { decide: () => Promise.resolve(false) };

/**
 * The stored bins the schema would validate, checked against it: a collection's (its listing as
 * the view fetched it whole costs nothing, else its pages), or those of every collection a schema
 * doc validates. A bin with unsaved edits in a tab is checked as it is, unread.
 */
async function impactOf(
  p: UseParts,
  on: { schemaDocId: string } | { collectionId: string },
  schema: Json,
  scope: RequestScope,
  listed: Asks['beforeReads'],
): Promise<SchemaDocImpact> {
  const unsavedText = (id: string) => unsavedTextOf(p.account.id, id);
  if ('collectionId' in on) {
    const fetched = p.tree.pages.get(on.collectionId);
    const listing = fetched && !fetched.more ? { bins: fetched.bins, pages: 0 } : undefined;
    // A listing known already is not told to `listed` by the check: told here, before any read.
    if (listing) {
      await listed?.(listing.bins.length, 0);
    }
    const check = await checkCollection(p.connection.client, p.schemaDocs, on.collectionId, {
      schema,
      listing,
      listed,
      unsavedText,
      scope,
      maxPlaced: settings.maxProblems(),
    });
    return { collections: 1, checked: check.checked, failing: check.failing, notRead: check.notRead };
  }
  // The collections are listed (for the call's scope) before: the check finds those it validates without a request.
  await p.schemaDocs.listCollections(scope);
  return (await checkSchemaDocImpact(p.connection.client.within(scope), p.schemaDocs, on, schema, { unsavedText, listed }))!;
}
