/**
 * Records as the tools read them: through the account's store, so that what it holds (a read of
 * this session, an open tab's record) costs no request, and a bin the agent read is what its
 * update is checked against (a baseline of its own in the store, as a tab has).
 */
import { digestOfBytes, type Entry } from '../store/entry';
import type { Resource } from '../store/resource';
import type { CallParts } from './ports';

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** The baseline the agent's writes of a bin are checked against: a document of its own, never a tab's. */
export function agentDoc(binId: string): string {
  return `jsonbin-chat:${binId}`;
}

/** A resource's record text: what the store holds, else an open tab's text of it unchanged, else one read. */
export async function readText(p: Pick<CallParts, 'bins' | 'editor' | 'scope'>, resource: Resource): Promise<{ text: string; entry: Entry }> {
  const known = p.bins.known(resource);
  if (known?.bytes) {
    return { text: decoder.decode(known.bytes), entry: known };
  }
  const open = known && openText(p, resource, known);
  if (known && open !== undefined) {
    return { text: open, entry: known };
  }
  const entry = await p.bins.fetch(resource, p.scope);
  return { text: decoder.decode(entry.bytes), entry };
}

/** The text of a tab showing `resource` exactly as the store last read or wrote it (not an edited one). */
function openText(p: Pick<CallParts, 'editor'>, resource: Resource, entry: Entry): string | undefined {
  return p.editor?.openTexts?.(resource).find((text) => digestOfBytes(encoder.encode(text)) === entry.textDigest);
}

/** A bin's latest record as the agent sees it: read (or known), and from now on what its update is checked against. */
export async function readLatest(p: Pick<CallParts, 'bins' | 'editor' | 'scope'>, binId: string): Promise<{ text: string; entry: Entry }> {
  const read = await readText(p, { kind: 'bin', id: binId });
  p.bins.baselines.set(agentDoc(binId), read.entry.digest);
  return read;
}
