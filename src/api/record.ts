/**
 * A record as the user wrote it. Its text is what is sent, byte for byte; a number that the
 * service would not keep as written (it stores JSON as JavaScript values) is refused first.
 */
import { visit } from 'jsonc-parser';
import { BinServiceError } from './errors';
import type { Json } from './types';

export class RecordText {
  private constructor(
    readonly text: string,
    readonly value: Json,
  ) {}

  /** Refuses text that is not JSON, and numbers that would be stored as something else. */
  static parse(text: string): RecordText {
    let value: Json;
    try {
      value = JSON.parse(text) as Json;
    } catch (error) {
      throw new BinServiceError('invalidInput', `The text is not JSON: ${(error as Error).message}`);
    }
    const problem = unfaithfulNumber(text);
    if (problem) {
      throw new BinServiceError('invalidInput', problem);
    }
    return new RecordText(text, value);
  }
}

/** Only texts with long digit runs or big exponents are walked, so that a usual save costs one regex test. */
const SUSPECT = /\d{16,}|[eE][+-]?\d{3,}/;

/** The first number that would not survive being stored, described for the user; undefined when all do. */
export function unfaithfulNumber(text: string): string | undefined {
  if (!SUSPECT.test(text)) {
    return undefined;
  }
  let problem: string | undefined;
  const check = (value: unknown, offset: number, length: number, path: () => (string | number)[]) => {
    if (problem || typeof value !== 'number') {
      return;
    }
    const written = text.slice(offset, offset + length);
    const where = path().length === 0 ? 'the record' : `/${path().join('/')}`;
    if (!Number.isFinite(value)) {
      problem = `The number ${written} at ${where} is beyond what a JSON number can hold (about ±1.8e308): the service would store null. Write it as a string to keep it`;
    } else if (/^-?\d+$/.test(written) && !Number.isSafeInteger(value) && BigInt(written) !== BigInt(value)) {
      problem = `The number ${written} at ${where} would be stored as ${BigInt(value)}: integers beyond 2^53 lose digits. Write it as a string to keep every digit`;
    }
  };
  try {
    visit(text, { onLiteralValue: (value, offset, length, _line, _column, path) => check(value, offset, length, path) });
  } catch (error) {
    if (!(error instanceof RangeError)) {
      throw error;
    }
    return 'The record is nested too deeply to check that its numbers are kept as written';
  }
  return problem;
}
