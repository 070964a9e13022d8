/** Commands on bins: create, add, open, delete, versions, versioning, forget, copy id, rename, privacy. */
import * as vscode from 'vscode';
import type { Json } from '../api';
import { binUri, parseUri } from '../fs/uris';
import { checkText } from '../schema/validator';
import { BinNode, type LoadMoreNode } from '../tree/nodes';
import { withProgress } from '../ui/feedback';
import { binIdOf, cancelIfUndefined, isProgrammatic, parseBinReference } from './args';
import { command, type Parts } from './parts';
import { askJson, askName, confirm, jsonProblem, pickBoolean, pickCollection } from './prompts';

interface CreateArgs {
  record: Json;
  name?: string;
  private?: boolean;
  collectionId?: string;
}

export function registerBinCommands(p: Parts): vscode.Disposable[] {
  return [
    command('jsonbin.createBin', async (args?: CreateArgs) => {
      const input = args ?? (await askCreate(p));
      await checkAgainstSchema(p, input);
      const created = await withProgress('Creating bin…', () => p.connection.client.createBin(input));
      const { id } = created.metadata;
      if (input.collectionId) {
        p.tree.refreshCollection(input.collectionId);
      } else {
        await p.remembered.remember({ id, name: input.name, private: created.metadata.private, createdAt: created.metadata.createdAt });
        p.tree.refreshUnsorted();
      }
      const uri = binUri(id, input.name);
      if (!args) {
        await vscode.window.showTextDocument(uri);
        const collection = input.collectionId ? (await p.tree.listCollections()).find((c) => c.id === input.collectionId) : undefined;
        const summary = { id, name: input.name, private: created.metadata.private, createdAt: created.metadata.createdAt };
        void p.treeView.reveal(new BinNode(summary, collection, !collection), { select: true, focus: false });
      }
      return { id, uri };
    }),

    command('jsonbin.addBin', async (reference?: string) => {
      const text = reference ?? cancelIfUndefined(
        await vscode.window.showInputBox({
          prompt: 'Bin id or dashboard link (https://jsonbin.io/app/bins/…)',
          ignoreFocusOut: true,
          validateInput: (t) => {
            try {
              parseBinReference(t);
              return undefined;
            } catch (error) {
              return (error as Error).message;
            }
          },
        }),
      );
      const id = parseBinReference(text);
      // One read proves the bin exists and titles it; opening it later costs nothing more.
      const entry = await p.files.fetch({ kind: 'bin', id });
      await p.remembered.remember({ id, name: entry.name, private: entry.private });
      p.tree.refreshUnsorted();
      return { id, uri: binUri(id, entry.name) };
    }),

    command('jsonbin.openBin', async (arg?: unknown) => {
      const id = await binIdFrom(arg);
      const uri = await uriFor(p, id, arg instanceof BinNode ? arg.bin.name : undefined);
      await vscode.window.showTextDocument(uri, { preview: false });
      return uri;
    }),

    command('jsonbin.deleteBin', async (arg?: unknown, options: { confirm?: boolean } = {}) => {
      const id = await binIdFrom(arg);
      if (options.confirm !== false) {
        await confirm(`Delete bin ${label(arg, id)}?`, 'The bin and all of its versions are deleted from the service. This cannot be undone.', 'Delete');
      }
      const result = await withProgress('Deleting bin…', () => p.connection.client.deleteBin(id));
      await p.remembered.forget(id);
      p.files.invalidate({ kind: 'bin', id });
      p.tree.refresh();
      if (!isProgrammatic([arg])) {
        void vscode.window.showInformationMessage(`Deleted bin ${label(arg, id)} and ${result.versionsDeleted} version(s).`);
      }
      return { versionsDeleted: result.versionsDeleted };
    }),

    command('jsonbin.deleteVersions', async (arg?: unknown, options: { preserveLatest?: boolean; confirm?: boolean } = {}) => {
      const id = await binIdFrom(arg);
      const preserveLatest =
        options.preserveLatest ??
        (await pickBoolean('Keep the latest record?', 'Keep the latest record as the bin’s record', 'Go back to the record the bin was created with'));
      if (options.confirm !== false) {
        await confirm(`Delete all versions of ${label(arg, id)}?`, preserveLatest ? 'The latest record is kept.' : 'The bin goes back to its base record.', 'Delete Versions');
      }
      const result = await withProgress('Deleting versions…', () => p.connection.client.deleteVersions(id, { preserveLatest }));
      reloadOpen(p, id);
      if (!isProgrammatic([arg])) {
        void vscode.window.showInformationMessage(`Deleted ${result.versionsDeleted} version(s) of ${label(arg, id)}.`);
      }
      return { versionsDeleted: result.versionsDeleted };
    }),

    command('jsonbin.setVersioning', async (arg?: unknown, enabled?: boolean) => {
      const id = await binIdFrom(arg);
      const on = enabled ?? (await pickBoolean('Versioning', 'Turn versioning on', 'Turn versioning off'));
      // The service changes versioning only with an update, which must carry the record.
      const current = await p.connection.client.readBin(id);
      await p.connection.client.updateBin(id, current.record, { versioning: on });
    }),

    command('jsonbin.forgetBin', async (arg?: unknown) => {
      const id = await binIdFrom(arg);
      await p.remembered.forget(id);
      p.tree.refreshUnsorted();
    }),

    command('jsonbin.copyBinId', async (arg?: unknown) => {
      const id = await binIdFrom(arg);
      await vscode.env.clipboard.writeText(id);
    }),

    command('jsonbin.renameBin', async (arg?: unknown, name?: string) => {
      const id = await binIdFrom(arg);
      const newName = name ?? (await askName('New name of the bin', undefined, false, arg instanceof BinNode ? arg.bin.name : undefined))!;
      await p.connection.client.renameBin(id, newName);
      await p.remembered.update(id, { name: newName });
      p.tree.refresh();
    }),

    command('jsonbin.setPrivacy', async (arg?: unknown, isPrivate?: boolean) => {
      const id = await binIdFrom(arg);
      const value = isPrivate ?? (await pickBoolean('Privacy', 'Private: only the key reads it', 'Public: anyone with the id reads it'));
      await p.connection.client.setPrivacy(id, value);
      await p.remembered.update(id, { private: value });
      p.tree.refresh();
    }),

    command('jsonbin.openVersion', async (arg?: unknown, version?: number) => {
      const id = await binIdFrom(arg);
      const n = version ?? (await pickVersion(p, id));
      const uri = binUri(id, `${label(arg, id)} (version ${n})`, n);
      await vscode.window.showTextDocument(uri, { preview: true });
      return uri;
    }),

    command('jsonbin.compareWithVersion', async (arg?: unknown, version?: number) => {
      const id = await binIdFrom(arg);
      const n = version ?? (await pickVersion(p, id));
      const current = await uriFor(p, id, arg instanceof BinNode ? arg.bin.name : undefined);
      const old = binUri(id, `${label(arg, id)} (version ${n})`, n);
      await vscode.commands.executeCommand('vscode.diff', old, current, `${label(arg, id)}: version ${n} ↔ current`);
      return old;
    }),

    command('jsonbin.loadMore', (node: LoadMoreNode) => p.tree.loadMore(node)),
  ];
}

function label(arg: unknown, id: string): string {
  return arg instanceof BinNode ? (arg.bin.name ?? id) : id;
}

/** The bin of a command: from the tree or the arguments, else the active bin tab, else asked for. */
async function binIdFrom(arg: unknown): Promise<string> {
  return arg === undefined ? askBinId() : binIdOf(arg);
}

async function askBinId(): Promise<string> {
  const active = vscode.window.activeTextEditor && parseUri(vscode.window.activeTextEditor.document.uri);
  if (active?.kind === 'bin') {
    return active.id;
  }
  const text = cancelIfUndefined(await vscode.window.showInputBox({ prompt: 'Bin id or dashboard link', ignoreFocusOut: true }));
  return parseBinReference(text);
}

/** An open tab of the bin is reused; otherwise one read titles the tab and serves the open. */
async function uriFor(p: Parts, id: string, name: string | undefined): Promise<vscode.Uri> {
  const open = vscode.workspace.textDocuments.find((d) => {
    const r = parseUri(d.uri);
    return r?.kind === 'bin' && r.id === id && r.version === undefined;
  });
  if (open) {
    return open.uri;
  }
  if (name !== undefined) {
    return binUri(id, name);
  }
  const entry = await p.files.fetch({ kind: 'bin', id });
  return binUri(id, entry.name);
}

function reloadOpen(p: Parts, id: string): void {
  for (const d of vscode.workspace.textDocuments) {
    const r = parseUri(d.uri);
    if (r?.kind === 'bin' && r.id === id && r.version === undefined) {
      p.files.invalidate(r, d.uri);
    }
  }
}

async function pickVersion(p: Parts, id: string): Promise<number> {
  const { versionCount } = await p.connection.client.versionCount(id);
  if (versionCount === 0) {
    throw new Error('This bin has no versions');
  }
  const items = Array.from({ length: versionCount + 1 }, (_, i) => versionCount - i).map((n) => ({
    label: n === 0 ? 'Base record' : `Version ${n}`,
    description: n === versionCount ? 'latest' : undefined,
    n,
  }));
  return cancelIfUndefined(await vscode.window.showQuickPick(items, { placeHolder: 'Version' })).n;
}

/** The active editor's JSON (or its selection) is offered as the record. */
async function askCreate(p: Parts): Promise<CreateArgs> {
  const editor = vscode.window.activeTextEditor;
  const text = editor ? editor.document.getText(editor.selection.isEmpty ? undefined : editor.selection) : '';
  const fromEditor = text.trim() !== '' && jsonProblem(text) === undefined;
  const record = (fromEditor && (await pickBoolean('Record', 'Use the JSON of the active editor', 'Type the JSON'))
    ? JSON.parse(text)
    : await askJson('The record of the new bin (JSON)')) as Json;
  const name = await askName('Name of the bin (optional, 1 to 128 characters)', undefined, true);
  const collection = await pickCollection(await p.tree.listCollections(), true);
  const isPrivate = await pickBoolean('Privacy', 'Private', 'Public');
  return { record, name, private: isPrivate, collectionId: collection?.id };
}

/** A record for a collection with a schema doc is checked before it is sent. */
async function checkAgainstSchema(p: Parts, input: CreateArgs): Promise<void> {
  const schema = await p.schemaDocs.schemaFor(input.collectionId);
  if (!schema) {
    return;
  }
  const { schema: placed, schemaCount } = checkText(JSON.stringify(input.record, null, 2), schema.validate, 1);
  if (schemaCount > 0) {
    throw new Error(`Not created: ${schemaCount} schema problem(s) against schema doc "${schema.schemaDoc.name}": ${placed[0].message}`);
  }
}
