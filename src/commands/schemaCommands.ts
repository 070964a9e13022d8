/** Commands on collections and schema docs. */
import * as vscode from 'vscode';
import { MAX_SHORT_NAME, type Json } from '../api';
import { schemaDocUri } from '../fs/uris';
import { CollectionNode, SchemaDocNode } from '../tree/nodes';
import { withProgress } from '../ui/feedback';
import { cancelIfUndefined } from './args';
import { command, type Parts } from './parts';
import { askJson, askName, pickCollection } from './prompts';

export function registerSchemaCommands(p: Parts): vscode.Disposable[] {
  return [
    command('jsonbin.openSchemaDoc', async (arg?: string | SchemaDocNode) => {
      const id = arg instanceof SchemaDocNode ? arg.schemaDocId : (arg ?? (await askSchemaDocId(p)));
      const entry = await p.files.fetch({ kind: 'schema', id });
      const uri = schemaDocUri(id, entry.name);
      await vscode.window.showTextDocument(uri, { preview: false });
      return uri;
    }),

    command('jsonbin.createCollection', async (name?: string) => {
      const value = name ?? (await askName('Name of the collection (1 to 32 characters)', MAX_SHORT_NAME))!;
      const collection = await withProgress('Creating collection…', () => p.connection.client.createCollection(value));
      p.tree.refresh();
      return { id: collection.id };
    }),

    command('jsonbin.createSchemaDoc', async (args?: { name: string; schema: Json }) => {
      const name = args?.name ?? (await askName('Name of the schema doc (1 to 32 characters)', MAX_SHORT_NAME))!;
      const schema = args?.schema ?? ((await askJson('The JSON Schema')) as Json);
      const problem = await p.schemaDocs.schemaProblem(schema);
      if (problem) {
        throw new Error(`Not created: ${problem}`);
      }
      const doc = await withProgress('Creating schema doc…', () => p.connection.client.createSchemaDoc(name, schema));
      p.schemaDocs.updated(doc);
      return { id: doc.metadata.id, uri: schemaDocUri(doc.metadata.id, doc.metadata.name) };
    }),

    command('jsonbin.attachSchemaDoc', async (collectionArg?: string | CollectionNode, schemaDocId?: string) => {
      const collectionId =
        collectionArg instanceof CollectionNode
          ? collectionArg.collection.id
          : (collectionArg ?? (await pickCollection(await p.tree.listCollections(), false))!.id);
      const docId =
        schemaDocId ??
        cancelIfUndefined(await vscode.window.showInputBox({ prompt: 'Id of the schema doc to attach', ignoreFocusOut: true }));
      await p.connection.client.attachSchemaDoc(collectionId, docId.trim());
      p.tree.setSchemaDoc(collectionId, docId.trim());
      p.diagnostics.revalidateAll();
    }),

    command('jsonbin.detachSchemaDoc', async (collectionArg?: string | CollectionNode) => {
      const collectionId =
        collectionArg instanceof CollectionNode
          ? collectionArg.collection.id
          : (collectionArg ?? (await pickCollection(await p.tree.listCollections(), false))!.id);
      await p.connection.client.detachSchemaDoc(collectionId);
      p.tree.setSchemaDoc(collectionId, undefined);
      p.diagnostics.revalidateAll();
    }),
  ];
}

async function askSchemaDocId(p: Parts): Promise<string> {
  const withSchema = (await p.tree.listCollections()).filter((c) => c.schemaDocId);
  if (withSchema.length === 0) {
    return cancelIfUndefined(await vscode.window.showInputBox({ prompt: 'Schema doc id', ignoreFocusOut: true })).trim();
  }
  return (await pickCollection(withSchema, false))!.schemaDocId!;
}
