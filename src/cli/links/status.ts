/** `jsonbin links status`: each linked file against its bin, one read per link. */
import * as l10n from '@vscode/l10n';
import type { CommandContext, Outcome } from '../command';
import { Exit } from '../exit';
import { linksOf } from './linkedFiles';
import { readDocument, readLinks, type LinkRead, type ReadState } from './reads';

export async function linksStatus(context: CommandContext): Promise<Outcome> {
  const links = await linksOf(context, context.positionals);
  const reads = await readLinks(context.session(), context.folder, links, context.out);
  const exit = reads.every((r) => r.state === 'same') ? Exit.ok : Exit.found;
  if (context.format === 'json') {
    return { exit, document: { links: reads.map(readDocument) } };
  }
  for (const read of reads) {
    context.out.line(statusLine(read));
  }
  context.out.note(summary(reads));
  return { exit };
}

export function stateWord(state: ReadState): string {
  switch (state) {
    case 'same':
      return l10n.t('same');
    case 'differs':
      return l10n.t('differs');
    case 'gone':
      return l10n.t('gone');
    case 'failed':
      return l10n.t('not read');
  }
}

function statusLine(read: LinkRead): string {
  const line = `${stateWord(read.state).padEnd(8)} ${read.link.file} → ${read.link.binId}`;
  return read.reason === undefined ? line : `${line} (${read.reason})`;
}

function summary(reads: readonly LinkRead[]): string {
  const count = (state: ReadState) => reads.filter((r) => r.state === state).length;
  const counts = [count('same'), count('differs'), count('gone'), count('failed')];
  return l10n.t('Linked files: {0}. Same: {1}, differ: {2}, gone: {3}, not read: {4}', reads.length, ...counts);
}
