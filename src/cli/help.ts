/** `jsonbin --help`: the commands from the table, the options every command takes, where the key comes from, the exit codes. */
import * as l10n from '@vscode/l10n';
import type { CliCommand } from './command';
import { ACCESS_KEY_VARIABLE, MASTER_KEY_VARIABLE } from './keys';

export const API_URL_VARIABLE = 'JSONBIN_API_URL';

export function helpText(commands: readonly CliCommand[], version: string): string {
  const lines = [
    l10n.t('jsonbin {0}: linked files and collections of JSONBin.io, from a terminal or CI.', version),
    '',
    l10n.t('Usage: jsonbin <command> [options]'),
    '',
    l10n.t('Commands:'),
    ...commands.flatMap((c) => [`  jsonbin ${c.usage}`, `      ${c.summary()}`]),
    '',
    l10n.t('Options of every command:'),
    `  --api-url <url>     ${l10n.t('The service (else {0}, else https://api.jsonbin.io/v3).', API_URL_VARIABLE)}`,
    `  --cwd <folder>      ${l10n.t('The folder whose .vscode/jsonbin-links.json is read (else the current directory).')}`,
    `  --plan free|paid    ${l10n.t('The plan whose record size a push allows (free unless given).')}`,
    `  --help, --version`,
    '',
    l10n.t(
      'The key: {0} (or {1} for an access key) in the environment, never on the command line (a key flag is refused).',
      MASTER_KEY_VARIABLE,
      ACCESS_KEY_VARIABLE,
    ),
    l10n.t('Every run ends by saying how many requests it sent (on stderr; the "requests" field with --json).'),
    '',
    l10n.t('Exit codes:'),
    `  0  ${l10n.t('All good: nothing differs, no problem found, everything asked was done.')}`,
    `  1  ${l10n.t('A difference or a problem found, or the service could not be read.')}`,
    `  2  ${l10n.t('A usage error or a refusal: an unknown option, a key on the command line, no key, a push that would overwrite a change made on the service.')}`,
  ];
  return lines.join('\n');
}
