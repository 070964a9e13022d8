/** The command line's exit codes, and the failures that choose them. Documented in `--help` and docs/cli.md. */
import * as l10n from '@vscode/l10n';

export const Exit = {
  /** All good: nothing differs, no problem found, everything asked was done. */
  ok: 0,
  /** A difference or a problem found (or the service could not be read): a CI step fails. */
  found: 1,
  /** A usage error, or a refusal: a key on the command line, no key, a push that would overwrite someone else's change. */
  refused: 2,
} as const;

export type ExitCode = (typeof Exit)[keyof typeof Exit];

/** What was asked cannot be done as asked: said on stderr, exit 2. */
export class Refusal extends Error {
  override readonly name = 'Refusal';
}

/** Said when a usage error's message ends: where the usage is. */
export function seeHelp(): string {
  return l10n.t('Run "jsonbin --help" for the commands and their options.');
}
