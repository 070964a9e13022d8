/**
 * Copy as TypeScript Types: declarations for a schema doc's records, or for a bin's (its schema
 * drafted from its record first), put on the clipboard. A `$ref` outside the schema is never
 * fetched. Requests: none for a tab with unsaved edits (its text, as edited) or a schema doc
 * already read; else one read.
 */
import * as vscode from 'vscode';
import { RecordText, type Json } from '../../../core/api';
import { binSamples } from '../../../core/store/recordSamples';
import { Command } from '../../commands/idsAndContextKeys';
import { register, required, type Handler } from '../commandForms';
import { parseUri } from '../../fs/uris';
import { draftSchema } from '../../../core/schema/draft';
import { typeScriptTypes } from '../../../core/schema/typeScript';
import { activeOrAskedBin, knownBinName, unsavedTextOf } from '../binTarget';
import type { Parts } from '../parts';
import type { BinNode, SchemaDocNode } from '../tree/nodes';
import { inform } from '../../ui/feedback';

export type TypesOf = { schemaDocId: string } | { binId: string };

export function typeScriptTypesCommands(p: Pick<Parts, 'account' | 'bins' | 'connection' | 'prompts' | 'remembered' | 'schemaDocs'>): Handler[] {
  return register(
    Command.copyTypeScriptTypes,
    {
      run: async (of: TypesOf) => {
        const types = await typesOf(p, required(of, '{ schemaDocId } or { binId }', Command.copyTypeScriptTypes));
        await vscode.env.clipboard.writeText(types);
        return types;
      },
      ask: async () => {
        const active = vscode.window.activeTextEditor && parseUri(vscode.window.activeTextEditor.document.uri, p.account.id);
        return [active?.kind === 'schema' ? { schemaDocId: active.id } : { binId: (await activeOrAskedBin(p.prompts, p.account.id)).id }];
      },
      show: () => inform(vscode.l10n.t('TypeScript types copied to the clipboard')),
    },
    {
      row: [
        Command.rowCopyTypeScriptTypes,
        async (node: BinNode | SchemaDocNode) => ['schemaDocId' in node ? { schemaDocId: node.schemaDocId } : { binId: node.id }],
      ],
      tab: [
        Command.tabCopyTypeScriptTypes,
        async (uri) => {
          const resource = parseUri(uri);
          if (!resource) {
            throw new Error(vscode.l10n.t('Not a bin or schema doc: {0}', uri.toString()));
          }
          return [resource.kind === 'schema' ? { schemaDocId: resource.id } : { binId: resource.id }];
        },
      ],
    },
  );
}

async function typesOf(p: Pick<Parts, 'account' | 'bins' | 'connection' | 'remembered' | 'schemaDocs'>, of: TypesOf): Promise<string> {
  if ('schemaDocId' in of) {
    const edited = unsavedTextOf(p.account.id, of.schemaDocId, 'schema');
    const schema = edited === undefined ? (await p.schemaDocs.read(of.schemaDocId)).record : await parsed(edited);
    // A tab with edits was opened, so its name is known; a read names it too.
    const name = p.schemaDocs.nameOf(of.schemaDocId) ?? p.bins.known({ kind: 'schema', id: of.schemaDocId })?.name ?? 'Record';
    return header(vscode.l10n.t('Types for the records of schema doc "{0}", made by JSONBin Explorer.', name)) + (await typeScriptTypes(schema, name));
  }
  const binId = required(of.binId, '{ schemaDocId } or { binId }', Command.copyTypeScriptTypes);
  const samples = await binSamples(p.connection.client, [binId], { unsavedText: (id) => unsavedTextOf(p.account.id, id) });
  if (samples.records.length === 0) {
    const [unread] = samples.notRead;
    throw new Error(unread ? vscode.l10n.t('No types made: {0}', unread.reason) : vscode.l10n.t('No types made: the bin could not be read'));
  }
  const name = knownBinName(p, binId) ?? 'Record';
  const schema = await draftSchema(samples.records, p.schemaDocs.dialectInUse());
  return (
    header(vscode.l10n.t('Types for the records of bin {0}, its schema drafted from its record, made by JSONBin Explorer.', binId)) +
    (await typeScriptTypes(schema, name))
  );
}

async function parsed(text: string): Promise<Json> {
  return (await RecordText.parse(text)).value;
}

/** The line that says what the types are for, as a comment above them. */
const header = (text: string) => `// ${text}\n\n`;
