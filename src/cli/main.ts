/**
 * `jsonbin`, the command line (bundled by esbuild.mjs into dist/cli/jsonbin.mjs, package.json's
 * `bin`): finds the command in the table (`commands.ts`), parses its options, opens the account
 * from the environment's key when the command needs it, and ends every run with the requests it
 * sent, as the transport counted them. Exit codes: `exit.ts`.
 */
import * as l10n from '@vscode/l10n';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseBaseUrl } from '../core/api';
import { openSession, type Session } from '../core/session';
import type { CliCommand, CommandContext, Options, Outcome, Values } from './command';
import { COMMANDS } from './commands';
import { Exit, Refusal, seeHelp } from './exit';
import { API_URL_VARIABLE, helpText } from './help';
import { keyFromEnvironment, keysIn, refuseKeyArguments } from './keys';
import { useLanguage } from './language';
import { Output, type Format, type Stream } from './output';

/** package.json's version, written in by esbuild. */
declare const JSONBIN_VERSION: string;

const GLOBAL_OPTIONS: Options = {
  'api-url': { type: 'string' },
  cwd: { type: 'string' },
  plan: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};

export interface Io {
  argv: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdout: Stream;
  stderr: Stream;
  /** The running script's path, where the translations are found from. */
  script?: string;
}

export async function run(io: Io, commands: readonly CliCommand[] = COMMANDS): Promise<number> {
  const out = new Output(io.stdout, io.stderr, keysIn(io.env));
  let session: Session | undefined;
  // Known once the command's options are parsed: a usage error before that is said in text.
  const shown: { format: Format } = { format: 'text' };
  let outcome: Outcome;
  try {
    useLanguage(io.env, io.script);
    refuseKeyArguments(io.argv);
    const opener = (values: Values) => () => (session ??= open(io.env, values));
    outcome = await dispatch(io, commands, out, (f) => (shown.format = f), opener);
  } catch (error) {
    const refused = error instanceof Refusal || isUsageError(error);
    out.note(l10n.t('jsonbin: {0}', (error as Error).message));
    outcome = { exit: refused ? Exit.refused : Exit.found, document: { error: out.redact((error as Error).message) } };
  }
  const requests = session?.requests() ?? 0;
  await session?.dispose();
  if (shown.format === 'json') {
    out.json({ ...outcome.document, exit: outcome.exit, requests });
  } else {
    out.note(l10n.t('Requests sent: {0}', requests));
  }
  return outcome.exit;
}

async function dispatch(
  io: Io,
  commands: readonly CliCommand[],
  out: Output,
  setFormat: (f: Format) => void,
  opener: (values: Values) => () => Session,
): Promise<Outcome> {
  const [first] = io.argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    out.line(helpText(commands, JSONBIN_VERSION));
    return { exit: Exit.ok };
  }
  if (first === '--version') {
    out.line(JSONBIN_VERSION);
    return { exit: Exit.ok };
  }
  const command = commands.find((c) => c.words.every((word, i) => io.argv[i] === word));
  const group = commands.filter((c) => c.words[0] === first);
  if (!command && group.length > 0 && io.argv.slice(1).some((a) => a === '--help' || a === '-h')) {
    out.line(helpText(group, JSONBIN_VERSION));
    return { exit: Exit.ok };
  }
  if (!command) {
    throw new Refusal(l10n.t('Unknown command: {0}. {1}', io.argv.filter((a) => !a.startsWith('-')).join(' '), seeHelp()));
  }
  const { values, positionals } = parseArgs({
    args: io.argv.slice(command.words.length),
    options: { ...GLOBAL_OPTIONS, ...command.options },
    allowPositionals: command.positionals,
    strict: true,
  });
  if (values.help) {
    out.line(helpText([command], JSONBIN_VERSION));
    return { exit: Exit.ok };
  }
  const format = formatOf(values as Values, command);
  setFormat(format);
  const withUrl = { ...values, 'api-url': values['api-url'] ?? io.env[API_URL_VARIABLE] } as Values;
  const context: CommandContext = {
    values: withUrl,
    positionals,
    out,
    format,
    cwd: io.cwd,
    folder: resolve(io.cwd, typeof values.cwd === 'string' ? values.cwd : '.'),
    session: opener(withUrl),
  };
  return command.run(context);
}

function formatOf(values: Values, command: CliCommand): Format {
  const asked = values.json ? 'json' : typeof values.format === 'string' ? values.format : command.formats[0];
  const format = command.formats.find((f) => f === asked);
  if (!format) {
    throw new Refusal(l10n.t('--format takes {0}. {1}', command.formats.join(', '), seeHelp()));
  }
  return format;
}

/** The account of the environment's key, on the service of `--api-url`, `JSONBIN_API_URL` or the hosted one. */
function open(env: NodeJS.ProcessEnv, values: Values): Session {
  const { key, keyKind } = keyFromEnvironment(env);
  const apiUrl = typeof values['api-url'] === 'string' ? values['api-url'] : undefined;
  if (apiUrl !== undefined) {
    try {
      parseBaseUrl(apiUrl);
    } catch (error) {
      throw new Refusal((error as Error).message);
    }
  }
  const plan = values.plan ?? 'free';
  if (plan !== 'free' && plan !== 'paid') {
    throw new Refusal(l10n.t('--plan takes free or paid. {0}', seeHelp()));
  }
  return openSession({
    apiUrl,
    key,
    keyKind,
    plan,
    proxyUrl: env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy || undefined,
    noProxy: (env.NO_PROXY || env.no_proxy || '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
  });
}

/** Node's own argument errors (an unknown option, a word where none is taken): usage errors. */
function isUsageError(error: unknown): boolean {
  return (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS_') === true;
}
