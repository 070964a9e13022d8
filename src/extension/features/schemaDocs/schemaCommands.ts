/** Commands on collections and schema docs. */
import * as vscode from 'vscode';
import { MAX_SHORT_NAME, RecordText, type Collection, type Json } from '../../../core/api';
import { parseUri, schemaDocUri } from '../../fs/uris';
import type { CollectionNode, SchemaDocNode } from '../tree/nodes';
import { activeOrAskedBin, tabBin } from '../binTarget';
import { withProgress } from '../../ui/feedback';
import { Command } from '../../commands/idsAndContextKeys';
import { retitleTabs } from '../bins/openTabs';
import type { Parts } from '../parts';
import type { ViewParts } from '../tree/binsView';
import type { SchemaDiagnostics } from './schemaDiagnostics';
import { askId, askJson, askRequiredName, pickCollection } from '../../ui/prompts';
import { needs, register, required, type Handler } from '../commandForms';

/** What asks a new schema doc's name. */
export function schemaDocNamePrompt(): string {
  return vscode.l10n.t('Name of the schema doc (1 to 32 characters)');
}

/** The progress of a schema doc's create. */
export function creatingSchemaDoc(): string {
  return vscode.l10n.t('Creating schema doc…');
}

/** What attaching a schema doc changes: the collection's row, and the problems of its bins' tabs. */
export type AttachParts = Pick<Parts, 'connection' | 'schemaDocs'> & Pick<ViewParts, 'tree'> & { diagnostics: SchemaDiagnostics };

export function schemaCommands(p: AttachParts & Pick<Parts, 'account' | 'bins' | 'prompts' | 'writes'>): Handler[] {
  const ui = p.prompts;
  const askCollectionName = async (): Promise<[string]> => [
    await askRequiredName(ui, vscode.l10n.t('Name of the collection (1 to 32 characters)'), MAX_SHORT_NAME),
  ];
  const setSchemaDoc = (collectionId: string, schemaDocId: string | undefined) => setCollectionSchemaDoc(p, collectionId, schemaDocId);
  const askSchemaDocFor = async (collectionId: string): Promise<[string, string]> => [
    collectionId,
    await askId(ui, vscode.l10n.t('Id of the schema doc to attach')),
  ];
  const askBinCollection = async (binId: string): Promise<[string, string | null]> => [
    binId,
    (await pickCollection(ui, await p.schemaDocs.listCollections(), true))?.id ?? null,
  ];
  const pickWithSchema = async () =>
    (await pickCollection(
      ui,
      (await p.schemaDocs.listCollections()).filter((c) => c.schemaDocId),
      false,
    ))!;
  const askCollectionRename = async (collection: Collection): Promise<[string, string]> => [
    collection.id,
    await askRequiredName(ui, vscode.l10n.t('New name of the collection (1 to 32 characters)'), MAX_SHORT_NAME, collection.name),
  ];
  const askSchemaDocRename = async (id: string): Promise<[string, string]> => [
    id,
    await askRequiredName(ui, vscode.l10n.t('New name of the schema doc (1 to 32 characters)'), MAX_SHORT_NAME, p.schemaDocs.nameOf(id)),
  ];
  /** Palette: the schema doc of the active tab, else the one of a collection the user picks. */
  const activeOrPickedSchemaDoc = async () => {
    const active = vscode.window.activeTextEditor && parseUri(vscode.window.activeTextEditor.document.uri, p.account.id);
    return active?.kind === 'schema' ? active.id : (await pickWithSchema()).schemaDocId!;
  };

  return [
    ...register(
      Command.openSchemaDoc,
      {
        run: async (id: string) => {
          const entry = await p.bins.fetch({ kind: 'schema', id: required(id, 'a schema doc id', Command.openSchemaDoc) });
          const uri = schemaDocUri(id, entry.name, p.account.id);
          await vscode.window.showTextDocument(uri, { preview: false });
          return uri;
        },
        ask: async () => [(await pickWithSchema()).schemaDocId!],
      },
      { row: [Command.rowOpenSchemaDoc, async (node: SchemaDocNode) => [node.schemaDocId]] },
    ),

    ...register(
      Command.createCollection,
      {
        run: async (name: string) => {
          const collection = await withProgress(vscode.l10n.t('Creating collection…'), () =>
            p.connection.client.createCollection(required(name, 'a name', Command.createCollection)),
          );
          p.schemaDocs.created(collection);
          p.tree.redraw();
          return { id: collection.id };
        },
        ask: askCollectionName,
      },
      { view: Command.viewCreateCollection, row: [Command.rowCreateCollection, askCollectionName] },
    ),

    ...register(
      Command.createSchemaDoc,
      {
        // `schema` is a value from a programmatic call; the palette passes the JSON as typed.
        run: async (args: { name: string; schema: Json | RecordText }) => {
          const name = required(args?.name, '{ name, schema }', Command.createSchemaDoc);
          const schema = required(args.schema, '{ name, schema }', Command.createSchemaDoc);
          const doc = await withProgress(creatingSchemaDoc(), () => p.writes.createSchemaDoc(schema, name));
          return { id: doc.metadata.id, uri: schemaDocUri(doc.metadata.id, doc.metadata.name, p.account.id) };
        },
        ask: async () => [
          { name: await askRequiredName(ui, schemaDocNamePrompt(), MAX_SHORT_NAME), schema: await askJson(ui, vscode.l10n.t('The JSON Schema')) },
        ],
        show: (created) => vscode.window.showTextDocument(created.uri, { preview: false }),
      },
      { view: Command.viewCreateSchemaDoc },
    ),

    ...register(
      Command.attachSchemaDoc,
      {
        run: (collectionId: string, schemaDocId: string) =>
          setSchemaDoc(
            required(collectionId, 'a collection id', Command.attachSchemaDoc),
            required(schemaDocId, 'a schema doc id', Command.attachSchemaDoc).trim(),
          ),
        ask: async () => askSchemaDocFor((await pickCollection(ui, await p.schemaDocs.listCollections(), false))!.id),
      },
      { row: [Command.rowAttachSchemaDoc, (node: CollectionNode) => askSchemaDocFor(node.collection.id)] },
    ),

    ...register(
      Command.detachSchemaDoc,
      {
        run: (collectionId: string) => setSchemaDoc(required(collectionId, 'a collection id', Command.detachSchemaDoc), undefined),
        ask: async () => [(await pickWithSchema()).id],
      },
      { row: [Command.rowDetachSchemaDoc, async (node: CollectionNode | SchemaDocNode) => [node.collection.id]] },
    ),

    ...register(
      Command.renameCollection,
      {
        run: async (id: string, name: string) => {
          required(id, 'a collection id', Command.renameCollection);
          await p.connection.client.renameCollection(id, required(name, 'a name', Command.renameCollection));
          p.schemaDocs.changed(id, { name });
          p.tree.redraw();
        },
        ask: async () => askCollectionRename((await pickCollection(ui, await p.schemaDocs.listCollections(), false))!),
      },
      { row: [Command.rowRenameCollection, (node: CollectionNode) => askCollectionRename(node.collection)] },
    ),

    ...register(
      Command.renameSchemaDoc,
      {
        run: async (id: string, name: string) => {
          required(id, 'a schema doc id', Command.renameSchemaDoc);
          await renameSchemaDoc(p, id, required(name, 'a name', Command.renameSchemaDoc));
        },
        ask: async () => askSchemaDocRename(await activeOrPickedSchemaDoc()),
      },
      { row: [Command.rowRenameSchemaDoc, (node: SchemaDocNode) => askSchemaDocRename(node.schemaDocId)] },
    ),

    // For services whose answers do not say which collection a bin is in: the user tells, once.
    ...register(
      Command.setBinCollection,
      {
        run: async (binId: string, collectionId: string | null) => {
          required(binId, 'a bin id and a collection id (null: no collection)', Command.setBinCollection);
          if (collectionId === undefined) {
            throw new Error(needs(Command.setBinCollection, 'a collection id (null: no collection)'));
          }
          p.bins.collectionTold(binId, collectionId);
        },
        ask: async () => askBinCollection((await activeOrAskedBin(ui, p.account.id)).id),
      },
      { tab: [Command.tabSetBinCollection, (uri) => askBinCollection(tabBin(uri).id)] },
    ),
  ];
}

/** Attaches (or, with none, detaches) a collection's schema doc: one request; the tree and diagnostics follow. */
export async function setCollectionSchemaDoc(p: AttachParts, collectionId: string, schemaDocId: string | undefined): Promise<void> {
  if (schemaDocId) {
    await p.connection.client.attachSchemaDoc(collectionId, schemaDocId);
  } else {
    await p.connection.client.detachSchemaDoc(collectionId);
  }
  p.schemaDocs.changed(collectionId, { schemaDocId });
  p.tree.redraw();
  p.diagnostics.revalidateAll();
}

/** The new name is sent with the schema doc's record, through the write path; the tree, diagnostics and tabs follow. */
async function renameSchemaDoc(
  p: Pick<AttachParts, 'tree' | 'diagnostics'> & Pick<Parts, 'account' | 'bins' | 'writes'>,
  id: string,
  name: string,
): Promise<void> {
  await p.writes.renameSchemaDoc(id, name);
  p.tree.redraw();
  // Diagnostics name the schema doc they come from; it is cached, so this costs no request.
  p.diagnostics.revalidateAll();
  await retitleTabs(p, { kind: 'schema', id }, name);
}
