/**
 * A schema problem in people's words ("Needs at least 3 items", "Expected a string") instead of
 * Ajv's ("must NOT have fewer than 3 items"); the diagnostic's code keeps Ajv's keyword. A keyword
 * not worded here keeps Ajv's message.
 */
import * as l10n from '@vscode/l10n';
import type { ErrorObject } from 'ajv';

type Params = Record<string, unknown>;

/** One of two whole messages, by the count it holds: never a suffix added to a word. */
const byCount = (count: unknown, one: (count: string) => string, other: (count: string) => string) => (count === 1 ? one : other)(String(count));
const shown = (value: unknown) => JSON.stringify(value) ?? String(value);
/** At most this many allowed values are listed. */
const LISTED = 5;

/** A JSON type as "Expected …" names it. */
const TYPES: Record<string, () => string> = {
  string: () => l10n.t('a string'),
  number: () => l10n.t('a number'),
  integer: () => l10n.t('an integer'),
  boolean: () => l10n.t('a boolean'),
  object: () => l10n.t('an object'),
  array: () => l10n.t('an array'),
  null: () => l10n.t('null'),
};
const typeName = (type: string) => (Object.hasOwn(TYPES, type) ? TYPES[type]() : type);
const either = (types: string[]) => types.map(typeName).reduce((all, next) => l10n.t('{0} or {1}', all, next));

const COMPARED: Record<string, (limit: string) => string> = {
  '>=': (limit) => l10n.t('Must be at least {0}', limit),
  '>': (limit) => l10n.t('Must be more than {0}', limit),
  '<=': (limit) => l10n.t('Must be at most {0}', limit),
  '<': (limit) => l10n.t('Must be less than {0}', limit),
};
const bound = (p: Params) => COMPARED[String(p.comparison)]?.(shown(p.limit)) ?? l10n.t('Must be {0} {1}', String(p.comparison), shown(p.limit));

const WORDS: Record<string, (p: Params) => string> = {
  type: (p) => l10n.t('Expected {0}', either((Array.isArray(p.type) ? p.type : [p.type]).map(String))),
  required: (p) => l10n.t('Missing property "{0}"', String(p.missingProperty)),
  additionalProperties: (p) => l10n.t('Property "{0}" is not allowed', String(p.additionalProperty)),
  unevaluatedProperties: (p) => l10n.t('Property "{0}" is not allowed', String(p.unevaluatedProperty)),
  minItems: (p) =>
    byCount(
      p.limit,
      (n) => l10n.t('Needs at least {0} item', n),
      (n) => l10n.t('Needs at least {0} items', n),
    ),
  maxItems: (p) =>
    byCount(
      p.limit,
      (n) => l10n.t('Allows at most {0} item', n),
      (n) => l10n.t('Allows at most {0} items', n),
    ),
  minLength: (p) =>
    byCount(
      p.limit,
      (n) => l10n.t('Needs at least {0} character', n),
      (n) => l10n.t('Needs at least {0} characters', n),
    ),
  maxLength: (p) =>
    byCount(
      p.limit,
      (n) => l10n.t('Allows at most {0} character', n),
      (n) => l10n.t('Allows at most {0} characters', n),
    ),
  minProperties: (p) =>
    byCount(
      p.limit,
      (n) => l10n.t('Needs at least {0} property', n),
      (n) => l10n.t('Needs at least {0} properties', n),
    ),
  maxProperties: (p) =>
    byCount(
      p.limit,
      (n) => l10n.t('Allows at most {0} property', n),
      (n) => l10n.t('Allows at most {0} properties', n),
    ),
  // Draft-04's exclusive bounds come as minimum and maximum with a strict comparison.
  minimum: (p) => bound(p),
  maximum: (p) => bound(p),
  exclusiveMinimum: (p) => bound(p),
  exclusiveMaximum: (p) => bound(p),
  multipleOf: (p) => l10n.t('Must be a multiple of {0}', shown(p.multipleOf)),
  enum: (p) => {
    const allowed = Array.isArray(p.allowedValues) ? p.allowedValues : [];
    const listed = allowed.slice(0, LISTED).map(shown).join(', ');
    return allowed.length > LISTED ? l10n.t('Must be one of {0} (and {1} more)', listed, allowed.length - LISTED) : l10n.t('Must be one of {0}', listed);
  },
  const: (p) => l10n.t('Must be {0}', shown(p.allowedValue)),
  pattern: (p) => l10n.t('Does not match the pattern {0}', String(p.pattern)),
  format: (p) => l10n.t('Not a valid {0}', String(p.format)),
  uniqueItems: (p) => l10n.t('Items {0} and {1} are the same: each item must differ', String(p.j), String(p.i)),
  dependentRequired: (p) => l10n.t('Missing property "{0}", needed with "{1}"', String(p.missingProperty), String(p.property)),
  dependencies: (p) => l10n.t('Missing property "{0}", needed with "{1}"', String(p.missingProperty), String(p.property)),
  anyOf: () => l10n.t('Matches none of the shapes allowed here'),
  oneOf: () => l10n.t('Must match exactly one of the shapes allowed here'),
  not: () => l10n.t('Matches a shape that is not allowed here'),
  'false schema': () => l10n.t('Nothing is allowed here'),
};

export function worded(error: ErrorObject): string {
  const word = WORDS[error.keyword];
  return word ? word(error.params as Params) : (error.message ?? l10n.t('is invalid'));
}

/** Stand-ins for a template's arguments: no message holds these control characters. */
const FIRST = '\u0000';
const SECOND = '\u0001';

/** "{0} at {1}" in the user's language, looked up once, filled as l10n.t fills it. */
function atPath(): (word: string, path: string) => string {
  const template = l10n.t('{0} at {1}', FIRST, SECOND);
  const [first, second] = [template.indexOf(FIRST), template.indexOf(SECOND)];
  if (first < 0 || second < 0 || template.indexOf(FIRST, first + 1) >= 0 || template.indexOf(SECOND, second + 1) >= 0) {
    // A translation that does not hold each argument once: l10n.t fills it every time.
    return (word, path) => l10n.t('{0} at {1}', word, path);
  }
  const [start, end] = first < second ? [first, second] : [second, first];
  const [before, between, after] = [template.slice(0, start), template.slice(start + 1, end), template.slice(end + 1)];
  return first < second ? (word, path) => before + word + between + path + after : (word, path) => before + path + between + word + after;
}

/**
 * The keyword and each param, each part with its type and length, so that two problems worded
 * differently never share a key (cheaper than JSON.stringify of the whole).
 */
function problemKey(error: ErrorObject): string {
  let key = error.keyword;
  const params = error.params as Params;
  for (const name in params) {
    const value = params[name];
    // A number as String writes it: JSON.stringify writes Infinity and -Infinity (1e400 in a schema doc) alike.
    const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? '');
    key += `\u0000${name}\u0000${typeof value}\u0000${text.length}\u0000${text}`;
  }
  return key;
}

/**
 * The messages of many problems, each as `worded` says it, with its path when it is not the root.
 * l10n.t formats with a regular expression on every call (a fifth of the time placing 570
 * problems took): a record's problems repeat (the same missing property in every item), so each
 * distinct one is worded once, and "… at <path>" is looked up once and filled.
 */
export function messagesOf(errors: readonly ErrorObject[]): string[] {
  const said = new Map<string, string>();
  const at = atPath();
  return errors.map((error) => {
    // Only the words of its own: Ajv's message, kept for a keyword not worded here, is not a function of the params alone.
    const key = Object.hasOwn(WORDS, error.keyword) ? problemKey(error) : undefined;
    let word = key === undefined ? undefined : said.get(key);
    if (word === undefined) {
      word = worded(error);
      if (key !== undefined) {
        said.set(key, word);
      }
    }
    return error.instancePath === '' ? word : at(word, error.instancePath);
  });
}
