/** What a command of the command line is, and what it is given: one entry of the table (`commands.ts`) each. */
import type { ParseArgsConfig } from 'node:util';
import type { Session } from '../core/session';
import type { ExitCode } from './exit';
import type { Format, Output } from './output';

export type Options = NonNullable<ParseArgsConfig['options']>;
export type Values = Record<string, string | boolean | undefined>;

export interface CommandContext {
  /** The command's options as parsed (with the global ones), and the words after the command. */
  values: Values;
  positionals: string[];
  out: Output;
  /** How results are written (`--format`, or `json` with `--json`). */
  format: Format;
  /** The folder whose `.vscode/jsonbin-links.json` is read (`--cwd`, else the current directory). */
  folder: string;
  /** The directory the command was run from: paths given are relative to it. */
  cwd: string;
  /** The account, opened on first use from the environment's key (a command that sends nothing opens none). */
  session(): Session;
}

export interface Outcome {
  exit: ExitCode;
  /** With `--json`: the result, written as one document with the requests sent added. */
  document?: Record<string, unknown>;
}

export interface CliCommand {
  /** The words that name it: `['links', 'status']`. */
  words: string[];
  /** Its options and arguments, as `--help` shows them after `jsonbin`. */
  usage: string;
  summary(): string;
  options: Options;
  /** Whether words may follow the command (files, a collection id). */
  positionals: boolean;
  /** The formats it writes; the first is the default. */
  formats: readonly Format[];
  run(context: CommandContext): Promise<Outcome>;
}
