/**
 * What a record's problems were found against, as the Problems panel names their source (after
 * "JSONBin"): one wording wherever they show, in a tab, a table, Validate Collection or Validate
 * Bins, a Change Bins preview or a schema doc's save. The diagnostics take only an `Against` made
 * here, never a bare name.
 */
import * as l10n from '@vscode/l10n';

export type Against = string & { readonly against: unique symbol };

/** A collection's schema doc, by its name. */
export function againstSchemaDoc(name: string): Against {
  return l10n.t('schema doc "{0}"', name) as Against;
}

/** A schema doc's text being saved, checked against the stored bins it validates. */
export function againstEdited(name: string): Against {
  return l10n.t('schema doc "{0}" as edited', name) as Against;
}

/** A schema passed to Validate Collection in place of the collection's schema doc. */
export function againstGiven(): Against {
  return l10n.t('the schema given') as Against;
}

/** A structured-output definition's `schema`, by the definition's name (Check Against Definition, Use as Schema Doc). */
export function againstDefinition(name: string): Against {
  return l10n.t('definition "{0}"', name) as Against;
}
