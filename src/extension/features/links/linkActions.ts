/**
 * What each link command does, with what it costs: a push reads the bin once and sends one PUT (none
 * when it holds the value already), a pull and a compare read it once, a status reads nothing.
 * Each read teaches the link's state (kept per user), whatever the command then does.
 */
import * as vscode from 'vscode';
import { BinServiceError } from '../../../core/api';
import type { AccountInfo } from '../../accounts/accountList';
import { Cancelled } from '../../commands/args';
import { confirm } from '../../ui/prompts';
import { openDocumentsOf } from '../binTarget';
import type { LinkedFile, LinkParts, LinksParts } from './linkRegistry';
import type { Parts } from '../parts';
import { stateOf, type LinkMemo, type LinkState } from '../../../core/store/links/linkState';
import { pullLinked, pushLinked, readLinked, type Seen } from '../../../core/store/links/linkSync';
import { Refused } from '../../../core/store/refused';
import { settings } from '../../config';

export type LinkActionParts = Pick<Parts, 'prompts' | 'snapshots'> & LinksParts;

export interface LinkStatus {
  file: vscode.Uri;
  binId: string;
  state: LinkState;
}

/** The parts of the account a link names. */
export async function partsOf(p: LinkActionParts, linked: LinkedFile): Promise<LinkParts> {
  return partsOfAccount(p, p.links.accountOf(linked.link));
}

async function partsOfAccount(p: LinkActionParts, account: AccountInfo): Promise<LinkParts> {
  const parts = await p.links.partsFor(account.id);
  if (!parts) {
    throw new Error(vscode.l10n.t('The JSONBin account {0} was removed: add it again to work with its bins', account.name));
  }
  return parts;
}

export async function statusOf(p: LinkActionParts, linked: LinkedFile): Promise<LinkStatus> {
  return { file: linked.uri, binId: linked.link.binId, state: await p.links.stateOf(linked) };
}

/** The service's side now known: the last record seen, and when; the bin's name, as the read said or as known before. */
function seenNow(seen: Seen, known: LinkMemo = {}) {
  return { remote: seen.remote, seenAt: Date.now(), record: seen.record, name: seen.name ?? known.name };
}

/** Runs a read of the link's bin; a bin gone or no longer readable is remembered as such. */
async function learning<T>(p: LinkActionParts, linked: LinkedFile, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    // The service's answer, not a record refused before any request (a schema problem is not a gone bin).
    const kind = error instanceof Refused ? error.serviceError?.kind : error instanceof BinServiceError ? error.kind : undefined;
    if (kind === 'notFound' || kind === 'notPermitted') {
      await p.links.remember(linked, { ...p.links.memo(linked), gone: (error as Error).message, seenAt: Date.now() });
    }
    throw error;
  }
}

/** Links the file to the bin, reading the bin once: what it holds is the link's starting point. */
export async function linkFile(p: LinkActionParts, uri: vscode.Uri, binId: string, account: AccountInfo, pushOnSave: boolean): Promise<LinkStatus> {
  const parts = await partsOfAccount(p, account);
  let seen: Seen;
  try {
    seen = await readLinked(parts.bins, binId);
  } catch (error) {
    throw error instanceof BinServiceError ? new Error(vscode.l10n.t('Not linked: {0}', error.message)) : error;
  }
  const linked = await p.links.link(uri, binId, account, pushOnSave);
  await p.links.remember(linked, { base: seen.remote, ...seenNow(seen) });
  return statusOf(p, linked);
}

export type PushOutcome = 'written' | 'stored' | 'changedSince';

/** Sends the file's text; `ask`: a bin changed since the last push or pull asks Compare, Overwrite or Cancel (else it is left as it is). */
export async function pushFile(p: LinkActionParts, linked: LinkedFile, ask: boolean): Promise<PushOutcome> {
  const parts = await partsOf(p, linked);
  const text = await p.links.textOf(linked.uri);
  if (text === undefined) {
    throw new Error(vscode.l10n.t('Not pushed: {0} cannot be read', linked.link.file));
  }
  const memo = p.links.memo(linked);
  const resolve = async (serviceText: string) => (ask ? p.links.resolveConflict(linked.uri.toString(), serviceText) : 'cancel');
  const docs = () => openDocumentsOf(parts.account.id, linked.link.binId).map((d) => d.uri.toString());
  p.links.problems.delete(linked.uri);
  let result;
  try {
    result = await learning(p, linked, () => pushLinked(parts, linked.link.binId, text, memo.base, resolve, docs));
  } catch (error) {
    if (error instanceof Refused && error.inText) {
      await showProblems(p, parts, linked, text);
    }
    throw error;
  }
  const pushed = result.outcome !== 'cancelled';
  await p.links.remember(linked, { ...(pushed ? { base: result.seen.remote } : { base: memo.base }), ...seenNow(result.seen, memo) });
  return pushed ? (result.outcome as PushOutcome) : 'changedSince';
}

/**
 * A push refused for what the text holds: its syntax and schema problems, at their nodes in the
 * file (no request: the schema doc was just read or known). Without a schema doc (the bin's
 * collection not known, or none), its syntax problems.
 */
async function showProblems(p: LinkActionParts, parts: LinkParts, linked: LinkedFile, text: string): Promise<void> {
  const checked = await parts.schemaDocs.check(parts.binCollections.of(linked.link.binId) ?? undefined, text, settings.maxProblems());
  const problems = checked ? [...checked.result.syntax, ...checked.result.schema] : await parts.schemaDocs.syntaxProblems(text);
  // Positions in the text pushed, without opening a document of the file (it would then stand for the file's text).
  const lineStarts = [0, ...[...text.matchAll(/\n/g)].map((m) => m.index + 1)];
  const positionAt = (offset: number) => {
    let line = lineStarts.length - 1;
    while (lineStarts[line] > offset) {
      line--;
    }
    return new vscode.Position(line, offset - lineStarts[line]);
  };
  p.links.problems.set(
    linked.uri,
    problems.map((problem) => {
      const range = new vscode.Range(positionAt(problem.offset), positionAt(problem.offset + problem.length));
      const diagnostic = new vscode.Diagnostic(range, problem.message, vscode.DiagnosticSeverity.Error);
      // The extension's name, never translated, as its other problems say where they come from.
      diagnostic.source = 'JSONBin';
      return diagnostic;
    }),
  );
}

/**
 * Reads the bin once and writes its record into the file, none when the file holds its value.
 * `ask`: unsaved or unpushed changes of the file are asked about first; otherwise a file with
 * unsaved changes is refused.
 */
export async function pullFile(p: LinkActionParts, linked: LinkedFile, ask: boolean): Promise<{ changed: boolean }> {
  const parts = await partsOf(p, linked);
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === linked.uri.toString());
  const state = await p.links.stateOf(linked);
  if (ask && (doc?.isDirty || state === 'changedHere' || state === 'changedBoth')) {
    await confirm(
      p.prompts,
      vscode.l10n.t('Replace {0} with the bin’s record?', linked.link.file),
      doc?.isDirty
        ? vscode.l10n.t('The file has unsaved changes: they will be lost.')
        : vscode.l10n.t('The file has changes not pushed to the bin: they will be lost.'),
      vscode.l10n.t('Pull'),
    );
  } else if (!ask && doc?.isDirty) {
    throw new Error(vscode.l10n.t('Not pulled: {0} has unsaved changes', linked.link.file));
  }
  const text = doc?.isDirty ? undefined : await p.links.textOf(linked.uri);
  const { seen, write } = await learning(p, linked, () => pullLinked(parts.bins, linked.link.binId, text));
  if (write !== undefined) {
    await writeFile(linked.uri, write);
  }
  await p.links.remember(linked, { base: seen.remote, ...seenNow(seen, p.links.memo(linked)) });
  return { changed: write !== undefined };
}

/** An open document is replaced and saved (its editor shows it at once); a closed file is written through `workspace.fs`. */
async function writeFile(uri: vscode.Uri, text: string): Promise<void> {
  const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (!doc) {
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
    return;
  }
  const edit = new vscode.WorkspaceEdit();
  edit.replace(uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
  if (!(await vscode.workspace.applyEdit(edit)) || !(await doc.save())) {
    throw new Error(vscode.l10n.t('Not pulled: {0} could not be written', uri.toString(true)));
  }
}

/** Reads the bin once and opens the diff of its record (left) and the file (right). */
export async function compareFile(p: LinkActionParts, linked: LinkedFile): Promise<void> {
  const parts = await partsOf(p, linked);
  const seen = await learning(p, linked, () => readLinked(parts.bins, linked.link.binId));
  await p.links.remember(linked, { ...p.links.memo(linked), ...seenNow(seen, p.links.memo(linked)), gone: undefined });
  const left = p.snapshots.add(linked.uri, seen.record);
  await vscode.commands.executeCommand('vscode.diff', left, linked.uri, vscode.l10n.t('{0}: Bin ↔ File', linked.link.file));
}

/** Reads each linked bin once, one after another; a bin that cannot be read is said gone. */
export async function checkLinks(p: LinkActionParts, all: LinkedFile[]): Promise<LinkStatus[]> {
  const statuses: LinkStatus[] = [];
  for (const linked of all) {
    try {
      const parts = await partsOf(p, linked);
      const seen = await learning(p, linked, () => readLinked(parts.bins, linked.link.binId));
      await p.links.remember(linked, { ...p.links.memo(linked), ...seenNow(seen, p.links.memo(linked)), gone: undefined });
    } catch (error) {
      if (error instanceof Cancelled) {
        throw error;
      }
      // Remembered as gone when it is; any other failure leaves what was known.
    }
    statuses.push(await statusOf(p, linked));
  }
  return statuses;
}

export { stateOf };
