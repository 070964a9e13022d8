/**
 * Draft Schema Doc from Records: a JSON Schema inferred from one bin, several, or a collection's,
 * opened in an untitled tab whose CodeLens creates it (and, drafted from a collection, attaches it
 * there after checking the stored bins). Requests: one read per bin (none for a bin with unsaved
 * edits in a tab, whose text is used); a collection's listing pages too, said first when over
 * `jsonbin.warnAboveRequests`.
 */
import * as vscode from 'vscode';
import { MAX_SHORT_NAME, type Json } from '../../api';
import { binSamples, collectionSamples, type SampleOptions, type Samples } from '../../store/recordSamples';
import { Cancelled, cancelIfUndefined, parseBinReference } from '../../commands/args';
import { Command } from '../../commands/ids';
import { register, required, type Handler } from '../../commands/register';
import { settings } from '../../config';
import { parseUri } from '../../fs/uris';
import { draftSchema } from '../../schema/draft';
import { knownBinName, tabBin, unsavedTextOf } from '../binTarget';
import type { Parts } from '../parts';
import { confirmRequests } from '../requestWarning';
import { plural } from '../../ui/plural';
import type { BinNode, CollectionNode } from '../tree/nodes';

type DraftParts = Pick<Parts, 'account' | 'bins' | 'connection' | 'drafts' | 'prompts' | 'remembered' | 'schemaDocs'>;

/** What to draft from: bins by id, or every bin of a collection. */
export interface DraftFrom {
  binIds?: string[];
  collectionId?: string;
}

export interface DraftOptions {
  /** Asks first when more requests than this would be sent (the interactive forms pass the setting); absent: never asks. */
  warnAboveRequests?: number;
}

export interface DraftResult {
  schema: Json;
  /** The ids of the bins whose records the draft was made from. */
  sampled: string[];
  notRead: { id: string; reason: string }[];
  stopped: boolean;
}

export function draftSchemaDocCommands(p: DraftParts): Handler[] {
  const interactive = (from: DraftFrom): [DraftFrom, DraftOptions] => [from, { warnAboveRequests: settings.warnAboveRequests() }];
  return register(
    Command.draftSchemaDoc,
    {
      run: (from: DraftFrom, options: DraftOptions = {}) =>
        draftSchemaDoc(p, required(from, '{ binIds } or { collectionId }', Command.draftSchemaDoc), options),
      ask: async () => interactive(await askWhatToDraftFrom(p)),
      show: async (result, [from]) => {
        const collection = from.collectionId ? (await p.schemaDocs.listCollections()).find((c) => c.id === from.collectionId) : undefined;
        const named = collection?.name ?? (from.binIds?.length === 1 ? knownBinName(p, from.binIds[0]) : undefined);
        await p.drafts.open(`${JSON.stringify(result.schema, null, 2)}\n`, {
          kind: 'schemaDoc',
          account: p.account.id,
          collection: collection && { id: collection.id, name: collection.name },
          name: `${named ?? 'Drafted'} schema`.slice(0, MAX_SHORT_NAME),
        });
        const unread = result.notRead.length > 0 ? ` ${plural(result.notRead.length, 'bin')} could not be read: ${result.notRead[0].reason}` : '';
        const used = `JSONBin: drafted from ${plural(result.sampled.length, 'record')}${result.stopped ? ' (stopped)' : ''}: ${namesOf(p, result.sampled)}.${unread}`;
        void (unread || result.stopped ? vscode.window.showWarningMessage(used) : vscode.window.showInformationMessage(used));
      },
    },
    {
      row: [
        Command.rowDraftSchemaDoc,
        async (node: BinNode | CollectionNode) => interactive('bin' in node ? { binIds: [node.id] } : { collectionId: node.collection.id }),
      ],
      tab: [Command.tabDraftSchemaDoc, async (uri) => interactive({ binIds: [tabBin(uri).id] })],
    },
  );
}

export async function draftSchemaDoc(p: DraftParts, from: DraftFrom, options: DraftOptions): Promise<DraftResult> {
  if (!from.collectionId && !from.binIds?.length) {
    throw new Error(`${Command.draftSchemaDoc} needs { binIds } or { collectionId }`);
  }
  const unsavedText = (id: string) => unsavedTextOf(p.account.id, id);
  const samples: Samples = await p.prompts.progress('Drafting schema doc…', async (progress, token) => {
    const sampling: SampleOptions = {
      unsavedText,
      progress: (read, total) => progress.report({ message: `${read} of ${total} read`, increment: 100 / total }),
      stopped: () => token.isCancellationRequested,
    };
    if (from.collectionId) {
      return collectionSamples(p.connection.client, from.collectionId, {
        ...sampling,
        listed: (bins, pages) =>
          confirmRequests(
            p,
            options.warnAboveRequests,
            bins,
            `Drafting from ${plural(bins, 'bin')}`,
            `One request reads each bin (the ${plural(pages, 'request')} listing them are sent).`,
          ),
      });
    }
    const ids = [...new Set(from.binIds)];
    const reads = ids.filter((id) => unsavedText(id) === undefined).length;
    await confirmRequests(
      p,
      options.warnAboveRequests,
      reads,
      `Drafting from ${plural(ids.length, 'bin')}`,
      'One request reads each bin without unsaved edits in a tab.',
    );
    return binSamples(p.connection.client, ids, sampling);
  });
  if (samples.records.length === 0) {
    if (samples.stopped && samples.notRead.length === 0) {
      // Cancelled before any record was read: nothing to say.
      throw new Cancelled();
    }
    const why = samples.notRead[0] ? `: ${samples.notRead[0].reason}` : from.collectionId ? ': the collection has no bins' : '';
    throw new Error(`No schema doc drafted: no record was read${why}`);
  }
  const schema = await draftSchema(samples.records, p.schemaDocs.dialectInUse());
  return { schema, sampled: samples.sampled, notRead: samples.notRead, stopped: samples.stopped };
}

/** The bins a draft was made from, by name where known, the first few. */
function namesOf(p: Pick<Parts, 'bins' | 'remembered'>, ids: string[]): string {
  const named = ids.slice(0, NAMED_RECORDS).map((id) => knownBinName(p, id) ?? id);
  return `${named.join(', ')}${ids.length > NAMED_RECORDS ? ` and ${ids.length - NAMED_RECORDS} more` : ''}`;
}

const NAMED_RECORDS = 5;

/**
 * Palette: the bin of the active tab (offered first, with its problems said: a draft would allow
 * them), a collection, or bins the user names.
 */
async function askWhatToDraftFrom(p: DraftParts): Promise<DraftFrom> {
  const editor = vscode.window.activeTextEditor;
  const active = editor && parseUri(editor.document.uri, p.account.id);
  const tab =
    active?.kind === 'bin' && active.version === undefined
      ? [{ label: `$(file) ${knownBinName(p, active.id) ?? active.id}`, description: problemsOf(editor!.document.uri), binId: active.id }]
      : [];
  const byId = { label: '$(list-flat) Bins by id or link…' };
  const collections = (await p.schemaDocs.listCollections()).map((c) => ({ label: `$(folder) ${c.name}`, description: 'its bins', collectionId: c.id }));
  const items: { label: string; description?: string; binId?: string; collectionId?: string }[] = [...tab, ...collections, byId];
  const picked = cancelIfUndefined(await p.prompts.pick(items, { placeHolder: 'Draft a schema doc from the records of', ignoreFocusOut: true }));
  if (picked.binId) {
    return { binIds: [picked.binId] };
  }
  if (picked.collectionId) {
    return { collectionId: picked.collectionId };
  }
  const text = cancelIfUndefined(
    await p.prompts.input({
      prompt: 'Bin ids or dashboard links, separated by spaces or commas',
      ignoreFocusOut: true,
      validateInput: (t) => {
        try {
          return binIdsIn(t).length === 0 ? 'Give at least one bin' : undefined;
        } catch (error) {
          return (error as Error).message;
        }
      },
    }),
  );
  return { binIds: binIdsIn(text) };
}

/** The active tab's bin as the pick describes it: its problems, which a draft made from it would allow. */
function problemsOf(uri: vscode.Uri): string {
  const problems = vscode.languages.getDiagnostics(uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error).length;
  return problems > 0 ? `this tab, with ${plural(problems, 'problem')}: the draft would allow ${problems === 1 ? 'it' : 'them'}` : 'this tab';
}

function binIdsIn(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .filter((t) => t !== '')
    .map(parseBinReference);
}
