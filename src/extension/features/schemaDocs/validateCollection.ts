/**
 * Validate Collection: the stored bins of a collection checked against its schema doc (or a schema
 * passed in), their problems shown in the Problems panel at their nodes though their tabs are
 * closed. Requests: the listing's pages and one read per bin, said before it starts when that is
 * over `jsonbin.warnAboveRequests`. Cancelling stops before the next request and keeps what was found.
 */
import * as vscode from 'vscode';
import type { Json } from '../../../core/api';
import { checkCollection, type CollectionCheck } from '../../../core/store/collectionCheck';
import { Command } from '../../commands/idsAndContextKeys';
import { pickCollection } from '../../ui/prompts';
import { register, required, type Handler } from '../commandForms';
import { cancelIfUndefined } from '../../commands/args';
import { settings } from '../../config';
import { binUri } from '../../fs/uris';
import { unsavedTextOf } from '../binTarget';
import type { Parts } from '../parts';
import type { SchemaDiagnostics } from './schemaDiagnostics';
import { confirmRequests, readsAfterListing } from '../requestWarning';
import type { CollectionNode, SchemaDocNode } from '../tree/nodes';
import { notice } from '../../ui/feedback';
import { sentences } from '../../ui/sentences';

type ValidateParts = Pick<Parts, 'account' | 'connection' | 'prompts' | 'schemaDocs'> & { diagnostics: SchemaDiagnostics };

export interface ValidateOptions {
  /** Checked against this schema instead of the collection's schema doc. */
  schema?: Json;
  /** Asks first when more requests than this would be sent (the interactive forms pass the setting); absent: never asks. */
  warnAboveRequests?: number;
}

/** What a programmatic call returns: problems by JSON pointer, and the bins that could not be read. */
export interface ValidateResult {
  checked: number;
  failing: { id: string; name?: string; problems: { path: string; message: string }[] }[];
  notRead: { id: string; reason: string }[];
  stopped: boolean;
}

export function validateCollectionCommands(p: ValidateParts): Handler[] {
  /** The failing bins each collection's last check in this window found: Fix Failing Bins changes them. */
  const failing = new Map<string, { name: string; ids: string[] }>();
  const interactive = (collectionId: string): [string, ValidateOptions] => [collectionId, { warnAboveRequests: settings.warnAboveRequests() }];
  return [
    ...register(
      Command.validateCollection,
      {
        run: async (collectionId: string, options: ValidateOptions = {}) => {
          const result = await validateCollection(p, required(collectionId, 'a collection id', Command.validateCollection), options);
          const name = (await p.schemaDocs.listCollections()).find((c) => c.id === collectionId)?.name ?? collectionId;
          failing.set(collectionId, { name, ids: result.failing.map((b) => b.id) });
          return result;
        },
        ask: async () => {
          const validated = (await p.schemaDocs.listCollections()).filter((c) => c.schemaDocId);
          if (validated.length === 0) {
            throw new Error(vscode.l10n.t('No collection has a schema doc: attach one first'));
          }
          return interactive((await pickCollection(p.prompts, validated, false))!.id);
        },
        // Shown after an interactive form, which listed the collections: naming one costs no request.
        show: (result, [collectionId]) => report(result, collectionId, failing.get(collectionId)?.name ?? collectionId),
      },
      { row: [Command.rowValidateCollection, async (node: CollectionNode | SchemaDocNode) => interactive(node.collection.id)] },
    ),
    ...register(Command.fixFailingBins, {
      // Opens Change Bins' tab for the failing bins (its command, which the commands' table holds).
      run: async (collectionId: string) => {
        const found = failing.get(required(collectionId, 'a collection id', Command.fixFailingBins));
        if (!found || found.ids.length === 0) {
          throw new Error(vscode.l10n.t('Validate Collection found no failing bin in {0} in this window: validate it first', found?.name ?? collectionId));
        }
        await vscode.commands.executeCommand(Command.changeBins, { binIds: found.ids, collectionId });
      },
      ask: async () => {
        const validated = [...failing].filter(([, f]) => f.ids.length > 0);
        if (validated.length === 0) {
          throw new Error(vscode.l10n.t('Validate Collection found no failing bin in this window: validate a collection first'));
        }
        const items = validated.map(([id, f]) => ({ label: f.name, description: failingCount(f.ids.length), id }));
        return [cancelIfUndefined(await p.prompts.pick(items, { placeHolder: vscode.l10n.t('Fix the failing bins of which collection?') })).id];
      },
    }),
  ];
}

export async function validateCollection(p: ValidateParts, collectionId: string, options: ValidateOptions): Promise<ValidateResult> {
  const check: CollectionCheck = await p.prompts.progress(vscode.l10n.t('Validating collection…'), (progress, token) =>
    checkCollection(p.connection.client, p.schemaDocs, collectionId, {
      schema: options.schema,
      unsavedText: (id) => unsavedTextOf(p.account.id, id),
      listed: (bins, pages) =>
        confirmRequests(
          p,
          options.warnAboveRequests,
          bins,
          () => vscode.l10n.t('Validating {0} bins sends {0} requests. Send them?', bins),
          readsAfterListing(pages),
        ),
      progress: (checked, total) => progress.report({ message: vscode.l10n.t('{0} of {1} checked', checked, total), increment: 100 / total }),
      stopped: () => token.isCancellationRequested,
      maxPlaced: settings.maxProblems(),
    }),
  );
  p.diagnostics.showFound(
    check.failing.map((bin) => ({ uri: binUri(bin.id, bin.name, undefined, p.account.id), text: bin.text, problems: bin.problems })),
    check.against,
  );
  return {
    checked: check.checked,
    failing: check.failing.map(({ id, name, problems }) => ({ id, name, problems: problems.map(({ path, message }) => ({ path, message })) })),
    notRead: check.notRead,
    stopped: check.stopped,
  };
}

function failingCount(count: number): string {
  return count === 1 ? vscode.l10n.t('1 failing bin') : vscode.l10n.t('{0} failing bins', count);
}

function report(result: ValidateResult, collectionId: string, collection: string): void {
  const checked = checkedOf(result.checked, collection, result.stopped, result.failing.length);
  const unread = result.notRead.length;
  const message = notice(
    unread === 0
      ? checked
      : sentences(checked, unread === 1 ? vscode.l10n.t('1 bin could not be read.') : vscode.l10n.t('{0} bins could not be read.', unread)),
  );
  if (result.failing.length === 0) {
    void vscode.window.showInformationMessage(message);
    return;
  }
  const problems = vscode.l10n.t('Show Problems');
  const fix = vscode.l10n.t('Fix Failing Bins...');
  void vscode.window
    .showWarningMessage(message, problems, fix)
    .then((choice) =>
      choice === fix
        ? vscode.commands.executeCommand(Command.fixFailingBins, collectionId)
        : choice && vscode.commands.executeCommand('workbench.actions.view.problems'),
    );
}

/** How many bins of the collection were checked, whether the user stopped it, and how many have problems. */
function checkedOf(checked: number, collection: string, stopped: boolean, failing: number): string {
  if (checked === 1) {
    return stopped
      ? vscode.l10n.t('1 bin of {0} checked (stopped): {1} with problems.', collection, failing)
      : vscode.l10n.t('1 bin of {0} checked: {1} with problems.', collection, failing);
  }
  return stopped
    ? vscode.l10n.t('{0} bins of {1} checked (stopped): {2} with problems.', checked, collection, failing)
    : vscode.l10n.t('{0} bins of {1} checked: {2} with problems.', checked, collection, failing);
}
