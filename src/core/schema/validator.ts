/**
 * Validates a record's text against a schema doc with Ajv and places each problem at its JSON
 * node (./locate); jsonc-parser reports syntax errors. No `vscode` import: the editor maps
 * offsets to ranges itself.
 */
import * as l10n from '@vscode/l10n';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { recordText } from '../api/record';
import { ajvFor, dialectOf } from './dialects';
import { locate, Wanted, type Located, type Range } from './locate';
import { CannotValidate, SchemaDocProblem } from './problems';
import { messagesOf } from './wording';

export interface Problem {
  offset: number;
  length: number;
  message: string;
  /** JSON pointer of the instance the problem is about. */
  path: string;
  keyword: string;
}

export interface TextCheck {
  syntax: Problem[];
  /** Placed schema problems: at most the cap, then one that says how many more there are. */
  schema: Problem[];
  /** All schema problems, placed or not. */
  schemaCount: number;
}

/** Compiled schema docs, one per schema doc id and version of its text, each in its own Ajv. */
export class SchemaCompiler {
  /** The compiled validator, or why it cannot be compiled: an unusable schema doc is not compiled again on every keystroke. */
  private readonly compiled = new Map<string, { text: string; validate?: ValidateFunction; problem?: SchemaDocProblem }>();

  /** Problems that make a schema doc unusable, or undefined when it compiles. */
  async schemaProblem(schema: unknown): Promise<string | undefined> {
    try {
      await compileAlone(schema);
      return undefined;
    } catch (error) {
      return (error as Error).message;
    }
  }

  /** Compiles once per schema doc version; a changed text replaces the old compilation. Throws `SchemaDocProblem`. */
  compile(id: string, schema: unknown): Promise<ValidateFunction> {
    return this.compileText(id, JSON.stringify(schema));
  }

  /** As `compile`, from the schema doc's text: an unchanged schema doc is not even parsed again. */
  async compileText(id: string, text: string): Promise<ValidateFunction> {
    const cached = this.compiled.get(id);
    if (cached?.text === text) {
      if (cached.problem) {
        throw cached.problem;
      }
      return cached.validate!;
    }
    try {
      const validate = await compileAlone(JSON.parse(text));
      this.compiled.set(id, { text, validate });
      return validate;
    } catch (error) {
      if (error instanceof SchemaDocProblem) {
        this.compiled.set(id, { text, problem: error });
      }
      throw error;
    }
  }
}

/** In an Ajv of its own: two schema docs with the same `$id` never collide. */
async function compileAlone(schema: unknown): Promise<ValidateFunction> {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema) || Object.keys(schema).length === 0) {
    throw new SchemaDocProblem(l10n.t('A schema doc must be a non-empty JSON object'));
  }
  try {
    return (await ajvFor(dialectOf(schema))).compile(schema);
  } catch (error) {
    throw new SchemaDocProblem(l10n.t('Not a usable JSON Schema: {0}', (error as Error).message));
  }
}

/**
 * Syntax problems of the text, and, when it parses, the schema's problems placed at their nodes.
 * A valid record costs a native parse and a validation; the text is walked for positions only
 * when there are problems to place.
 */
export function checkText(text: string, validate?: ValidateFunction, maxPlaced = Number.POSITIVE_INFINITY): TextCheck {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { syntax: syntaxProblems(text, error as Error), schema: [], schemaCount: 0 };
  }
  if (!validate || validateDeep(validate, value)) {
    return { syntax: [], schema: [], schemaCount: 0 };
  }
  const errors = validate.errors ?? [];
  if (maxPlaced <= 0) {
    return { syntax: [], schema: [], schemaCount: errors.length };
  }
  let schema: Problem[];
  try {
    schema = placeAll(text, errors.slice(0, maxPlaced));
  } catch (error) {
    throw error instanceof RangeError ? new CannotValidate(l10n.t('The record is nested too deeply to place its problems in the editor')) : error;
  }
  if (errors.length > maxPlaced) {
    const more = errors.length - maxPlaced;
    const message =
      more === 1
        ? l10n.t('{0} more schema problem not shown (at most {1} are placed)', more, maxPlaced)
        : l10n.t('{0} more schema problems not shown (at most {1} are placed)', more, maxPlaced);
    schema.push({ offset: 0, length: 1, message, path: '', keyword: 'maxProblems' });
  }
  return { syntax: [], schema, schemaCount: errors.length };
}

const decoder = new TextDecoder();

/**
 * What a check of a read's answer found: a failing record's text, as a tab shows it, with its
 * problems placed there, and the bin's name when the answer gave one (for bins named by id).
 */
export type ServedCheck = TextCheck & { text?: string; name?: string };
/** A check of one answer among several: one that cannot be validated says why, and the others are still checked. */
export type ServedResult = ServedCheck | { notValidated: string };

/** Each of several answers as served, checked (see `checkServed`): one that fails says why, alone. */
export function checkAllServed(served: readonly Uint8Array[], validate: ValidateFunction | undefined, maxPlaced?: number): ServedResult[] {
  return served.map((answer) => {
    try {
      return checkServed(answer, validate, maxPlaced);
    } catch (error) {
      return { notValidated: (error as Error).message };
    }
  });
}

/**
 * A read's answer as the service sent it: its record is validated as parsed, and only a failing
 * one is formatted as a tab shows it and its problems placed in that text (most records pass: they
 * cost a parse and a validation, no formatting).
 */
export function checkServed(served: Uint8Array, validate: ValidateFunction | undefined, maxPlaced = Number.POSITIVE_INFINITY): ServedCheck {
  let answer: { record?: unknown; metadata?: { name?: unknown } } | null;
  try {
    answer = JSON.parse(decoder.decode(served)) as typeof answer;
  } catch {
    throw new CannotValidate(l10n.t('The service answered the read with text that is not JSON'));
  }
  const record = answer?.record;
  if (record === undefined) {
    throw new CannotValidate(l10n.t('The service answered the read without a record'));
  }
  if (!validate || validateDeep(validate, record)) {
    return { syntax: [], schema: [], schemaCount: 0 };
  }
  const text = recordText(record);
  const name = answer?.metadata?.name;
  return { ...checkText(text, validate, maxPlaced), text, ...(typeof name === 'string' && { name }) };
}

function validateDeep(validate: ValidateFunction, value: unknown): boolean {
  try {
    return validate(value);
  } catch (error) {
    if (error instanceof RangeError) {
      throw new CannotValidate(l10n.t('The record is nested too deeply to be validated in the editor'));
    }
    throw error;
  }
}

function syntaxProblems(text: string, error: Error): Problem[] {
  const errors: ParseError[] = [];
  parse(text, errors, { allowTrailingComma: false, disallowComments: true });
  const problems = errors.map((e) => ({
    ...inside(text, e.offset, e.length),
    message: l10n.t('JSON syntax: {0}', printParseErrorCode(e.error)),
    path: '',
    keyword: 'syntax',
  }));
  return problems.length > 0 ? problems : [{ offset: 0, length: 1, message: l10n.t('JSON syntax: {0}', error.message), path: '', keyword: 'syntax' }];
}

/** A range of at least one character, within the text (one that ends the text marks its last character). */
function inside(text: string, offset: number, length: number): { offset: number; length: number } {
  const start = Math.max(0, Math.min(offset, text.length - 1));
  return { offset: start, length: Math.max(1, Math.min(length, text.length - start)) };
}

const HEAD_KEYWORDS = new Set(['required', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties']);

function placeAll(text: string, errors: ErrorObject[]): Problem[] {
  const root = new Wanted();
  // An unexpected property goes on its key: only that key's range is wanted.
  const targets = errors.map((e) => (e.keyword === 'additionalProperties' ? root.addKey(e.instancePath, unexpected(e)) : root.add(e.instancePath)));
  locate(text, root);
  const messages = messagesOf(errors);
  return errors.map((error, i) => place(error, targets[i].found ?? { offset: 0, length: 1 }, messages[i]));
}

const unexpected = (error: ErrorObject) => (error.params as { additionalProperty?: string }).additionalProperty ?? '';

function place(error: ErrorObject, node: Located, message: string): Problem {
  let range: Range = node;
  if (error.keyword === 'additionalProperties') {
    // On the unexpected key itself.
    range = node.keys?.get(unexpected(error)) ?? head(node);
  } else if (HEAD_KEYWORDS.has(error.keyword)) {
    // On the object or array itself: its key, or its opening bracket at the root.
    range = head(node);
  }
  return { offset: range.offset, length: range.length, message, path: error.instancePath, keyword: error.keyword };
}

function head(node: Located): Range {
  return node.key ?? { offset: node.offset, length: 1 };
}
