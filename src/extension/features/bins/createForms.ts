/**
 * What Create Bin's interactive forms ask. Into a collection with a schema doc, the record is
 * written in an untitled JSON tab, started from what the schema doc requires and checked against
 * it as it is typed, whose CodeLens creates the bin: such a record is too long for an input box.
 * Elsewhere a record is short to type (`{}` is valid there), and the input box takes it.
 */
import * as vscode from 'vscode';
import { MAX_BIN_NAME, nameProblem, RecordText, type Collection, type Json } from '../../../core/api';
import { Cancelled } from '../../commands/args';
import { askJson, askName, jsonProblem, pickBoolean, pickCollection } from '../../ui/prompts';
import { parseUri } from '../../fs/uris';
import { Refused } from '../../../core/store/refused';
import { reportProblems } from '../../ui/feedback';
import { startingRecord } from '../../../core/schema/startingRecord';
import type { Prompter } from '../../ui/prompter';
import type { Parts } from '../parts';

export type CreateFormParts = Pick<Parts, 'account' | 'drafts' | 'prompts' | 'schemaDocs' | 'writes'> & {
  /** The schema diagnostics: a record's draft is checked as it is typed. */
  diagnostics: { watchDraft(document: vscode.TextDocument, collectionId: string): void };
};

export interface CreateArgs {
  /** A value from a programmatic call; the interactive forms pass the JSON as the user wrote it. */
  record: Json | RecordText;
  name?: string;
  private?: boolean;
  collectionId?: string;
}

/** The form ends once the record's tab is open: the tab's CodeLens creates the bin. */
class WrittenInTab extends Cancelled {}

/**
 * Palette, view title and row forms: the collection first (a row gives it), so that the record
 * starts from what its schema doc accepts; the active editor's JSON (or its selection) is offered.
 */
export async function askCreate(p: CreateFormParts, collection: Collection | null | undefined): Promise<CreateArgs> {
  const ui = p.prompts;
  const fromEditor = await activeEditorJson(p);
  const target = collection === undefined ? await pickCollection(ui, await p.schemaDocs.listCollections(), true) : (collection ?? undefined);
  // A schema doc that cannot be read leaves the record to the user, in the input box.
  const schema = target?.schemaDocId ? await p.schemaDocs.schemaFor(target.id).catch(() => undefined) : undefined;
  const own = schema ? vscode.l10n.t('Write it in a new tab, from what schema doc "{0}" requires', schema.schemaDoc.name) : vscode.l10n.t('Type the JSON');
  if (fromEditor && (await pickBoolean(ui, vscode.l10n.t('Record'), vscode.l10n.t('Use the JSON of the active editor'), own))) {
    return { record: fromEditor, ...(await askNameAndPrivacy(ui, fromEditor)), collectionId: target?.id };
  }
  if (target && schema) {
    const document = await p.drafts.open(`${JSON.stringify(startingRecord(schema.schema), null, 2)}\n`, {
      kind: 'record',
      account: p.account.id,
      collection: { id: target.id, name: target.name },
    });
    p.diagnostics.watchDraft(document, target.id);
    throw new WrittenInTab();
  }
  const record = await askJson(ui, vscode.l10n.t('The record of the new bin (JSON)'));
  return { record, ...(await askNameAndPrivacy(ui, record)), collectionId: target?.id };
}

/**
 * A record draft's CodeLens: its text as it reads now, checked first (a refusal names its
 * problems, which the tab shows, and nothing is asked or sent), then the name and privacy.
 */
export async function askFromDraft(
  p: Pick<Parts, 'drafts' | 'prompts' | 'writes'>,
  uri: vscode.Uri,
): Promise<{ args: CreateArgs; document: vscode.TextDocument; version: number }> {
  const draft = p.drafts.of(uri);
  const document = draft?.kind === 'record' && vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (draft?.kind !== 'record' || !document) {
    throw new Error(vscode.l10n.t('Not a new bin\'s record: run "Create Bin" on a collection with a schema doc first'));
  }
  const version = document.version;
  let record: RecordText;
  try {
    ({ record } = await p.writes.prepare(document.getText(), { collectionId: draft.collection.id }));
  } catch (error) {
    if (!(error instanceof Refused && error.inText)) {
      throw error;
    }
    reportProblems(error.message);
    throw new Cancelled();
  }
  return { args: { record, ...(await askNameAndPrivacy(p.prompts, record)), collectionId: draft.collection.id }, document, version };
}

/** The name is offered from the record's own `title` (or `name`), as the user would type it. */
async function askNameAndPrivacy(ui: Prompter, record: RecordText): Promise<{ name?: string; private: boolean }> {
  const name = await askName(ui, vscode.l10n.t('Name of the bin (optional, 1 to 128 characters)'), undefined, true, nameIn(record.value));
  return { name, private: await pickBoolean(ui, vscode.l10n.t('Privacy'), vscode.l10n.t('Private'), vscode.l10n.t('Public')) };
}

/** The active editor's JSON (its selection, if any); never a schema doc's or a drafted one's, which are no records. */
async function activeEditorJson(p: Pick<Parts, 'drafts'>): Promise<RecordText | undefined> {
  const editor = vscode.window.activeTextEditor;
  if (!editor || parseUri(editor.document.uri)?.kind === 'schema' || (p.drafts.of(editor.document.uri)?.kind ?? 'record') !== 'record') {
    return undefined;
  }
  const text = editor.document.getText(editor.selection.isEmpty ? undefined : editor.selection);
  return text.trim() !== '' && (await jsonProblem(text)) === undefined ? RecordText.parse(text) : undefined;
}

/** A record's top-level `title` or `name`, when it is text a bin's name can be. */
function nameIn(record: Json): string | undefined {
  if (!record || typeof record !== 'object' || Array.isArray(record)) {
    return undefined;
  }
  return ['title', 'name']
    .map((key) => record[key])
    .find((value): value is string => typeof value === 'string' && nameProblem(value.trim(), MAX_BIN_NAME, '') === undefined)
    ?.trim();
}
