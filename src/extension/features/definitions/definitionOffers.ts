/**
 * After a definition's save whose `schema` differs from the one a schema doc was made from (Use as
 * Schema Doc), a notification offers to update that schema doc; nothing is sent unless the user
 * takes the offer. Follows the store's events: a save is told (`onDidSave`), then its record
 * (`onDidStoreRecord`), at once. Followed from activation; the definition's recognition loads with
 * the first such save, what updates with the offer's button.
 */
import * as vscode from 'vscode';
import type { BinStore } from '../../../core/store/binStore';
import type { SchemaDocOrigins } from '../../../core/store/schemaDocOrigins';
import type { Prompts } from '../../ui/prompter';

export interface OfferParts {
  bins: Pick<BinStore, 'onDidSave' | 'onDidStoreRecord'>;
  origins: SchemaDocOrigins;
  schemaDocs: { nameOf(id: string): string | undefined };
}

/** `update`: runs the update the user asked for (its questions, its progress, its errors shown). */
export function offerSchemaDocUpdates(
  parts: OfferParts,
  prompts: Prompts,
  update: (binId: string, schemaDocId: string) => Promise<void>,
): { dispose(): void }[] {
  let saved: string | undefined;
  return [
    parts.bins.onDidSave((entry) => {
      saved = entry.resource.kind === 'bin' && entry.resource.version === undefined ? entry.resource.id : undefined;
    }),
    parts.bins.onDidStoreRecord(({ id, text }) => {
      const wasSaved = saved === id;
      saved = undefined;
      const made = wasSaved ? parts.origins.madeFrom(id) : [];
      if (made.length > 0) {
        void offer(parts, prompts, id, text, made, update);
      }
    }),
  ];
}

async function offer(
  parts: OfferParts,
  prompts: Prompts,
  binId: string,
  text: string,
  made: [string, { schema: string; name?: string }][],
  update: (binId: string, schemaDocId: string) => Promise<void>,
): Promise<void> {
  // Loaded with the first save of a bin a schema doc was made from.
  const [{ definitionInText }, { digestOf }] = await Promise.all([
    import('../../../core/schema/definitions/inText.js'),
    import('../../../core/store/entry.js'),
  ]);
  const definition = definitionInText(text);
  if (!definition) {
    return;
  }
  const digest = digestOf(definition.schema);
  for (const [schemaDocId, origin] of made.filter(([, o]) => o.schema !== digest)) {
    const action = vscode.l10n.t('Update Schema Doc');
    const name = parts.schemaDocs.nameOf(schemaDocId) ?? origin.name ?? schemaDocId;
    const chosen = await prompts.offer(
      vscode.l10n.t('The schema of definition "{0}" changed: update schema doc "{1}", made from it? Its stored bins are checked first.', definition.name, name),
      [action],
    );
    if (chosen === action) {
      await update(binId, schemaDocId);
    }
  }
}
