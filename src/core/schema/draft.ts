/**
 * A schema doc drafted from records: genson-js merges every sample (the types seen, properties
 * present in every sample `required`, integer widened to number, objects in arrays merged). It
 * writes types and structure only, never `enum`, `const`, `examples` or formats taken from the
 * values, so a draft of private records shows nothing of them. Loaded on first use. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { Json } from '../api';

/** The dialect of a draft when the account's schema docs name none. */
export const DRAFT_07 = 'http://json-schema.org/draft-07/schema#';

/** A schema every record in `records` passes, in the dialect `$schema` names (genson's keywords mean the same in each). */
export async function draftSchema(records: readonly Json[], $schema = DRAFT_07): Promise<Json> {
  if (records.length === 0) {
    throw new Error(l10n.t('No record to draft a schema doc from'));
  }
  // A CommonJS package: its exports are the default of the bundle's chunk.
  const { default: genson } = await import('genson-js');
  return { $schema, ...(genson.createCompoundSchema([...records]) as { [key: string]: Json }) };
}
