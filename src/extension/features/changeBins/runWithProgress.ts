/**
 * Change Bins' runs, as the user and a programmatic caller see them: the bins listed (a
 * collection's) and the costs said first, the preview with a progress that Cancel stops between
 * requests, the multi-file diff and the Problems panel, the apply, and the result in the
 * documented shape.
 */
import * as vscode from 'vscode';
import { recordText, type RequestScope } from '../../../core/api';
import { binUri } from '../../fs/uris';
import { listCollection } from '../../../core/store/collectionCheck';
import { applyChange, previewChange, type ApplyResult, type ChangePreview, type ChangeRunParts, type ChangeTarget } from '../../../core/store/manyBinsChange';
import type { RecordChange } from '../../../core/store/recordPatch';
import type { Against } from '../../../core/schema/against';
import type { Problem } from '../../../core/schema/validator';
import { settings } from '../../config';
import { openDocumentsOf } from '../binTarget';
import type { ChangeTargets } from '../drafts';
import type { Parts } from '../parts';
import { confirmRequests, readsAfterListing } from '../requestWarning';

/** Where Validate Collection's problems show: the change's invalid bins show there too, at their nodes. */
export interface FoundProblems {
  showFound(failing: { uri: vscode.Uri; text: string; problems: Problem[] }[], against?: Against): void;
}

export type ChangeParts = Pick<Parts, 'account' | 'connection' | 'writes' | 'schemaDocs' | 'binCollections' | 'prompts' | 'snapshots'> & {
  diagnostics: FoundProblems;
};

/** What `jsonbin.changeBins` resolves with. */
export interface ChangeBinsResult {
  changed: { id: string; name?: string }[];
  unchanged: string[];
  notApplicable: { id: string; reason: string }[];
  invalid: { id: string; problems: { path: string; message: string }[] }[];
  skipped: { id: string; reason: string }[];
  failed: { id: string; reason: string }[];
  /** What this call sent, as counted by the transport (`RequestScope`). */
  requests: number;
}

/**
 * The bins of `targets`, after the listing of a collection and the question about the reads (above
 * `warnAbove`). Each step below counts what it sends for `scope`: the call's.
 */
export async function binsOf(p: ChangeParts, targets: ChangeTargets, warnAbove: number | undefined, scope: RequestScope): Promise<ChangeTarget[]> {
  if ('bins' in targets) {
    targets.bins.forEach((b) => b.collectionId && p.binCollections.learn(b.id, b.collectionId));
    const reads = targets.bins.filter((b) => !isUnsaved(p, b.id)).length;
    await confirmRequests(
      p,
      warnAbove,
      reads,
      () => vscode.l10n.t('Previewing the change of {0} bins sends {1} requests. Send them?', targets.bins.length, reads),
      vscode.l10n.t('One request reads each bin without unsaved edits in a tab; nothing is changed until Apply.'),
    );
    return targets.bins;
  }
  const listing = await listCollection(p.connection.client.within(scope), targets.collection.id, () => false);
  const bins = listing?.bins ?? [];
  const pages = listing?.pages ?? 0;
  // Listed from the collection: each bin's schema doc is known without its read's metadata (a minimal service omits it).
  bins.forEach((b) => p.binCollections.learn(b.id, targets.collection.id));
  await confirmRequests(
    p,
    warnAbove,
    bins.length,
    () => vscode.l10n.t('Previewing the change of {0} bins sends {0} requests. Send them?', bins.length),
    readsAfterListing(pages),
  );
  return bins.map(({ id, name }) => ({ id, name }));
}

function runParts(p: ChangeParts, scope: RequestScope, token: vscode.CancellationToken, report: (done: number, total: number) => void): ChangeRunParts {
  return {
    client: p.connection.client.within(scope),
    scope,
    writes: p.writes,
    schemaDocs: p.schemaDocs,
    binCollections: p.binCollections,
    unsaved: (id) => isUnsaved(p, id),
    stopped: () => token.isCancellationRequested,
    progress: report,
    maxPlaced: settings.maxProblems(),
  };
}

function isUnsaved(p: Pick<Parts, 'account'>, id: string): boolean {
  return openDocumentsOf(p.account.id, id).some((d) => d.isDirty);
}

/** One read per bin, with a progress that counts them and whose Cancel stops before the next read. */
export async function runPreview(p: ChangeParts, bins: ChangeTarget[], change: RecordChange, scope: RequestScope): Promise<ChangePreview> {
  return await p.prompts.progress(vscode.l10n.t('Previewing the change…'), (progress, token) =>
    previewChange(
      runParts(p, scope, token, (done, total) => progress.report({ message: vscode.l10n.t('{0} of {1} read', done, total), increment: 100 / total })),
      bins,
      change,
    ),
  );
}

/**
 * One PUT per changed valid bin, after the question about them (above `warnAbove`); `reread`: a
 * read first for each, against the record the preview read (the conflict check, when it is on).
 */
export async function runApply(
  p: ChangeParts,
  preview: ChangePreview,
  reread: boolean,
  warnAbove: number | undefined,
  scope: RequestScope,
): Promise<ApplyResult> {
  const count = preview.changed.length;
  const rereads = reread && settings.conflictCheck();
  await confirmRequests(
    p,
    warnAbove,
    rereads ? 2 * count : count,
    () => vscode.l10n.t('Changing {0} bins sends {1} requests. Send them?', count, rereads ? 2 * count : count),
    rereads
      ? vscode.l10n.t('Each bin is read again, to skip one changed since the preview, and then updated with one request.')
      : vscode.l10n.t('One request updates each bin.'),
  );
  if (count === 0) {
    return { changed: [], skipped: [], failed: [] };
  }
  return await p.prompts.progress(vscode.l10n.t('Changing {0} bins…', count), (progress, token) =>
    applyChange(
      runParts(p, scope, token, (done, total) => progress.report({ message: vscode.l10n.t('{0} of {1} sent', done, total), increment: 100 / total })),
      preview,
      reread,
      (id) =>
        openDocumentsOf(p.account.id, id)
          .filter((d) => !d.isDirty)
          .map((d) => d.uri.toString()),
    ),
  );
}

/**
 * The diff of every bin that changes, side by side, and the problems of those the change would
 * make invalid. Resolves with the diff's modified sides, by which its tab is known.
 */
export async function showPreview(p: ChangeParts, preview: ChangePreview): Promise<string[]> {
  if (preview.invalid.length > 0) {
    p.diagnostics.showFound(
      preview.invalid.map((b) => ({ uri: binUri(b.id, b.name, undefined, p.account.id), text: b.text, problems: b.problems })),
      preview.invalid.find((b) => b.against)?.against,
    );
  }
  if (preview.changed.length === 0) {
    return [];
  }
  const diffs = preview.changed.map((b) => {
    const uri = binUri(b.id, b.name, undefined, p.account.id);
    return [uri, p.snapshots.add(uri, recordText(b.before)), p.snapshots.add(uri, recordText(b.after))];
  });
  const title =
    preview.changed.length === 1 ? vscode.l10n.t('Change Bins: 1 bin changes') : vscode.l10n.t('Change Bins: {0} bins change', preview.changed.length);
  await vscode.commands.executeCommand('vscode.changes', title, diffs);
  return diffs.map(([, , after]) => after.toString());
}

/** The documented result of a preview, and of its apply when there was one; `scope`: the call's. */
export function resultOf(scope: RequestScope, preview: ChangePreview, applied?: ApplyResult): ChangeBinsResult {
  return {
    changed: applied ? applied.changed : preview.changed.map(({ id, name }) => ({ id, name })),
    unchanged: preview.unchanged,
    notApplicable: preview.notApplicable.map(({ id, reason }) => ({ id, reason })),
    invalid: preview.invalid.map((b) => ({
      id: b.id,
      problems: b.problems.length > 0 ? b.problems.map(({ path, message }) => ({ path, message })) : [{ path: '', message: b.reason }],
    })),
    skipped: [...preview.skipped, ...(applied?.skipped ?? [])],
    failed: [...preview.failed, ...(applied?.failed ?? [])],
    requests: scope.sent,
  };
}
