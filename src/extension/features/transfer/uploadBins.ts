/**
 * JSON files uploaded as bins. Every file is checked first (a `.json` name that can be a bin name,
 * UTF-8 JSON whose numbers are kept, not blank, within the plan's size, valid against the
 * collection's schema doc), then one create is sent per file that passed, with its text as
 * written: a refused file costs no request, and a batch costs one request per bin it creates.
 */
import * as vscode from 'vscode';
import { BinServiceError, MAX_BIN_NAME, nameProblem, type Collection } from '../../../core/api';
import type { CheckedBin, CreateBin } from '../../../core/store/checkedRecords';
import { Refused } from '../../../core/store/refused';
import { binUri } from '../../fs/uris';
import { plainText } from '../../../core/store/plainText';
import { notice } from '../../ui/feedback';
import { binNameOfFile, CANCELLED, isJsonFileName, uploadSummary } from './fileTransfer';
import { offering, type Offered } from './linkOffer';
import type { Parts } from '../parts';
import type { ViewParts } from '../tree/binsView';
import { confirmRequests } from '../requestWarning';

export interface UploadOptions {
  /** The collection the bins go into; null or absent: none. */
  collectionId?: string | null;
  /** Defaults to true. */
  private?: boolean;
  /** Asks first when more bins than this would be created (the interactive forms pass the setting); absent: never asks. */
  warnAboveRequests?: number;
  /** Keeps each file of a workspace folder linked to its new bin (`.vscode/jsonbin-links.json`). */
  link?: boolean;
}

export interface Uploaded {
  /** `uri` is the file, `binUri` the new bin's tab. */
  created: { uri: vscode.Uri; id: string; binUri: vscode.Uri }[];
  refused: { uri: vscode.Uri; reason: string }[];
  /** Sent, and answered in a way that does not say whether the bin was created: refresh before sending it again. */
  uncertain: { uri: vscode.Uri; reason: string }[];
}

interface Ready {
  uri: vscode.Uri;
  name?: string;
  checked: CheckedBin;
}

/** Errors of one file's content: the next file may still be created. Any other stops the batch. */
const FILE_ERRORS = new Set(['invalidInput', 'schemaMismatch', 'tooLarge']);

const utf8 = new TextDecoder('utf-8', { fatal: true });

export type UploadParts = Pick<Parts, 'account' | 'prompts' | 'schemaDocs' | 'writes'>;

/** The last segment of the file's path: a Uri's path is `/`-separated on every host. */
export function fileNameOf(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}

/** The bins created are told together when the upload ends: the view lists their collection once. */
export function uploadFiles(p: UploadParts, uris: readonly vscode.Uri[], options: UploadOptions = {}): Promise<Uploaded> {
  return p.writes.createAll((create) => createFromFiles(p, create, uris, options));
}

async function createFromFiles(p: UploadParts, create: CreateBin, uris: readonly vscode.Uri[], options: UploadOptions): Promise<Uploaded> {
  const collection = await targetCollection(p, options.collectionId ?? undefined);
  const title = uris.length === 1 ? vscode.l10n.t('Uploading 1 file as bins…') : vscode.l10n.t('Uploading {0} files as bins…', uris.length);
  return p.prompts.progress(title, async (progress, token) => {
    const step = 100 / (2 * uris.length);
    const refused: Uploaded['refused'] = [];
    const ready: Ready[] = [];
    for (const uri of uris) {
      const checked = token.isCancellationRequested ? CANCELLED : await checkFile(p, uri, { private: options.private ?? true, collectionId: collection?.id });
      if (typeof checked === 'string') {
        refused.push({ uri, reason: checked });
      } else {
        ready.push(checked);
      }
      progress.report({ message: vscode.l10n.t('checked {0}', fileNameOf(uri)), increment: step });
    }
    // One create per file that passed its checks; the checks sent nothing more than the collection's listing and schema doc, read once.
    await confirmRequests(
      p,
      options.warnAboveRequests,
      ready.length,
      () => vscode.l10n.t('Uploading {0} files as bins sends {0} requests. Send them?', ready.length),
      vscode.l10n.t('One request creates each bin.'),
    );
    const created: Uploaded['created'] = [];
    const uncertain: Uploaded['uncertain'] = [];
    let stopped: string | undefined;
    for (const file of ready) {
      if (stopped || token.isCancellationRequested) {
        refused.push({ uri: file.uri, reason: stopped ?? CANCELLED });
        continue;
      }
      try {
        const { id } = (await create(file.checked)).metadata;
        created.push({ uri: file.uri, id, binUri: binUri(id, file.name, undefined, p.account.id) });
      } catch (error) {
        if (!(error instanceof BinServiceError)) {
          throw error;
        }
        if (error.kind === 'unknownOutcome') {
          uncertain.push({ uri: file.uri, reason: error.message });
          stopped = vscode.l10n.t("Not sent: the service's answer to an earlier file could not be read; refresh to see whether it was stored");
          continue;
        }
        refused.push({ uri: file.uri, reason: error.message });
        if (!FILE_ERRORS.has(error.kind)) {
          stopped = vscode.l10n.t('Not sent: the service refused an earlier file ({0})', error.message);
        }
      }
      progress.report({ message: vscode.l10n.t('created {0} of {1}', created.length, ready.length), increment: step });
    }
    const order = new Map(uris.map((uri, i) => [uri, i]));
    refused.sort((a, b) => order.get(a.uri)! - order.get(b.uri)!);
    return { created, refused, uncertain };
  });
}

/**
 * The collection bins go into, known to exist before anything is sent (a wrong id would be refused
 * once per file); its schema doc is read here once, not per file.
 */
async function targetCollection(p: Pick<Parts, 'schemaDocs'>, id: string | undefined): Promise<Collection | undefined> {
  if (!id) {
    return undefined;
  }
  await p.schemaDocs.schemaFor(id);
  const collection = (await p.schemaDocs.listCollections()).find((c) => c.id === id);
  if (!collection) {
    throw new Error(vscode.l10n.t('There is no collection {0} in this account', id));
  }
  return collection;
}

/** The file ready to send, or why it is refused. */
async function checkFile(p: Pick<Parts, 'writes'>, uri: vscode.Uri, bin: { private: boolean; collectionId?: string }): Promise<Ready | string> {
  const fileName = fileNameOf(uri);
  if (!isJsonFileName(fileName)) {
    return vscode.l10n.t('Not a .json file');
  }
  const name = binNameOfFile(fileName);
  const badName = name === undefined ? undefined : nameProblem(name, MAX_BIN_NAME, vscode.l10n.t('Its name'));
  if (badName) {
    return badName;
  }
  let text: string;
  try {
    // A byte order mark is no part of the text: the decoder drops it.
    text = utf8.decode(await vscode.workspace.fs.readFile(uri));
  } catch (error) {
    return error instanceof TypeError ? vscode.l10n.t('Not UTF-8 text') : vscode.l10n.t('Cannot be read: {0}', (error as Error).message);
  }
  try {
    return { uri, name, checked: await p.writes.prepare(text, { ...bin, name }) };
  } catch (error) {
    if (error instanceof Refused) {
      return error.reason;
    }
    throw error;
  }
}

/**
 * The summary of an interactive upload, with a way to the bins created and to the files refused,
 * and `offered` (linking the files to their bins), in a notification: nothing waits on it.
 */
export async function showUploaded(
  p: Pick<Parts, 'schemaDocs' | 'prompts'> & ViewParts,
  uploaded: Uploaded,
  options: UploadOptions,
  offered?: Offered,
): Promise<void> {
  const { created, refused, uncertain } = uploaded;
  const collectionId = options.collectionId ?? undefined;
  const collection = collectionId ? (await p.schemaDocs.listCollections()).find((c) => c.id === collectionId) : undefined;
  const text = notice(
    plainText(
      offering(
        uploadSummary(
          created.length,
          collection?.name,
          refused.map((r) => ({ name: fileNameOf(r.uri), reason: r.reason })),
          uncertain.map((u) => fileNameOf(u.uri)),
        ),
        offered,
      ),
    ),
  );
  const [openBin, reveal, showRefused, refresh] = [
    vscode.l10n.t('Open Bin'),
    vscode.l10n.t('Reveal in View'),
    vscode.l10n.t('Show Refused Files'),
    vscode.l10n.t('Refresh'),
  ];
  const actions = [
    ...(offered ? [offered.label] : []),
    ...(created.length === 1 ? [openBin] : []),
    ...(created.length > 0 ? [reveal] : []),
    ...(refused.length > 0 ? [showRefused] : []),
    ...(uncertain.length > 0 ? [refresh] : []),
  ];
  void p.prompts.offer(text, actions, refused.length + uncertain.length > 0 ? 'warning' : 'information').then(async (choice) => {
    if (choice !== undefined && choice === offered?.label) {
      await offered.run();
    } else if (choice === openBin) {
      await vscode.window.showTextDocument(created[0].binUri, { preview: false });
    } else if (choice === reveal) {
      const first = created[0];
      const row = await p.tree.binRow(
        { id: first.id, name: binNameOfFile(fileNameOf(first.uri)), private: options.private ?? true, createdAt: '' },
        collectionId,
      );
      await p.treeView.reveal(row, { select: true, focus: true });
    } else if (choice === refresh) {
      p.tree.refresh();
    } else if (choice === showRefused) {
      const items = refused.map((r) => ({ label: fileNameOf(r.uri), detail: r.reason, uri: r.uri }));
      const picked = await vscode.window.showQuickPick(items, { placeHolder: vscode.l10n.t('Files not uploaded: pick one to open it') });
      if (picked) {
        await vscode.window.showTextDocument(picked.uri);
      }
    }
  });
}
