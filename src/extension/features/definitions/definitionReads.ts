/**
 * A definition as the collection's commands read it: a bin's record (what the store or an open tab
 * holds costs nothing, else one read, counted for the action's scope), a file's or tab's text, or
 * a text given; and the providers a call names.
 */
import * as vscode from 'vscode';
import type { Definition, Provider } from '../../../core/schema/definitions/api';
import { notADefinition, providersOf as namedProviders } from '../../../core/schema/definitions/calls';
import { definitionInText } from '../../../core/schema/definitions/inText';
import type { RequestScope } from '../../../core/api';
import { settings } from '../../config';
import { parseUri } from '../../fs/uris';
import { digestOfBytes } from '../../../core/store/entry';
import type { Parts } from '../parts';

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** What a command is pointed at: a bin id, a tab's or file's Uri, or a text. */
export type DefinitionTarget = string | vscode.Uri | { text: string };

/** A record's text, with what it is when it is a definition. */
export interface ReadRecord {
  text: string;
  /** The bin's name, when the record is a bin's. */
  name?: string;
  uri?: vscode.Uri;
}

/** The providers a call names, checked: any of `openai`, `anthropic`, `gemini`; none named: the user's setting. */
export function providersOf(given: unknown): Provider[] {
  return namedProviders(given, settings.definitionProviders());
}

/** A bin's latest record: the store's, else an open tab's text as read, else one read for `scope`. */
export async function readBin(p: Pick<Parts, 'account' | 'bins'>, binId: string, scope: RequestScope): Promise<ReadRecord> {
  const resource = { kind: 'bin', id: binId } as const;
  const known = p.bins.known(resource);
  if (known?.bytes) {
    return { text: decoder.decode(known.bytes), name: known.name };
  }
  const open = known && openClean(p.account.id, binId, known.textDigest);
  if (open !== undefined) {
    return { text: open, name: known?.name };
  }
  const entry = await p.bins.fetch(resource, scope);
  return { text: decoder.decode(entry.bytes), name: entry.name };
}

/** A tab of the bin showing exactly what the store last read or wrote of it. */
function openClean(account: string, binId: string, digest: string): string | undefined {
  for (const doc of vscode.workspace.textDocuments) {
    const shown = parseUri(doc.uri, account);
    if (shown?.kind === 'bin' && shown.id === binId && shown.version === undefined && !doc.isDirty) {
      const text = doc.getText();
      if (digestOfBytes(encoder.encode(text)) === digest) {
        return text;
      }
    }
  }
  return undefined;
}

/**
 * A target's text: a bin by id (see `readBin`); a Uri: its open document's text as it is (unsaved
 * edits included), else a bin's record through the store, else the file's; a text as given.
 */
export async function readTarget(p: Pick<Parts, 'account' | 'bins'>, target: DefinitionTarget, scope: RequestScope): Promise<ReadRecord> {
  if (typeof target === 'string') {
    return readBin(p, target.trim(), scope);
  }
  if (target instanceof vscode.Uri) {
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === target.toString());
    if (open) {
      return { text: open.getText(), uri: target };
    }
    const resource = parseUri(target, p.account.id);
    if (resource?.kind === 'bin' && resource.version === undefined) {
      return { ...(await readBin(p, resource.id, scope)), uri: target };
    }
    return { text: decoder.decode(await vscode.workspace.fs.readFile(target)), uri: target };
  }
  if (target && typeof target === 'object' && typeof target.text === 'string') {
    return { text: target.text };
  }
  throw new Error(vscode.l10n.t('The target must be a bin id, a Uri or {0}', '{ text }'));
}

/** A bin's definition, or a refusal saying the bin holds none. */
export async function definitionBin(p: Pick<Parts, 'account' | 'bins'>, binId: string, scope: RequestScope): Promise<Definition & { binName?: string }> {
  const read = await readBin(p, binId, scope);
  const definition = definitionInText(read.text);
  if (!definition) {
    throw new Error(notADefinition(read.name ?? binId));
  }
  return { ...definition, binName: read.name };
}
