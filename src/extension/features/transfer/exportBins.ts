/** Bins written to files: one bin to a file the user picks, or a whole collection into a folder. */
import * as vscode from 'vscode';
import { BINS_PER_PAGE, readAsShown, unfaithfulNumber, type BinSummary } from '../../../core/api';
import { parseUri } from '../../fs/uris';
import { Cancelled } from '../../commands/args';
import { exportFileNames, formatRecord } from './fileTransfer';
import { notice } from '../../ui/feedback';
import type { Parts } from '../parts';
import { confirmRequests, readsAfterListing } from '../requestWarning';
import type { LinksParts, TransferredFile } from '../links/linkRegistry';

const encoder = new TextEncoder();

export interface ExportOptions {
  /** Asks first when more bins than this would be read (the interactive forms pass the setting); absent: never asks. */
  warnAboveRequests?: number;
  /** Keeps each file (when in a workspace folder) linked to its bin (`.vscode/jsonbin-links.json`); no request. */
  link?: boolean;
}

/**
 * Writes a bin's record (or one of its versions), formatted, to `uri`. A tab showing that record
 * with no unsaved edits is written as it shows it, without a request; otherwise the record as
 * stored is read (1 request): unsaved editor text is never written.
 */
export async function saveBinAsFile(p: Pick<Parts, 'account' | 'connection'>, id: string, version: number | undefined, uri: vscode.Uri): Promise<vscode.Uri> {
  const text = (await shownRecord(p.account.id, id, version)) ?? `${(await readAsShown(p.connection.client.readBin(id, version))).text}\n`;
  await vscode.workspace.fs.writeFile(uri, encoder.encode(text));
  return uri;
}

/**
 * Several bins (selected rows) into `folder`, one file each, named as an export names them: each
 * as `saveBinAsFile` writes it (a clean tab's record unread, otherwise 1 read).
 */
export async function saveBinsToFolder(
  p: Pick<Parts, 'account' | 'connection' | 'prompts'>,
  bins: readonly { id: string; name?: string }[],
  folder: vscode.Uri,
): Promise<vscode.Uri[]> {
  const names = exportFileNames(bins);
  return p.prompts.progress(vscode.l10n.t('Saving {0} bins…', bins.length), async (progress, token) => {
    await vscode.workspace.fs.createDirectory(folder);
    const written: vscode.Uri[] = [];
    for (const [i, bin] of bins.entries()) {
      if (token.isCancellationRequested) {
        throw new Cancelled(vscode.l10n.t('Save cancelled: {0} of {1} bins written to {2}', written.length, bins.length, folder.fsPath));
      }
      written.push(await saveBinAsFile(p, bin.id, undefined, vscode.Uri.joinPath(folder, names[i])));
      progress.report({ message: vscode.l10n.t('{0} of {1} written', written.length, bins.length), increment: 100 / bins.length });
    }
    return written;
  });
}

/**
 * The record as a clean tab of the bin (or of that version) shows it, formatted (one JavaScript
 * cannot hold: as the tab shows it, as served); undefined when none does.
 */
async function shownRecord(account: string, id: string, version: number | undefined): Promise<string | undefined> {
  for (const document of vscode.workspace.textDocuments) {
    const shown = parseUri(document.uri, account);
    if (shown?.kind === 'bin' && shown.id === id && shown.version === version && !document.isDirty) {
      const text = document.getText();
      try {
        const value: unknown = JSON.parse(text);
        return (await unfaithfulNumber(text)) ? `${text.trimEnd()}\n` : formatRecord(value);
      } catch {
        // Not a record (a tab left showing an error): read it from the service.
      }
    }
  }
  return undefined;
}

/**
 * Writes every bin of a collection into `folder`, one file each (see `exportFileNames`): the
 * collection's listing (1 request per 10 bins) then each record (1 request per bin). Cancelling
 * stops before the next request and rejects, saying how many files were written. Above
 * `warnAboveRequests` reads the user is asked once the listing tells how many (it cannot be known before).
 */
export async function exportCollection(
  p: Pick<Parts, 'account' | 'connection' | 'prompts'> & LinksParts,
  collectionId: string,
  folder: vscode.Uri,
  options: ExportOptions = {},
): Promise<TransferredFile[]> {
  return p.prompts.progress(vscode.l10n.t('Exporting collection…'), async (progress, token) => {
    const stopIfCancelled = (written: number, total: number | undefined) => {
      if (token.isCancellationRequested) {
        const message = exportCancelled(written, total, folder.fsPath);
        void vscode.window.showInformationMessage(notice(message));
        throw new Cancelled(message);
      }
    };
    const bins: BinSummary[] = [];
    let pages = 0;
    for (let page: BinSummary[] | undefined; !page || page.length === BINS_PER_PAGE; pages++) {
      stopIfCancelled(0, undefined);
      page = await p.connection.client.listBins(collectionId, bins.at(-1)?.id);
      bins.push(...page);
      progress.report({ message: bins.length === 1 ? vscode.l10n.t('1 bin listed') : vscode.l10n.t('{0} bins listed', bins.length) });
    }
    await confirmRequests(
      p,
      options.warnAboveRequests,
      bins.length,
      () => vscode.l10n.t('Exporting {0} bins sends {0} requests. Send them?', bins.length),
      readsAfterListing(pages),
    );
    await vscode.workspace.fs.createDirectory(folder);
    const names = exportFileNames(bins);
    const written: TransferredFile[] = [];
    for (const [i, bin] of bins.entries()) {
      stopIfCancelled(written.length, bins.length);
      // As a tab shows it: a record JavaScript cannot hold, as served.
      const { text } = await readAsShown(p.connection.client.readBin(bin.id));
      const file = vscode.Uri.joinPath(folder, names[i]);
      await vscode.workspace.fs.writeFile(file, encoder.encode(`${text}\n`));
      written.push({ uri: file, binId: bin.id, text: `${text}\n`, name: bin.name });
      progress.report({ message: vscode.l10n.t('{0} of {1} written', written.length, bins.length), increment: 100 / bins.length });
    }
    if (options.link === true) {
      await p.links.linkTransferred(written, p.account);
    }
    return written;
  });
}

/** What a cancelled export wrote: `total` once the listing said how many bins there are. */
function exportCancelled(written: number, total: number | undefined, folder: string): string {
  if (total === undefined) {
    return written === 1
      ? vscode.l10n.t('Export cancelled: 1 bin written to {0}', folder)
      : vscode.l10n.t('Export cancelled: {0} bins written to {1}', written, folder);
  }
  return total === 1
    ? vscode.l10n.t('Export cancelled: {0} of 1 bin written to {1}', written, folder)
    : vscode.l10n.t('Export cancelled: {0} of {1} bins written to {2}', written, total, folder);
}
