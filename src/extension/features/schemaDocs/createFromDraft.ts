/**
 * A drafted schema doc's tab, created on the service as it now reads (the user may have edited
 * the draft): one POST through the write path, which refuses a schema Ajv cannot use. Create and
 * Attach checks the collection's stored bins against it first (as saving a schema doc does), then
 * attaches it: the bins' reads, one POST, one PUT.
 */
import * as vscode from 'vscode';
import { BinServiceError, MAX_SHORT_NAME, type SchemaDoc } from '../../../core/api';
import { Command } from '../../commands/idsAndContextKeys';
import { askRequiredName, confirm } from '../../ui/prompts';
import { register, required, type Handler } from '../commandForms';
import { schemaDocUri } from '../../fs/uris';
import { inform, withProgress } from '../../ui/feedback';
import { sentences } from '../../ui/sentences';
import type { Parts } from '../parts';
import { creatingSchemaDoc, schemaDocNamePrompt, setCollectionSchemaDoc, type AttachParts } from './schemaCommands';
import type { SchemaDraft } from '../drafts';

/** Why a second create of a draft asks first: the service lists no schema docs, so a refresh cannot show the first. */
function mayExist(): string {
  return vscode.l10n.t(
    'The last Create of this draft was sent, but its answer could not be read: the schema doc may exist already, and the service cannot list schema docs to tell.',
  );
}

export interface Created {
  id: string;
  uri: vscode.Uri;
}

export function createFromDraftCommands(p: AttachParts & Pick<Parts, 'account' | 'drafts' | 'prompts' | 'writes'>): Handler[] {
  /** The draft a tab shows; the palette's is the active tab. */
  const draftIn = (uri: vscode.Uri | undefined, attach: boolean): { document: vscode.TextDocument; draft: SchemaDraft } => {
    const draft = p.drafts.of(uri);
    const document = draft?.kind === 'schemaDoc' && vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri!.toString());
    if (draft?.kind !== 'schemaDoc' || !document) {
      throw new Error(vscode.l10n.t('Not a drafted schema doc: run "Draft Schema Doc from Records" first'));
    }
    // The palette acts on the active account, which may not be the one the draft was made for.
    if (draft.account !== p.account.id) {
      throw new Error(vscode.l10n.t('This draft was made for another JSONBin account: create it from its CodeLens, or switch to that account first'));
    }
    if (attach && !draft.collection) {
      throw new Error(vscode.l10n.t('This draft was not made from a collection: use "Create Schema Doc" and attach it to a collection'));
    }
    return { document, draft };
  };
  const ask = async (uri: vscode.Uri | undefined, attach: boolean): Promise<[vscode.Uri, { name: string; again?: boolean }]> => {
    const { document, draft } = draftIn(uri, attach);
    const again = draft.uncertain && !draft.created;
    if (again) {
      await confirm(
        p.prompts,
        vscode.l10n.t('Create the schema doc again?'),
        sentences(mayExist(), vscode.l10n.t('Creating it again may make a second one.')),
        vscode.l10n.t('Create Again'),
      );
    }
    return [document.uri, { name: await askRequiredName(p.prompts, schemaDocNamePrompt(), MAX_SHORT_NAME, draft.name), again }];
  };
  /** One POST; a create whose answer could not be read makes the next one ask first. */
  const createOnce = async (draft: SchemaDraft, again: boolean | undefined, create: () => Promise<SchemaDoc>): Promise<SchemaDoc> => {
    if (draft.uncertain && !again) {
      throw new Error(sentences(mayExist(), vscode.l10n.t('Pass { again: true } to create it anyway.')));
    }
    try {
      return await create();
    } catch (error) {
      draft.uncertain ||= error instanceof BinServiceError && error.kind === 'unknownOutcome';
      throw error;
    }
  };
  const create =
    (attach: boolean) =>
    async (uri: vscode.Uri, options: { name: string; again?: boolean }): Promise<Created> => {
      const command = attach ? Command.createAndAttachSchemaDocFromDraft : Command.createSchemaDocFromDraft;
      const { document, draft } = draftIn(required(uri, "a draft's Uri", command), attach);
      const name = required(options?.name, '{ name }', command);
      const collectionId = attach ? draft.collection!.id : undefined;
      const version = document.version;
      const doc =
        draft.created ??
        (await createOnce(draft, options.again, () =>
          withProgress(creatingSchemaDoc(), () => p.writes.createSchemaDoc(document.getText(), name, collectionId)),
        ));
      if (collectionId) {
        // Created but not attached, a retry attaches it rather than create a second one.
        draft.created = doc;
        await setCollectionSchemaDoc(p, collectionId, doc.metadata.id);
      }
      if (!(await p.drafts.done(document, version))) {
        inform(vscode.l10n.t('Created schema doc "{0}" from the draft as it was; the draft tab stays with what you typed since', doc.metadata.name));
      }
      return { id: doc.metadata.id, uri: schemaDocUri(doc.metadata.id, doc.metadata.name, p.account.id) };
    };
  const show = (created: Created) => vscode.window.showTextDocument(created.uri, { preview: false });
  const active = () => vscode.window.activeTextEditor?.document.uri;
  return [
    ...register(
      Command.createSchemaDocFromDraft,
      { run: create(false), ask: () => ask(active(), false), show },
      { tab: [Command.tabCreateSchemaDocFromDraft, (uri) => ask(uri, false)] },
    ),
    ...register(
      Command.createAndAttachSchemaDocFromDraft,
      { run: create(true), ask: () => ask(active(), true), show },
      { tab: [Command.tabCreateAndAttachSchemaDocFromDraft, (uri) => ask(uri, true)] },
    ),
  ];
}
