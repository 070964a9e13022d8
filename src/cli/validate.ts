/**
 * `jsonbin validate <collectionId>`: Validate Collection, the core's check (`checkCollection`):
 * the listing's pages, then one read per bin, each record checked against the collection's schema
 * doc. A failing bin's problems are placed in its record as a tab shows it, named by its id.
 */
import * as l10n from '@vscode/l10n';
import { checkCollection } from '../core/store/collectionCheck';
import type { CommandContext, Outcome } from './command';
import { Exit, Refusal, seeHelp } from './exit';
import { positionOf, type Finding } from './output';

export async function validate(context: CommandContext): Promise<Outcome> {
  const [collectionId, ...rest] = context.positionals;
  if (collectionId === undefined || rest.length > 0) {
    throw new Refusal(l10n.t('validate takes one collection id. {0}', seeHelp()));
  }
  const session = context.session();
  const result = await checkCollection(session.client, session.schemaDocs, collectionId, {
    progress: (checked, total) => context.out.progress(l10n.t('Checked {0} of {1} bins', checked, total)),
  });
  const findings: Finding[] = result.failing.flatMap((bin) =>
    bin.problems.map((p) => ({ file: bin.id, ...positionOf(bin.text, p.offset), message: p.message, severity: 'error' as const })),
  );
  const notRead: Finding[] = result.notRead.map((bin) => ({ file: bin.id, message: bin.reason, severity: 'error' }));
  const exit = findings.length + notRead.length > 0 ? Exit.found : Exit.ok;
  if (context.format === 'json') {
    const failing = result.failing.map((bin) => ({ id: bin.id, name: bin.name, problems: findings.filter((f) => f.file === bin.id) }));
    return { exit, document: { collectionId, checked: result.checked, failing, notRead: result.notRead } };
  }
  context.out.findings([...findings, ...notRead], context.format);
  context.out.note(l10n.t('Bins checked: {0}. Failing: {1}, not read: {2}', result.checked, result.failing.length, result.notRead.length));
  return { exit };
}
