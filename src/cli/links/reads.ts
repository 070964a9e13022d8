/**
 * One read of each link's bin, and the file beside it: what `status` shows, what `check` learns
 * each bin's collection from (the read's metadata), and what `push` and `pull` compare with and
 * conflict-check against. Nothing reads a bin twice in one run: a push's or pull's own read
 * (`linkSync.ts`) is served this one (`readOnce`).
 */
import * as l10n from '@vscode/l10n';
import { BinServiceError } from '../../core/api';
import type { Session } from '../../core/session';
import type { BinStore } from '../../core/store/binStore';
import type { Entry } from '../../core/store/entry';
import type { Link } from '../../core/store/links/linkFile';
import { fileDigest } from '../../core/store/links/linkState';
import { readLinked, type Seen } from '../../core/store/links/linkSync';
import type { Output } from '../output';
import { readLinkedFile } from './linkedFiles';

/** `same` and `differs` compare JSON values (formatting does not count); `gone`: the service has no such bin. */
export type ReadState = 'same' | 'differs' | 'gone' | 'failed';

export interface LinkRead {
  link: Link;
  /** The file's text; undefined when it is missing. */
  text: string | undefined;
  state: ReadState;
  /** The bin as read; undefined when it could not be. */
  entry?: Entry;
  seen?: Seen;
  /** Why the bin could not be read, or why the file differs though it has no text. */
  reason?: string;
}

/** Reads this many bins at once: a long list goes faster, and the service sees no burst. */
const AT_ONCE = 4;

export async function readLinks(session: Session, folder: string, links: readonly Link[], out: Output): Promise<LinkRead[]> {
  const reads: LinkRead[] = new Array<LinkRead>(links.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    for (let i = next++; i < links.length; i = next++) {
      reads[i] = await readLink(session, folder, links[i]);
      out.progress(l10n.t('Read {0} of {1} linked bins', ++done, links.length));
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, links.length) }, worker));
  return reads;
}

async function readLink(session: Session, folder: string, link: Link): Promise<LinkRead> {
  const text = await readLinkedFile(folder, link);
  let entry: Entry;
  try {
    entry = await session.bins.fetch({ kind: 'bin', id: link.binId });
  } catch (error) {
    if (error instanceof BinServiceError && error.kind === 'notFound') {
      return { link, text, state: 'gone', reason: error.message };
    }
    return { link, text, state: 'failed', reason: (error as Error).message };
  }
  const seen = await readLinked(readOnce(entry), link.binId);
  if (text === undefined) {
    return { link, text, state: 'differs', entry, seen, reason: l10n.t('the file is missing') };
  }
  return { link, text, state: (await fileDigest(text)) === seen.remote ? 'same' : 'differs', entry, seen };
}

/** The store's `fetch`, answered with this run's read of the bin: no second request for it. */
export function readOnce(entry: Entry): Pick<BinStore, 'fetch'> {
  return { fetch: async () => entry };
}

/** A read as `--json` shows it. */
export function readDocument(read: LinkRead): Record<string, unknown> {
  return { file: read.link.file, binId: read.link.binId, state: read.state, ...(read.reason !== undefined ? { reason: read.reason } : {}) };
}
