/**
 * A record as the user wrote it. Its text is what is sent, byte for byte; a number that the
 * service would not keep as written (it stores JSON as JavaScript values) is refused first. A
 * record read whose numbers JavaScript cannot hold as served is refused too, its text kept for
 * what shows it.
 */
import * as l10n from '@vscode/l10n';
import { BinServiceError, type Operation } from './errors';
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

/**
 * Only texts with a number of 17 digits or dots in a row (`[\d.]{17,}`) or an exponent of 3 digits
 * are walked, so that a usual save or read costs one regex test. Only numbers count: a number
 * starts the text or follows whitespace, `:`, `,` or `[` (an id like "…e392…" is no exponent; any
 * match in a string costs a walk, never a miss). The 17 classes are written out: V8 checks them a
 * word at a time, 4× as fast as the counted form on a 12 KB read.
 */
export const SUSPECT = new RegExp(`(?:^|[\\s:,[])-?(?:${'[0-9.]'.repeat(17)}|[0-9.]+[eE][+-]?[0-9]{3})`);

/** A number as written that JavaScript holds as another value: what it becomes (null: beyond a double's range), and where. */
interface Unheld {
  written: string;
  where: string;
  held: string | null;
}

/**
 * The first number of `text` that JavaScript would hold as another value; undefined when every
 * number is held as written. `inside`: only the numbers under this key of the top object (a read's
 * `record`). Throws a `RangeError` for a text nested too deeply to walk.
 */
async function firstUnheld(text: string, inside?: string): Promise<Unheld | undefined> {
  if (!SUSPECT.test(text)) {
    return undefined;
  }
  // Loaded only for a text with long numbers: activation does not pay for the JSON walker.
  const { visit } = await import('jsonc-parser');
  let found: Unheld | undefined;
  visit(text, {
    onLiteralValue: (value, offset, length, _line, _column, pathOf) => {
      if (found || typeof value !== 'number') {
        return;
      }
      const path = pathOf();
      if (inside !== undefined && path[0] !== inside) {
        return;
      }
      const within = inside === undefined ? path : path.slice(1);
      const written = text.slice(offset, offset + length);
      const where = within.length === 0 ? l10n.t('the record') : `/${within.join('/')}`;
      if (!Number.isFinite(value)) {
        found = { written, where, held: null };
      } else if (decimal(written) !== decimal(String(value))) {
        found = { written, where, held: /^-?\d+$/.test(written) ? BigInt(value).toString() : String(value) };
      }
    },
  });
  return found;
}

/** The first number that would not survive being stored, described for the user; undefined when all do. */
export async function unfaithfulNumber(text: string): Promise<string | undefined> {
  let found: Unheld | undefined;
  try {
    found = await firstUnheld(text);
  } catch (error) {
    if (!(error instanceof RangeError)) {
      throw error;
    }
    return l10n.t('The record is nested too deeply to check that its numbers are kept as written');
  }
  if (!found) {
    return undefined;
  }
  return found.held === null
    ? l10n.t(
        'The number {0} at {1} is beyond what a JSON number can hold (about ±1.8e308): the service would store null. Write it as a string to keep it',
        found.written,
        found.where,
      )
    : l10n.t(
        'The number {0} at {1} would be stored as {2}: a JSON number keeps about 17 significant digits. Write it as a string to keep it as written',
        found.written,
        found.where,
        found.held,
      );
}

/**
 * A read whose record holds a number JavaScript cannot hold as the service sent it (`1e400`, or
 * more digits than a double keeps): refused, so that no other value is passed off as the
 * service's. `text` is the record as served, only its spacing made a tab's, and `read` what the
 * read resolves with otherwise (its record is not the service's): what shows a record (a tab, a
 * file written from it, a conflict check comparing texts) shows that text (`readAsShown`).
 */
export class UnheldNumber<T> extends BinServiceError {
  constructor(
    message: string,
    readonly text: string,
    readonly read: T,
    operation: Operation,
  ) {
    super('unheldNumber', message, 200, operation);
  }
}

/** An answer's text beside its value, as a read asks the transport for it (`keepText`). */
export interface Served<T> {
  value: T;
  text: string;
}

/**
 * `read` (made from `served`), unless its record holds a number JavaScript cannot hold as served:
 * then `UnheldNumber`. `inside`: the key of the answer that holds the record (undefined: the
 * answer is the record).
 */
export async function heldAsServed<T>(served: Served<unknown>, read: T, inside: 'record' | undefined, operation: Operation): Promise<T> {
  let found: Unheld | undefined;
  try {
    found = await firstUnheld(served.text, inside);
  } catch (error) {
    if (!(error instanceof RangeError)) {
      throw error;
    }
    // Too deep for the walker: no number can be pointed at, and JSON.parse read it whole.
    return read;
  }
  if (!found) {
    return read;
  }
  throw new UnheldNumber(readMessage(found), await servedRecordText(served.text, inside), read, operation);
}

/** Why a record read (its text as served) cannot be used as a value, for the user; undefined when its numbers are held as written. */
export async function unheldInRecord(text: string): Promise<string | undefined> {
  try {
    const found = await firstUnheld(text);
    return found && readMessage(found);
  } catch (error) {
    if (error instanceof RangeError) {
      return undefined;
    }
    throw error;
  }
}

function readMessage(found: Unheld): string {
  return found.held === null
    ? l10n.t(
        'The record holds the number {0} at {1}, beyond what a JSON number can hold here (about ±1.8e308): it would be read as null. Open it in a tab to see it as stored',
        found.written,
        found.where,
      )
    : l10n.t(
        'The record holds the number {0} at {1}, which would be read as {2}: a JSON number keeps about 17 significant digits. Open it in a tab to see it as stored',
        found.written,
        found.where,
        found.held,
      );
}

/** The record's text in an answer as served, only its spacing made a tab's (2 spaces): every number as written. */
async function servedRecordText(text: string, inside: 'record' | undefined): Promise<string> {
  const { applyEdits, findNodeAtLocation, format, parseTree } = await import('jsonc-parser');
  const tree = parseTree(text);
  const node = tree && (inside === undefined ? tree : findNodeAtLocation(tree, [inside]));
  const record = node ? text.slice(node.offset, node.offset + node.length) : text;
  return applyEdits(record, format(record, undefined, { tabSize: 2, insertSpaces: true, eol: '\n' }));
}

/**
 * What shows a record read (a tab, a file written from it, a conflict check comparing texts):
 * its text as a tab shows it (`recordText`), or, for a record JavaScript cannot hold as served,
 * the text as served; and what the read resolved with.
 */
export async function readAsShown<T extends { record: unknown }>(reading: Promise<T>): Promise<{ read: T; text: string; held: boolean }> {
  try {
    const read = await reading;
    return { read, text: recordText(read.record), held: true };
  } catch (error) {
    if (error instanceof UnheldNumber) {
      return { read: error.read as T, text: error.text, held: false };
    }
    throw error;
  }
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
