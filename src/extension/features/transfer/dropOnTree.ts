/**
 * What a drop on the JSONBin view does. Files become bins of the row's collection (the "Bins in no
 * collection" row: of none), with the checks and summary of Upload as Bin. Bin rows dropped on
 * another collection are never moved: the user is asked whether to create a copy there.
 */
import * as vscode from 'vscode';
import type { Collection } from '../../../core/api';
import { settings } from '../../config';
import { CollectionNode, UncategorizedNode, type BinNode, type Node } from '../tree/nodes';
import { inform, reportError } from '../../ui/feedback';
import { Cancelled } from '../../commands/args';
import { parseUriList } from './fileTransfer';
import type { Parts } from '../parts';
import type { ViewParts } from '../tree/binsView';
import { confirm, pickCollection } from '../../ui/prompts';
import { showUploaded, uploadFiles } from './uploadBins';

export type DropParts = Pick<Parts, 'account' | 'connection' | 'prompts' | 'schemaDocs' | 'writes'> & ViewParts;

/** `rows`: the bin rows dragged, if any; `uriList`: the files dropped, as a `text/uri-list`. */
export async function dropOnTree(p: DropParts, target: Node | undefined, rows: unknown, uriList: string | undefined): Promise<void> {
  try {
    // VS Code marks a drag of rows with an empty value until the rows themselves are added.
    const bins = Array.isArray(rows) ? (rows as BinNode[]) : [];
    const files = bins.length > 0 ? [] : parseUriList(uriList ?? '').map((u) => vscode.Uri.parse(u));
    if (bins.length === 0 && files.length === 0) {
      return;
    }
    if (bins.some((b) => b.account !== p.account.id)) {
      throw new Error(vscode.l10n.t('Bins are copied by a drag within one account: open the bin and save it as a file, then upload it to the other account'));
    }
    const collection = await collectionAt(p, target);
    if (bins.length > 0) {
      await copyBins(p, bins, collection);
    } else {
      const options = { collectionId: collection?.id ?? null, warnAboveRequests: settings.warnAboveRequests() };
      await showUploaded(p, await uploadFiles(p, files, options), options);
    }
  } catch (error) {
    if (!(error instanceof Cancelled)) {
      reportError(error);
    }
  }
}

/** The collection of the row dropped on (null: the bins in no collection); asked when the row does not say. */
async function collectionAt(p: Pick<Parts, 'prompts' | 'schemaDocs'>, target: Node | undefined): Promise<Collection | null> {
  for (let node = target; node; node = node.parent) {
    if (node instanceof CollectionNode) {
      return node.collection;
    }
    if (node instanceof UncategorizedNode) {
      return null;
    }
  }
  return (await pickCollection(p.prompts, await p.schemaDocs.listCollections(), true)) ?? null;
}

/**
 * After a modal yes, each bin not already shown in the target is read (1 request), checked
 * against the target's schema doc, and created there (1 request) with its name and privacy.
 */
async function copyBins(p: Pick<Parts, 'connection' | 'prompts' | 'writes'>, rows: BinNode[], target: Collection | null): Promise<void> {
  const bins = rows.filter((row) => (row.collection?.id ?? null) !== (target?.id ?? null));
  if (bins.length === 0) {
    return;
  }
  await confirm(
    p.prompts,
    createCopy(bins, target),
    vscode.l10n.t('Nothing is moved: the bin stays where it is, and a new bin with the same record, name and privacy is created there.'),
    vscode.l10n.t('Create Copy'),
  );
  // The copies made before a refusal show too.
  await p.writes.createAll(async (create) => {
    for (const [i, row] of bins.entries()) {
      const doing =
        i === 0
          ? vscode.l10n.t('Bin {0} not copied', row.label)
          : i === 1
            ? vscode.l10n.t('Bin {0} not copied (1 copied before it)', row.label)
            : vscode.l10n.t('Bin {0} not copied ({1} copied before it)', row.label, i);
      // A key that may not create bins reads nothing either.
      p.writes.checks.permitted('createBin', doing);
      const { record, metadata } = await p.connection.client.readBin(row.id);
      const name = metadata.name ?? row.bin.name;
      const checked = await p.writes.prepare(record, { name, private: metadata.private, collectionId: target?.id }, doing);
      await create(checked);
    }
  });
  inform(createdCopy(bins, target));
}

/** Whether to copy the bins there. */
function createCopy(bins: BinNode[], target: Collection | null): string {
  if (bins.length === 1) {
    return target
      ? vscode.l10n.t('Create a copy of bin {0} in collection "{1}"?', bins[0].label, target.name)
      : vscode.l10n.t('Create a copy of bin {0} in no collection?', bins[0].label);
  }
  return target
    ? vscode.l10n.t('Create a copy of {0} bins in collection "{1}"?', bins.length, target.name)
    : vscode.l10n.t('Create a copy of {0} bins in no collection?', bins.length);
}

/** The bins were copied there. */
function createdCopy(bins: BinNode[], target: Collection | null): string {
  if (bins.length === 1) {
    return target
      ? vscode.l10n.t('Created a copy of bin {0} in collection "{1}".', bins[0].label, target.name)
      : vscode.l10n.t('Created a copy of bin {0} in no collection.', bins[0].label);
  }
  return target
    ? vscode.l10n.t('Created a copy of {0} bins in collection "{1}".', bins.length, target.name)
    : vscode.l10n.t('Created a copy of {0} bins in no collection.', bins.length);
}
