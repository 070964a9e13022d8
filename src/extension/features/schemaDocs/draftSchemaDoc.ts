/**
 * Draft Schema Doc from Records: a JSON Schema inferred from one bin, several, or a collection's,
 * opened in an untitled tab whose CodeLens creates it (and, drafted from a collection, attaches it
 * there after checking the stored bins). Requests: one read per bin (none for a bin with unsaved
 * edits in a tab, whose text is used); a collection's listing pages too, said first when over
 * `jsonbin.warnAboveRequests`.
 */
import * as vscode from 'vscode';
import { MAX_SHORT_NAME, type Json } from '../../../core/api';
import { binSamples, collectionSamples, type SampleOptions, type Samples } from '../../../core/store/recordSamples';
import { Cancelled, cancelIfUndefined, parseBinReference } from '../../commands/args';
import { Command } from '../../commands/idsAndContextKeys';
import { needs, register, required, type Handler } from '../commandForms';
import { settings } from '../../config';
import { parseUri } from '../../fs/uris';
import { draftSchema } from '../../../core/schema/draft';
import { knownBinName, selectedBins, tabBin, unsavedTextOf } from '../binTarget';
import type { Parts } from '../parts';
import { confirmRequests, readsAfterListing } from '../requestWarning';
import { notice } from '../../ui/feedback';
import { sentences } from '../../ui/sentences';
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
          name: (named === undefined ? vscode.l10n.t('Drafted schema') : vscode.l10n.t('{0} schema', named)).slice(0, MAX_SHORT_NAME),
        });
        const used = draftedFrom(result.sampled.length, result.stopped, namesOf(p, result.sampled));
        const [unread] = result.notRead;
        const count = result.notRead.length;
        const message = notice(
          unread
            ? sentences(
                used,
                count === 1
                  ? vscode.l10n.t('1 bin could not be read: {0}', unread.reason)
                  : vscode.l10n.t('{0} bins could not be read: {1}', count, unread.reason),
              )
            : used,
        );
        void (unread || result.stopped ? vscode.window.showWarningMessage(message) : vscode.window.showInformationMessage(message));
      },
    },
    {
      row: [
        Command.rowDraftSchemaDoc,
        async (node: BinNode | CollectionNode, selected) =>
          interactive('bin' in node ? { binIds: selectedBins(node, selected).map((b) => b.id) } : { collectionId: node.collection.id }),
      ],
      tab: [Command.tabDraftSchemaDoc, async (uri) => interactive({ binIds: [tabBin(uri).id] })],
    },
  );
}

export async function draftSchemaDoc(p: DraftParts, from: DraftFrom, options: DraftOptions): Promise<DraftResult> {
  if (!from.collectionId && !from.binIds?.length) {
    throw new Error(needs(Command.draftSchemaDoc, '{ binIds } or { collectionId }'));
  }
  const unsavedText = (id: string) => unsavedTextOf(p.account.id, id);
  const samples: Samples = await p.prompts.progress(vscode.l10n.t('Drafting schema doc…'), async (progress, token) => {
    const sampling: SampleOptions = {
      unsavedText,
      progress: (read, total) => progress.report({ message: vscode.l10n.t('{0} of {1} read', read, total), increment: 100 / total }),
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
            () => vscode.l10n.t('Drafting from {0} bins sends {0} requests. Send them?', bins),
            readsAfterListing(pages),
          ),
      });
    }
    const ids = [...new Set(from.binIds)];
    const reads = ids.filter((id) => unsavedText(id) === undefined).length;
    await confirmRequests(
      p,
      options.warnAboveRequests,
      reads,
      () => vscode.l10n.t('Drafting from {0} bins sends {1} requests. Send them?', ids.length, reads),
      vscode.l10n.t('One request reads each bin without unsaved edits in a tab.'),
    );
    return binSamples(p.connection.client, ids, sampling);
  });
  if (samples.records.length === 0) {
    if (samples.stopped && samples.notRead.length === 0) {
      // Cancelled before any record was read: nothing to say.
      throw new Cancelled();
    }
    const [unread] = samples.notRead;
    throw new Error(
      unread
        ? vscode.l10n.t('No schema doc drafted: no record was read: {0}', unread.reason)
        : from.collectionId
          ? vscode.l10n.t('No schema doc drafted: no record was read: the collection has no bins')
          : vscode.l10n.t('No schema doc drafted: no record was read'),
    );
  }
  const schema = await draftSchema(samples.records, p.schemaDocs.dialectInUse());
  return { schema, sampled: samples.sampled, notRead: samples.notRead, stopped: samples.stopped };
}

/** What a draft was made from: how many records, whether the user stopped it, and their bins' names. */
function draftedFrom(records: number, stopped: boolean, names: string): string {
  if (records === 1) {
    return stopped ? vscode.l10n.t('drafted from 1 record (stopped): {0}.', names) : vscode.l10n.t('drafted from 1 record: {0}.', names);
  }
  return stopped ? vscode.l10n.t('drafted from {0} records (stopped): {1}.', records, names) : vscode.l10n.t('drafted from {0} records: {1}.', records, names);
}

/** The bins a draft was made from, by name where known, the first few. */
function namesOf(p: Pick<Parts, 'bins' | 'remembered'>, ids: string[]): string {
  const named = ids
    .slice(0, NAMED_RECORDS)
    .map((id) => knownBinName(p, id) ?? id)
    .join(', ');
  return ids.length > NAMED_RECORDS ? vscode.l10n.t('{0} and {1} more', named, ids.length - NAMED_RECORDS) : named;
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
  const byId = { label: vscode.l10n.t('$(list-flat) Bins by id or link…') };
  const collections = (await p.schemaDocs.listCollections()).map((c) => ({
    label: `$(folder) ${c.name}`,
    description: vscode.l10n.t('its bins'),
    collectionId: c.id,
  }));
  const items: { label: string; description?: string; binId?: string; collectionId?: string }[] = [...tab, ...collections, byId];
  const picked = cancelIfUndefined(await p.prompts.pick(items, { placeHolder: vscode.l10n.t('Draft a schema doc from the records of'), ignoreFocusOut: true }));
  if (picked.binId) {
    return { binIds: [picked.binId] };
  }
  if (picked.collectionId) {
    return { collectionId: picked.collectionId };
  }
  const text = cancelIfUndefined(
    await p.prompts.input({
      prompt: vscode.l10n.t('Bin ids or dashboard links, separated by spaces or commas'),
      ignoreFocusOut: true,
      validateInput: (t) => {
        try {
          return binIdsIn(t).length === 0 ? vscode.l10n.t('Give at least one bin') : undefined;
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
  if (problems === 0) {
    return vscode.l10n.t('this tab');
  }
  return problems === 1
    ? vscode.l10n.t('this tab, with 1 problem: the draft would allow it')
    : vscode.l10n.t('this tab, with {0} problems: the draft would allow them', problems);
}

function binIdsIn(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .filter((t) => t !== '')
    .map(parseBinReference);
}
