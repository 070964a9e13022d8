/**
 * Validate Against Schema Doc: chosen bins (a selection of rows, ids, the active tab's bin) checked against
 * their collections' schema docs, their problems shown in the Problems panel at their nodes as
 * Validate Collection shows them. Requests: one read per bin without unsaved edits in a tab, said
 * first when over `jsonbin.warnAboveRequests`; no listing (the rows or the caller name the bins).
 */
import * as vscode from 'vscode';
import type { Against } from '../../../core/schema/against';
import type { Problem } from '../../../core/schema/validator';
import { checkCollection } from '../../../core/store/collectionCheck';
import { Command } from '../../commands/idsAndContextKeys';
import { register, required, type Handler } from '../commandForms';
import { parseBinReference } from '../../commands/args';
import { settings } from '../../config';
import { binUri } from '../../fs/uris';
import { activeOrAskedBin, knownBinName, selectedRows, unsavedTextOf } from '../binTarget';
import type { Parts } from '../parts';
import type { SchemaDiagnostics } from './schemaDiagnostics';
import { confirmRequests } from '../requestWarning';
import type { BinNode } from '../tree/nodes';
import { notice } from '../../ui/feedback';
import { sentences } from '../../ui/sentences';
import type { ValidateOptions, ValidateResult } from './validateCollection';

type ValidateBinsParts = Pick<Parts, 'account' | 'binCollections' | 'bins' | 'remembered' | 'connection' | 'prompts' | 'schemaDocs'> & {
  diagnostics: SchemaDiagnostics;
};

/** Bins by id; with a collection id, all of that collection (else each bin's known collection). */
export interface ValidateBinsTargets {
  binIds: string[];
  collectionId?: string;
}

interface Target {
  id: string;
  name?: string;
  collectionId: string | null | undefined;
}

/** What the interactive forms pass: the rows chosen, with what they know of each bin; a caller names bins by id. */
type RunTargets = ValidateBinsTargets | { rows: Target[] };

export function validateBinsCommands(p: ValidateBinsParts): Handler[] {
  const interactive = (rows: Target[]): [RunTargets, ValidateOptions] => [{ rows }, { warnAboveRequests: settings.warnAboveRequests() }];
  return register(
    Command.validateBins,
    {
      run: (targets: RunTargets, options: ValidateOptions = {}) => validateBins(p, targetsOf(p, targets), options),
      ask: async () => interactive(targetsOf(p, { binIds: [(await activeOrAskedBin(p.prompts, p.account.id)).id] })),
      show: (result) => report(result),
    },
    {
      row: [
        Command.rowValidateBins,
        async (node: BinNode, selected) =>
          interactive(
            selectedRows(node, selected).map((row) => ({ id: row.id, name: row.bin.name, collectionId: row.collection?.id ?? p.binCollections.of(row.id) })),
          ),
      ],
    },
  );
}

function targetsOf(p: ValidateBinsParts, targets: RunTargets | undefined): Target[] {
  if (typeof targets === 'object' && targets !== null && 'rows' in targets) {
    return targets.rows;
  }
  const ids = required(targets?.binIds, '{ binIds }', Command.validateBins);
  return [...new Set(ids.map(parseBinReference))].map((id) => ({
    id,
    name: knownBinName(p, id),
    collectionId: targets?.collectionId ?? p.binCollections.of(id),
  }));
}

export async function validateBins(p: ValidateBinsParts, bins: Target[], options: ValidateOptions): Promise<ValidateResult> {
  const result: ValidateResult = { checked: 0, failing: [], notRead: [], stopped: false };
  const byCollection = new Map<string, Target[]>();
  for (const bin of bins) {
    const collectionId = bin.collectionId;
    if (typeof collectionId === 'string') {
      byCollection.set(collectionId, [...(byCollection.get(collectionId) ?? []), bin]);
    } else {
      result.notRead.push({ id: bin.id, reason: collectionId === null ? inNoCollection() : collectionNotKnown() });
    }
  }
  const unsavedText = (id: string) => unsavedTextOf(p.account.id, id);
  const grouped = [...byCollection.values()].flat();
  const reads = grouped.filter((bin) => unsavedText(bin.id) === undefined).length;
  await confirmRequests(
    p,
    options.warnAboveRequests,
    reads,
    () => vscode.l10n.t('Validating {0} bins sends {1} requests. Send them?', grouped.length, reads),
    vscode.l10n.t('One request reads each bin without unsaved edits in a tab.'),
  );
  const found: { uri: vscode.Uri; text: string; problems: Problem[]; against: Against }[] = [];
  await p.prompts.progress(vscode.l10n.t('Validating bins…'), async (progress, token) => {
    for (const [collectionId, group] of byCollection) {
      const before = result.checked;
      const check = await checkCollection(p.connection.client, p.schemaDocs, collectionId, {
        schema: options.schema,
        listing: { bins: group, pages: 0 },
        unsavedText,
        progress: (checked) =>
          progress.report({ message: vscode.l10n.t('{0} of {1} checked', before + checked, grouped.length), increment: 100 / grouped.length }),
        stopped: () => token.isCancellationRequested,
        maxPlaced: settings.maxProblems(),
      }).catch((error: Error) => {
        // A collection without a schema doc: its bins are said not validated, the others still are.
        result.notRead.push(...group.map((bin) => ({ id: bin.id, reason: error.message })));
        return undefined;
      });
      if (check) {
        result.checked += check.checked;
        result.notRead.push(...check.notRead);
        result.stopped ||= check.stopped;
        result.failing.push(
          ...check.failing.map(({ id, name, problems }) => ({ id, name, problems: problems.map(({ path, message }) => ({ path, message })) })),
        );
        found.push(
          ...check.failing.map((bin) => ({
            uri: binUri(bin.id, bin.name, undefined, p.account.id),
            text: bin.text,
            problems: bin.problems,
            against: check.against,
          })),
        );
      }
      if (result.stopped) {
        break;
      }
    }
  });
  p.diagnostics.showFound(found);
  return result;
}

function inNoCollection(): string {
  return vscode.l10n.t('Not validated: the bin is in no collection, so no schema doc applies');
}

function collectionNotKnown(): string {
  return vscode.l10n.t("Not validated: the bin's collection is not known (Choose Collection for Validation on its tab)");
}

function report(result: ValidateResult): void {
  const failing = result.failing.length;
  const checked =
    result.checked === 1
      ? vscode.l10n.t('1 bin checked: {0} with problems.', failing)
      : result.stopped
        ? vscode.l10n.t('{0} bins checked (stopped): {1} with problems.', result.checked, failing)
        : vscode.l10n.t('{0} bins checked: {1} with problems.', result.checked, failing);
  const [unread] = result.notRead;
  const count = result.notRead.length;
  const message = notice(
    unread
      ? sentences(
          checked,
          count === 1 ? vscode.l10n.t('1 bin not validated: {0}', unread.reason) : vscode.l10n.t('{0} bins not validated: {1}', count, unread.reason),
        )
      : checked,
  );
  if (failing === 0 && !unread) {
    void vscode.window.showInformationMessage(message);
    return;
  }
  const problems = vscode.l10n.t('Show Problems');
  void vscode.window
    .showWarningMessage(message, ...(failing > 0 ? [problems] : []))
    .then((choice) => choice === problems && vscode.commands.executeCommand('workbench.actions.view.problems'));
}
