/**
 * `jsonbin links push`: each differing linked file sent to its bin through the one write path,
 * as the extension's Push does (`pushLinked`: the checks of a save before any request, then one
 * PUT). Someone else's change is never overwritten: a bin is pushed only when it holds what the
 * repository held at `--base` (a git revision, `HEAD` unless given; CI passes the commit before
 * the push), or the file's value already. Anything else is a conflict, and with no one to ask it
 * is refused (exit 2). `--dry-run` runs the same steps up to the PUT and sends no write.
 */
import * as l10n from '@vscode/l10n';
import { BinServiceError } from '../../core/api';
import type { Session } from '../../core/session';
import { fileDigest } from '../../core/store/links/linkState';
import { pushLinked } from '../../core/store/links/linkSync';
import type { RecordWrites } from '../../core/store/recordWrites';
import { Refused } from '../../core/store/refused';
import type { CommandContext, Outcome } from '../command';
import { Exit } from '../exit';
import { linksOf, textAtRevision } from './linkedFiles';
import { readLinks, readOnce, type LinkRead } from './reads';

type PushOutcome = 'unchanged' | 'pushed' | 'wouldPush' | 'notPushed' | 'conflict';

interface Pushed {
  file: string;
  binId: string;
  outcome: PushOutcome;
  reason?: string;
}

export async function linksPush(context: CommandContext): Promise<Outcome> {
  const dryRun = context.values['dry-run'] === true;
  const base = typeof context.values.base === 'string' ? context.values.base : 'HEAD';
  const session = context.session();
  const reads = await readLinks(session, context.folder, await linksOf(context, context.positionals), context.out);
  const results: Pushed[] = [];
  for (const read of reads) {
    const result = { file: read.link.file, binId: read.link.binId, ...(await pushOne(session, context.folder, read, base, dryRun)) };
    results.push(result);
    if (context.format !== 'json' && result.outcome !== 'unchanged') {
      context.out.line(resultLine(result));
    }
  }
  const exit = results.some((r) => r.outcome === 'conflict') ? Exit.refused : results.some((r) => r.outcome === 'notPushed') ? Exit.found : Exit.ok;
  if (context.format === 'json') {
    return { exit, document: { dryRun, base, links: results } };
  }
  const count = (outcome: PushOutcome) => results.filter((r) => r.outcome === outcome).length;
  context.out.note(
    dryRun
      ? l10n.t(
          'Dry run, nothing sent. Would push: {0}, unchanged: {1}, not pushed: {2}, conflicts: {3}',
          count('wouldPush'),
          count('unchanged'),
          count('notPushed'),
          count('conflict'),
        )
      : l10n.t('Pushed: {0}, unchanged: {1}, not pushed: {2}, conflicts: {3}', count('pushed'), count('unchanged'), count('notPushed'), count('conflict')),
  );
  return { exit };
}

async function pushOne(session: Session, folder: string, read: LinkRead, base: string, dryRun: boolean): Promise<Omit<Pushed, 'file' | 'binId'>> {
  if (read.state === 'same') {
    return { outcome: 'unchanged' };
  }
  if (read.text === undefined || !read.entry) {
    return { outcome: 'notPushed', reason: read.reason };
  }
  const baseText = await textAtRevision(folder, base, read.link);
  const baseDigest = baseText === undefined ? undefined : await fileDigest(baseText);
  try {
    const { outcome } = await pushLinked(
      { bins: readOnce(read.entry), writes: dryRun ? withoutSending(session.writes) : session.writes },
      read.link.binId,
      read.text,
      baseDigest,
      // No one to ask: a bin that moved since the base is left as it is.
      async () => 'cancel',
      () => [],
    );
    if (outcome === 'cancelled') {
      return { outcome: 'conflict', reason: l10n.t('the bin changed on the service since {0}: pull it first, or push against another --base', base) };
    }
    return { outcome: outcome === 'stored' ? 'unchanged' : dryRun ? 'wouldPush' : 'pushed' };
  } catch (error) {
    if (error instanceof Refused || error instanceof BinServiceError) {
      return { outcome: 'notPushed', reason: error.message };
    }
    throw error;
  }
}

/** The write path up to the request: every check runs, the PUT is not sent. */
function withoutSending(writes: RecordWrites): Pick<RecordWrites, 'prepareUpdate' | 'update'> {
  return { prepareUpdate: (...args) => writes.prepareUpdate(...args), update: async () => ({ outcome: 'written' }) };
}

function resultLine(r: Pushed): string {
  switch (r.outcome) {
    case 'pushed':
      return l10n.t('pushed      {0} → {1}', r.file, r.binId);
    case 'wouldPush':
      return l10n.t('would push  {0} → {1}', r.file, r.binId);
    case 'conflict':
      return l10n.t('conflict    {0} → {1}: {2}', r.file, r.binId, r.reason ?? '');
    default:
      return l10n.t('not pushed  {0} → {1}: {2}', r.file, r.binId, r.reason ?? '');
  }
}
