/**
 * The conflict check of a write (a save, a restore): the service has no etag, so its record is
 * read before writing and compared with what the document was read from. No `vscode` import.
 */
import { readAsShown, type BinClient, type RecordText } from '../api';
import type { Baselines } from './baselines';
import { digestOf, digestOfBytes } from './entry';
import type { ConflictResolver } from './ports';
import type { Resource } from './resource';

const decoder = new TextDecoder();
const encoder = new TextEncoder();

export interface ConflictCheck {
  resource: Resource;
  /** The document written from (a Uri, as a string), whose base decides. */
  doc: string;
  /** What the document was read from: a digest of the record as a tab shows it. */
  baseline: string | undefined;
  saving: RecordText;
  /** The service's record as a tab shows it, when the write read it anyway: nothing more is read. */
  current?: Uint8Array;
  resolve: ConflictResolver;
}

/**
 * `write` when the service holds what the document was based on; `stored` when it already holds
 * the record being written (a save whose answer was lost); otherwise `resolve` decides, and a
 * document with no known base is asked about too. The read goes through `client` (its scope's).
 */
export async function conflictVerdict(baselines: Baselines, client: BinClient, check: ConflictCheck): Promise<'write' | 'stored' | 'cancel'> {
  const bytes = check.current ?? (await currentRecord(client, check.resource));
  const digest = digestOfBytes(bytes);
  if (digest === digestOf(check.saving.value)) {
    return 'stored';
  }
  if (digest === check.baseline || baselines.accepts(check.doc, digest)) {
    return 'write';
  }
  return (await check.resolve(check.doc, decoder.decode(bytes))) === 'overwrite' ? 'write' : 'cancel';
}

/** The service's record as a tab shows it: one JavaScript cannot hold as served, as served. */
async function currentRecord(client: BinClient, resource: Resource): Promise<Uint8Array> {
  const read = resource.kind === 'schema' ? client.readSchemaDoc(resource.id) : client.readBin(resource.id);
  return encoder.encode((await readAsShown<{ record: unknown }>(read)).text);
}
