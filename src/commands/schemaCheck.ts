/** A record meant for a collection is checked against the collection's schema doc before it is sent. */
import type { Parts } from './parts';

/** Why the collection's schema doc refuses a record's text, or undefined when it passes (or there is none). */
export async function schemaRefusal(p: Parts, collectionId: string | undefined, text: string): Promise<string | undefined> {
  const checked = await p.schemaDocs.check(collectionId, text, 1);
  if (!checked || checked.result.schemaCount === 0) {
    return undefined;
  }
  const { schema, result } = checked;
  return `${result.schemaCount} schema problem(s) against schema doc "${schema.schemaDoc.name}": ${result.schema[0].message}`;
}
