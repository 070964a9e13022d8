/**
 * What the user is asked before a tool writes: what will be sent where (the account, the bin or
 * collection, what changes) and how many requests. Worked out from what is known, sending nothing.
 */
import * as vscode from 'vscode';
import { settings } from '../../config';
import { recordText } from '../../../core/tools/writeTools';
import { agentDoc } from '../../../core/tools/sessionReads';
import { textInput, type Input } from '../../../core/tools/input';
import type { ChatParts } from './chatParts';

/** What the user is asked before a tool writes. */
export type Confirm = (p: ChatParts, input: Input) => Promise<vscode.PreparedToolInvocation>;

/** Operations shown one by one in the confirmation; a longer patch is counted. */
const SHOWN_OPERATIONS = 10;
const SHOWN_VALUE = 120;
const encoder = new TextEncoder();

function sizeOf(input: Input): number | undefined {
  try {
    return encoder.encode(recordText(input)).byteLength;
  } catch {
    return undefined;
  }
}

function requestsLine(requests: number): string {
  return requests === 1
    ? vscode.l10n.t('Requests: {0} (a refused record sends nothing)', requests)
    : vscode.l10n.t('Requests: at most {0} (a refused record sends nothing)', requests);
}

/** The collection's name when the listing is known; its id otherwise. */
async function collectionName(p: Pick<ChatParts, 'schemaDocs'>, id: string): Promise<string> {
  const listed = p.schemaDocs.listed ? (await p.schemaDocs.listCollections()).find((c) => c.id === id) : undefined;
  return listed ? vscode.l10n.t('{0} ({1})', listed.name, id) : id;
}

/** Whether checking a record for this collection must first read its listing or schema doc. */
async function schemaReads(p: Pick<ChatParts, 'schemaDocs'>, collectionId: string | undefined): Promise<number> {
  if (!collectionId || !settings.validation()) {
    return 0;
  }
  if (!p.schemaDocs.listed) {
    return 2;
  }
  const schemaDocId = (await p.schemaDocs.listCollections()).find((c) => c.id === collectionId)?.schemaDocId;
  return schemaDocId && p.schemaDocs.nameOf(schemaDocId) === undefined ? 1 : 0;
}

function message(lines: string[], code?: string): vscode.MarkdownString {
  const text = new vscode.MarkdownString();
  for (const line of lines) {
    text.appendText(line);
    text.appendMarkdown('\n\n');
  }
  if (code !== undefined) {
    text.appendCodeblock(code, 'json');
  }
  return text;
}

export const confirmCreate: Confirm = async (p, input) => {
  const collectionId = textInput(input, 'collectionId');
  const name = textInput(input, 'name');
  const size = sizeOf(input);
  const lines = [
    vscode.l10n.t('Account: {0}', p.account.name),
    collectionId ? vscode.l10n.t('Collection: {0}', await collectionName(p, collectionId)) : vscode.l10n.t('In no collection'),
    ...(name ? [vscode.l10n.t('Name: {0}', name)] : []),
    input.private === false ? vscode.l10n.t('Public: anyone with its link can read it') : vscode.l10n.t('Private'),
    ...(size !== undefined ? [vscode.l10n.t('Record: {0} bytes', size)] : []),
    requestsLine(1 + (await schemaReads(p, collectionId))),
  ];
  return {
    invocationMessage: vscode.l10n.t('Creating a JSONBin bin'),
    confirmationMessages: { title: vscode.l10n.t('Create a bin in JSONBin?'), message: message(lines) },
  };
};

/** The top-level keys a new record adds, removes and changes, against the record known without a request. */
function keyChanges(before: unknown, after: unknown): string[] {
  const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isObject(before) || !isObject(after)) {
    return [];
  }
  const added = Object.keys(after).filter((k) => !(k in before));
  const removed = Object.keys(before).filter((k) => !(k in after));
  const changed = Object.keys(after).filter((k) => k in before && JSON.stringify(after[k]) !== JSON.stringify(before[k]));
  return [
    ...(added.length ? [vscode.l10n.t('Keys added: {0}', added.join(', '))] : []),
    ...(removed.length ? [vscode.l10n.t('Keys removed: {0}', removed.join(', '))] : []),
    ...(changed.length ? [vscode.l10n.t('Keys changed: {0}', changed.join(', '))] : []),
  ];
}

/** A patch's operations, one a line, long values cut: for the user's eyes, not sent. */
function shownPatch(patch: unknown[]): string {
  return patch
    .map((op) => {
      const line = JSON.stringify(op);
      return line.length > SHOWN_VALUE ? `${line.slice(0, SHOWN_VALUE)}…` : line;
    })
    .join('\n');
}

export const confirmUpdate: Confirm = async (p, input) => {
  const binId = textInput(input, 'binId') ?? '';
  const resource = { kind: 'bin', id: binId } as const;
  const known = p.bins.known(resource);
  const read = p.bins.baselines.of(agentDoc(binId)) !== undefined;
  const patch = Array.isArray(input.patch) ? (input.patch as unknown[]) : undefined;
  const bin = known?.name ? vscode.l10n.t('{0} ({1})', known.name, binId) : binId;
  const lines = [vscode.l10n.t('Account: {0}', p.account.name), vscode.l10n.t('Bin: {0}', bin)];
  if (patch) {
    lines.push(
      patch.length === 1
        ? vscode.l10n.t('Applies a JSON Patch of {0} operation to the current record', patch.length)
        : vscode.l10n.t('Applies a JSON Patch of {0} operations to the current record', patch.length),
    );
  } else {
    const size = sizeOf(input);
    lines.push(vscode.l10n.t('Replaces the record ({0} bytes)', size ?? 0));
    if (known?.bytes) {
      try {
        lines.push(...keyChanges(JSON.parse(new TextDecoder().decode(known.bytes)), JSON.parse(recordText(input))));
      } catch {
        // Not JSON: the write refuses it, and the confirmation says no more.
      }
    }
  }
  // A read first when the agent read nothing (the record a patch applies to, the conflict check's base), else the conflict check's read.
  const requests = 1 + (!read || settings.conflictCheck() ? 1 : 0) + (await schemaReads(p, p.binCollections.of(binId) ?? undefined));
  lines.push(requestsLine(requests));
  return {
    invocationMessage: vscode.l10n.t('Updating JSONBin bin {0}', bin),
    confirmationMessages: {
      title: vscode.l10n.t('Update a bin in JSONBin?'),
      message: message(lines, patch && patch.length <= SHOWN_OPERATIONS ? shownPatch(patch) : undefined),
    },
  };
};
