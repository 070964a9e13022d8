/**
 * `jsonbin links check`: each linked file against what a push of it would meet: its bin's
 * collection's schema doc (read once per collection: `SchemaDocs` keeps it), then the write path's
 * own checks (syntax, numbers the service would change, blank, the plan's size), and, when its
 * record is a structured-output definition, each provider's strict mode. The bins' reads (one per
 * link) teach which collection each is in; they also say whether each file differs, which the
 * JSON result includes, though a difference is no problem here (a pull request's files differ
 * until they are pushed).
 */
import * as l10n from '@vscode/l10n';
import { BinServiceError } from '../../core/api';
import type { Session } from '../../core/session';
import { DEFAULT_PROVIDERS, PROVIDERS, type Provider } from '../../core/schema/definitions/api';
import { checkDefinition } from '../../core/schema/definitions/check';
import { definitionInText, placeProblems } from '../../core/schema/definitions/inText';
import { CannotValidate, SchemaDocProblem } from '../../core/schema/problems';
import { Refused } from '../../core/store/refused';
import type { CommandContext, Outcome } from '../command';
import { Exit, Refusal } from '../exit';
import { positionOf, type Finding } from '../output';
import { linksOf } from './linkedFiles';
import { readDocument, readLinks, type LinkRead } from './reads';

export async function linksCheck(context: CommandContext): Promise<Outcome> {
  const providers = providersOf(context.values.providers);
  const session = context.session();
  const reads = await readLinks(session, context.folder, await linksOf(context, context.positionals), context.out);
  const found: Finding[][] = [];
  for (const read of reads) {
    found.push(await problemsOf(session, read, providers));
  }
  const all = found.flat();
  const exit = all.some((f) => f.severity === 'error') ? Exit.found : Exit.ok;
  if (context.format === 'json') {
    return { exit, document: { links: reads.map((read, i) => ({ ...readDocument(read), problems: found[i] })) } };
  }
  context.out.findings(all, context.format);
  const files = found.filter((f) => f.length > 0).length;
  context.out.note(l10n.t('Linked files checked: {0}. Problems: {1}, in files: {2}', reads.length, all.length, files));
  return { exit };
}

/** `--providers openai,anthropic`: known names only; the extension's default when not given. */
export function providersOf(value: string | boolean | undefined): readonly Provider[] {
  if (typeof value !== 'string') {
    return DEFAULT_PROVIDERS;
  }
  const names = value
    .split(',')
    .map((n) => n.trim().toLowerCase())
    .filter(Boolean);
  const unknown = names.filter((n) => !(PROVIDERS as readonly string[]).includes(n));
  if (unknown.length > 0 || names.length === 0) {
    throw new Refusal(l10n.t('--providers takes a list of {0}; not known: {1}', PROVIDERS.join(', '), unknown.join(', ')));
  }
  return names as Provider[];
}

/** A file's problems: its definition's, then its schema doc's (placed), else the write path's first refusal. */
export async function problemsOf(session: Session, read: LinkRead, providers: readonly Provider[]): Promise<Finding[]> {
  const { link, text } = read;
  const file = link.file;
  if (text === undefined) {
    return [{ file, message: l10n.t('The linked file is missing'), severity: 'error' }];
  }
  const at = (offset: number) => positionOf(text, offset);
  const findings: Finding[] = definitionProblems(text, providers).map((p) => ({
    file,
    ...at(p.offset),
    message: p.problem.message,
    severity: p.problem.severity,
  }));
  if (read.state === 'gone' || read.state === 'failed') {
    findings.push({
      file,
      message: l10n.t('Not checked against its collection: its bin {0} could not be read: {1}', link.binId, read.reason ?? ''),
      severity: 'error',
    });
  }
  const collectionId = session.binCollections.of(link.binId) ?? undefined;
  let placed;
  try {
    const checked = await session.schemaDocs.check(collectionId, text);
    placed = checked ? [...checked.result.syntax, ...checked.result.schema] : await session.schemaDocs.syntaxProblems(text);
  } catch (error) {
    if (!(error instanceof SchemaDocProblem || error instanceof CannotValidate || error instanceof BinServiceError)) {
      throw error;
    }
    // The schema doc cannot be used here (the service still validates what is pushed), or could not be read.
    const severity = error instanceof SchemaDocProblem ? 'warning' : 'error';
    findings.push({ file, message: l10n.t('Not checked against its collection schema doc: {0}', error.message), severity });
    placed = await session.schemaDocs.syntaxProblems(text);
  }
  findings.push(...placed.map((p) => ({ file, ...at(p.offset), message: p.message, severity: 'error' as const })));
  if (placed.length === 0) {
    const refusal = await writePathRefusal(session, collectionId, text);
    if (refusal) {
      findings.push({ file, message: refusal, severity: 'error' });
    }
  }
  return findings;
}

/** What the write path would refuse a push of `text` for, beyond what was placed (numbers, size, blank); it sends nothing new. */
async function writePathRefusal(session: Session, collectionId: string | undefined, text: string): Promise<string | undefined> {
  try {
    await session.writes.checks.check({ kind: 'bin', collectionId }, text, l10n.t('Would not be pushed'));
    return undefined;
  } catch (error) {
    if (error instanceof Refused) {
      return error.message;
    }
    throw error;
  }
}

function definitionProblems(text: string, providers: readonly Provider[]) {
  const definition = definitionInText(text);
  return definition ? placeProblems(text, checkDefinition(definition, providers)) : [];
}
