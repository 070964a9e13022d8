/**
 * A record as the user wrote it. Its text is what is sent, byte for byte; a number that the
 * service would not keep as written (it stores JSON as JavaScript values) is refused first.
 */
import * as l10n from '@vscode/l10n';
import { BinServiceError } from './errors';
import type { Json } from './json';

/** The text a tab shows of a record: 2 spaces, as VS Code's JSON formatter would. */
export function recordText(record: unknown): string {
  return JSON.stringify(record, null, 2);
}

export class RecordText {
  private constructor(
    readonly text: string,
    readonly value: Json,
  ) {}

  /**
   * A value written out here, compact: its numbers are written as JavaScript holds them, so none
   * is refused (a number typed by the user is checked where its text was parsed).
   */
  static of(value: Json): RecordText {
    return new RecordText(JSON.stringify(value), value);
  }

  /** Refuses text that is not JSON, and numbers that would be stored as something else. */
  static async parse(text: string): Promise<RecordText> {
    let value: Json;
    try {
      value = JSON.parse(text) as Json;
    } catch (error) {
      throw new BinServiceError('invalidInput', l10n.t('The text is not JSON: {0}', (error as Error).message));
    }
    const problem = await unfaithfulNumber(text);
    if (problem) {
      throw new BinServiceError('invalidInput', problem);
    }
    return new RecordText(text, value);
  }
}

/** Only texts with long numbers or big exponents are walked, so that a usual save costs one regex test. */
const SUSPECT = /[\d.]{17,}|[eE][+-]?\d{3,}/;

/** The first number that would not survive being stored, described for the user; undefined when all do. */
export async function unfaithfulNumber(text: string): Promise<string | undefined> {
  if (!SUSPECT.test(text)) {
    return undefined;
  }
  // Loaded only for a text with long numbers: activation does not pay for the JSON walker.
  const { visit } = await import('jsonc-parser');
  let problem: string | undefined;
  const check = (value: unknown, offset: number, length: number, path: () => (string | number)[]) => {
    if (problem || typeof value !== 'number') {
      return;
    }
    const written = text.slice(offset, offset + length);
    const where = path().length === 0 ? l10n.t('the record') : `/${path().join('/')}`;
    if (!Number.isFinite(value)) {
      problem = l10n.t(
        'The number {0} at {1} is beyond what a JSON number can hold (about ±1.8e308): the service would store null. Write it as a string to keep it',
        written,
        where,
      );
    } else if (decimal(written) !== decimal(String(value))) {
      const stored = /^-?\d+$/.test(written) ? BigInt(value).toString() : String(value);
      problem = l10n.t(
        'The number {0} at {1} would be stored as {2}: a JSON number keeps about 17 significant digits. Write it as a string to keep it as written',
        written,
        where,
        stored,
      );
    }
  };
  try {
    visit(text, { onLiteralValue: (value, offset, length, _line, _column, path) => check(value, offset, length, path) });
  } catch (error) {
    if (!(error instanceof RangeError)) {
      throw error;
    }
    return l10n.t('The record is nested too deeply to check that its numbers are kept as written');
  }
  return problem;
}

/** A number's value as sign, significant digits and exponent: `1.50`, `15e-1` and `1.5` are one. */
function decimal(literal: string): string {
  const match = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (!match) {
    return literal;
  }
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  const digits = (whole + fraction).replace(/^0+/, '');
  if (digits === '') {
    // Zero, whatever its sign: JSON keeps no negative zero.
    return '0';
  }
  // value = digits × 10^(exponent − fraction length); trailing zeros move into the exponent.
  const trimmed = digits.replace(/0+$/, '');
  return `${sign}${trimmed}e${Number(exponent) - fraction.length + digits.length - trimmed.length}`;
}
