/**
 * Refresh from Service: one read tells whether the service's record of a bin or a schema doc moved
 * since a tab read it.
 * A clean tab shows the service's record; a dirty tab keeps the user's text, and the interactive
 * form opens the diff and asks: Take Theirs, or Keep Mine (the conflict baseline moves, so the
 * next save does not ask again).
 */
import * as vscode from 'vscode';
import { readAsShown } from '../../../core/api';
import { digestOfBytes } from '../../../core/store/entry';
import { plainText } from '../../../core/store/plainText';
import { Command } from '../../commands/idsAndContextKeys';
import { register, required, type Handler } from '../commandForms';
import { binUri, parseUri, schemaDocUri } from '../../fs/uris';
import { inform, notice } from '../../ui/feedback';
import { activeOrAskedBin, openDocumentsOf, tabBin } from '../binTarget';
import { revert } from './openTabs';
import type { Parts } from '../parts';

/** Passed by the interactive forms only: a programmatic call never asks and changes no dirty tab. */
const INTERACTIVE = Symbol('interactive');

const decoder = new TextDecoder();
const encoder = new TextEncoder();

export type RefreshParts = Pick<Parts, 'account' | 'bins' | 'connection' | 'prompts' | 'schemaDocs' | 'snapshots'>;

/** A bin's id, or a schema doc's. */
type Target = string | { schemaDocId: string };

export function refreshCommands(p: RefreshParts): Handler[] {
  const asked = (target: Target): [Target, typeof INTERACTIVE] => [target, INTERACTIVE];
  return [
    ...register(
      Command.refreshBin,
      {
        run: async (target: Target, how?: typeof INTERACTIVE) => {
          const resource =
            typeof target === 'object' && target ? ({ kind: 'schema', id: target.schemaDocId } as const) : ({ kind: 'bin', id: target } as const);
          required(resource.id, 'a bin id or { schemaDocId }', Command.refreshBin);
          return refreshBin(p, resource, how === INTERACTIVE ? 'ask' : 'quiet');
        },
        ask: async () => asked(activeSchemaDoc(p.account.id) ?? (await activeOrAskedBin(p.prompts, p.account.id)).id),
      },
      { tab: [Command.tabRefreshBin, async (uri) => asked(schemaDocOf(uri) ?? tabBin(uri).id)] },
    ),
  ];
}

function schemaDocOf(uri: vscode.Uri, account?: string): { schemaDocId: string } | undefined {
  const resource = parseUri(uri, account);
  return resource?.kind === 'schema' ? { schemaDocId: resource.id } : undefined;
}

/** From the palette, the active tab's schema doc, if it shows one. */
function activeSchemaDoc(account: string): { schemaDocId: string } | undefined {
  const uri = vscode.window.activeTextEditor?.document.uri;
  return uri && schemaDocOf(uri, account);
}

/**
 * How a refresh treats a tab with unsaved edits whose base moved: `ask` (the interactive forms)
 * opens the diff and asks; `notice` (a check on focus) says so without a modal, with Compare;
 * `quiet` (a programmatic call) leaves it as it is: its next save asks about the conflict.
 */
export type DirtyTabs = 'ask' | 'notice' | 'quiet';

/** `changed`: the service's record differs from what this window last read of it. */
export async function refreshBin(p: RefreshParts, resource: { kind: 'bin' | 'schema'; id: string }, dirtyTabs: DirtyTabs): Promise<{ changed: boolean }> {
  const { id } = resource;
  const documents = openDocumentsOf(p.account.id, id, resource.kind);
  const known = documents.map((d) => p.bins.baselines.of(d.uri.toString())).find((digest) => digest !== undefined) ?? p.bins.known(resource)?.digest;
  const read = await readRecord(p, resource);
  const bytes = encoder.encode(read.text);
  const digest = digestOfBytes(bytes);
  const changed = known !== undefined && known !== digest;
  const name = read.name ?? p.bins.known(resource)?.name;
  const label = name ?? id;
  const [dirty, clean] = [documents.filter((d) => d.isDirty), documents.filter((d) => !d.isDirty)];
  const meta = { name, private: read.private };
  // Clean tabs read the record from here, at no request. A dirty tab keeps the user's text and
  // what VS Code knows of the file: a newer one would make its save refuse ("the file is newer").
  if (clean.length > 0 || dirty.length === 0) {
    p.bins.writtenAs(
      resource,
      bytes,
      meta,
      clean.map((d) => d.uri.toString()),
    );
  }
  const moved = dirty.filter((d) => p.bins.baselines.of(d.uri.toString()) !== digest);
  const settle = async (document: vscode.TextDocument) => {
    const choice = await ask(p, resource, document, decoder.decode(bytes), label);
    if (choice === 'theirs') {
      // Reverting reads the record just read, from the store: no request.
      p.bins.writtenAs(resource, bytes, meta, []);
      await revert(document, undefined);
    }
    if (choice) {
      p.bins.baselines.set(document.uri.toString(), digest);
    }
  };
  if (dirtyTabs === 'ask') {
    for (const document of moved) {
      await settle(document);
    }
    if (known !== undefined && !changed && moved.length === 0) {
      inform(vscode.l10n.t('{0} is as the service holds it.', label));
    } else if (changed && clean.length > 0) {
      inform(vscode.l10n.t("{0} now shows the service's record.", label));
    }
  } else if (dirtyTabs === 'notice') {
    for (const document of moved) {
      void vscode.window
        .showInformationMessage(
          notice(vscode.l10n.t('{0} changed on the service since this tab read it; your edits are kept.', plainText(label))),
          vscode.l10n.t('Compare'),
        )
        .then((choice) => (choice ? settle(document) : undefined));
    }
  }
  return { changed };
}

/** A dirty tab whose base moved: the diff, then Take Theirs or Keep Mine; dismissed (undefined), nothing changes. */
async function ask(
  p: Pick<Parts, 'account' | 'prompts' | 'snapshots'>,
  resource: { kind: 'bin' | 'schema'; id: string },
  document: vscode.TextDocument,
  serviceText: string,
  label: string,
): Promise<'theirs' | 'mine' | undefined> {
  const title = vscode.l10n.t({ message: '{0} (service)', args: [label], comment: ["The title of the tab of the service's record"] });
  const snapshot = p.snapshots.add(
    resource.kind === 'schema' ? schemaDocUri(resource.id, title, p.account.id) : binUri(resource.id, title, undefined, p.account.id),
    serviceText,
  );
  await vscode.commands.executeCommand('vscode.diff', snapshot, document.uri, vscode.l10n.t('{0}: Service ↔ Yours', label));
  const items = [
    { label: vscode.l10n.t('Take Theirs'), detail: vscode.l10n.t("Your edits are replaced by the service's record."), choice: 'theirs' as const },
    {
      label: vscode.l10n.t('Keep Mine'),
      detail: vscode.l10n.t('Your edits stay; saving them overwrites the service’s record without asking again.'),
      choice: 'mine' as const,
    },
  ];
  return (await p.prompts.pick(items, { placeHolder: vscode.l10n.t('{0} changed on the service since this tab read it', label) }))?.choice;
}

/**
 * One read of the record, as a tab shows it (one JavaScript cannot hold, as served); a schema
 * doc's also tells validation, which checks bins against the text just read.
 */
async function readRecord(
  p: Pick<Parts, 'connection' | 'schemaDocs'>,
  resource: { kind: 'bin' | 'schema'; id: string },
): Promise<{ text: string; name?: string; private?: boolean }> {
  if (resource.kind === 'schema') {
    const { read: doc, text, held } = await readAsShown(p.connection.client.readSchemaDoc(resource.id));
    if (held) {
      p.schemaDocs.updated(doc);
    }
    return { text, name: doc.metadata.name };
  }
  const { read: bin, text } = await readAsShown(p.connection.client.readBin(resource.id));
  return { text, name: bin.metadata.name, private: bin.metadata.private };
}
