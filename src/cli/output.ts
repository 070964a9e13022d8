/**
 * What the command line writes: results on stdout (text, one JSON document, or GitHub's workflow
 * commands), everything else on stderr, progress only when stderr is a terminal (a CI log keeps no
 * half-drawn lines). Every write passes through `redact`: the key is never in the core's words,
 * and this makes sure it cannot reach an output even through a service that echoes it.
 */
import * as l10n from '@vscode/l10n';

export type Format = 'text' | 'json' | 'github';
export const FORMATS: readonly Format[] = ['text', 'json', 'github'];

/** A problem found in a file (or a bin), 1-based where it has a place. */
export interface Finding {
  /** A path relative to the folder, or a bin's label. */
  file: string;
  line?: number;
  column?: number;
  message: string;
  severity: 'error' | 'warning';
}

export interface Stream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export class Output {
  /** Whether a progress line is drawn and must be cleared before anything else is written. */
  private drawn = false;

  constructor(
    private readonly stdout: Stream,
    private readonly stderr: Stream,
    private readonly secrets: readonly string[],
  ) {}

  /** A line of results on stdout. */
  line(text: string): void {
    this.clearProgress();
    this.stdout.write(`${this.redact(text)}\n`);
  }

  /** A line for the person at the terminal or the log (notes, summaries, the requests sent) on stderr. */
  note(text: string): void {
    this.clearProgress();
    this.stderr.write(`${this.redact(text)}\n`);
  }

  /** Where a long run is, on a terminal only, redrawn in place. */
  progress(text: string): void {
    if (this.stderr.isTTY) {
      this.stderr.write(`\r\x1b[K${this.redact(text)}`);
      this.drawn = true;
    }
  }

  json(document: unknown): void {
    this.line(JSON.stringify(document, null, 2));
  }

  /** Problems, one a line, in the format asked for (`json` is written by the caller, with the rest of its document). */
  findings(findings: readonly Finding[], format: Format): void {
    for (const f of findings) {
      this.line(format === 'github' ? githubCommand(f) : textLine(f));
    }
  }

  /** Anything that could hold the key has it removed before it is written. */
  redact(text: string): string {
    return this.secrets.reduce((t, secret) => (secret ? t.split(secret).join('***') : t), text);
  }

  private clearProgress(): void {
    if (this.drawn) {
      this.stderr.write('\r\x1b[K');
      this.drawn = false;
    }
  }
}

/** `file:line:column: message`, as compilers write it (editors and terminals link it). */
function textLine(f: Finding): string {
  const where = f.line === undefined ? f.file : `${f.file}:${f.line}:${f.column ?? 1}`;
  return f.severity === 'warning' ? l10n.t('{0}: warning: {1}', where, f.message) : `${where}: ${f.message}`;
}

/**
 * GitHub's workflow command, which shows the problem on the pull request's diff. Escaped as its
 * runner reads them: `%`, CR and LF in the message; also `:` and `,` in a property's value.
 */
function githubCommand(f: Finding): string {
  const properties = [`file=${escapeProperty(f.file)}`];
  if (f.line !== undefined) {
    properties.push(`line=${f.line}`, `col=${f.column ?? 1}`);
  }
  return `::${f.severity} ${properties.join(',')}::${escapeData(f.message)}`;
}

export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** The 1-based line and column (in UTF-16 units, as editors count) of `offset` in `text`. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}
