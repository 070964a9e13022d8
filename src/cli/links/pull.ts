/**
 * `jsonbin links pull`: each differing linked file written with its bin's record, as the
 * extension's Pull writes it (`pullLinked`: the record as the store serializes it, a record
 * JavaScript cannot hold as the service sent it). One read per link, shared with the comparison.
 */
import * as l10n from '@vscode/l10n';
import { pullLinked } from '../../core/store/links/linkSync';
import type { CommandContext, Outcome } from '../command';
import { Exit } from '../exit';
import { linksOf, writeLinkedFile } from './linkedFiles';
import { readLinks, readOnce } from './reads';

type PullOutcome = 'unchanged' | 'pulled' | 'notPulled';

export async function linksPull(context: CommandContext): Promise<Outcome> {
  const reads = await readLinks(context.session(), context.folder, await linksOf(context, context.positionals), context.out);
  const results: { file: string; binId: string; outcome: PullOutcome; reason?: string }[] = [];
  for (const read of reads) {
    const { file, binId } = read.link;
    if (!read.entry) {
      results.push({ file, binId, outcome: 'notPulled', reason: read.reason });
      continue;
    }
    const { write } = await pullLinked(readOnce(read.entry), binId, read.text);
    if (write !== undefined) {
      await writeLinkedFile(context.folder, read.link, write);
    }
    results.push({ file, binId, outcome: write === undefined ? 'unchanged' : 'pulled' });
  }
  const exit = results.some((r) => r.outcome === 'notPulled') ? Exit.found : Exit.ok;
  if (context.format === 'json') {
    return { exit, document: { links: results } };
  }
  for (const r of results.filter((r) => r.outcome !== 'unchanged')) {
    context.out.line(
      r.outcome === 'pulled' ? l10n.t('pulled      {0} ← {1}', r.file, r.binId) : l10n.t('not pulled  {0} ← {1}: {2}', r.file, r.binId, r.reason ?? ''),
    );
  }
  const count = (outcome: PullOutcome) => results.filter((r) => r.outcome === outcome).length;
  context.out.note(l10n.t('Pulled: {0}, unchanged: {1}, not pulled: {2}', count('pulled'), count('unchanged'), count('notPulled')));
  return { exit };
}
