/**
 * Linking files just written to or from bins (Upload as Bin, Save Bin as File, Export Collection)
 * is an offer, never a question that stops the work: as `jsonbin.links.offerAfterTransfer` says,
 * the transfer links them itself (`always`), or its result's notification offers it (`ask`).
 */
import * as vscode from 'vscode';
import { settings } from '../../config';
import { inform, reportError } from '../../ui/feedback';
import { sentences } from '../../ui/sentences';
import type { LinksParts, TransferredFile } from '../links/linkRegistry';
import type { Parts } from '../parts';

/** An action a result's notification offers besides its own: what it says, its button, and what it does. */
export interface Offered {
  says: string;
  label: string;
  run(): Promise<void>;
}

export function linkOffers(p: Pick<Parts, 'account'> & LinksParts) {
  /** How files just written are linked: by the transfer, offered after it, or not (only files of a workspace folder can be). */
  const linking = (uris: readonly vscode.Uri[]): 'always' | 'offer' | 'never' => {
    const setting = settings.offerLinks();
    return setting === 'never' || !p.links.canLink(uris) ? 'never' : setting === 'always' ? 'always' : 'offer';
  };

  /**
   * The offer to link files just written, unless the transfer linked them: what they and their bins
   * hold is taken now, so a later answer links them from there. Linking sends no request.
   */
  const linkOffer = async (files: readonly TransferredFile[], linked: boolean | undefined): Promise<Offered | undefined> => {
    if (linked === true || files.length === 0 || linking(files.map((f) => f.uri)) !== 'offer') {
      return undefined;
    }
    const held = await Promise.all(files.map(async (f) => ({ ...f, text: f.text ?? (await p.links.textOf(f.uri)) })));
    const one = files.length === 1;
    return {
      says: one
        ? vscode.l10n.t('Link the file to the bin? Push to Bin and Pull from Bin then keep them together; linking sends no request.')
        : vscode.l10n.t('Link the files to their bins? Push to Bin and Pull from Bin then keep them together; linking sends no request.'),
      label: one ? vscode.l10n.t('Link File to Bin') : vscode.l10n.t('Link Files to Bins'),
      run: async () => {
        try {
          const made = await p.links.linkTransferred(held, p.account);
          inform(
            made.length === 1
              ? vscode.l10n.t(
                  '{0} is linked to bin {1}: Push to Bin and Pull from Bin keep them together.',
                  vscode.workspace.asRelativePath(made[0].uri),
                  p.links.binOf(made[0]),
                )
              : vscode.l10n.t('{0} files are linked to their bins: Push to Bin and Pull from Bin keep them together.', made.length),
          );
        } catch (error) {
          reportError(error);
        }
      },
    };
  };

  return { linking, linkOffer };
}

/** What a result's notification says: what was done, then the offer. */
export function offering(done: string, offered: Offered | undefined): string {
  return offered ? sentences(done, offered.says) : done;
}
