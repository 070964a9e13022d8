/**
 * A schema problem in people's words ("Needs at least 3 items", "Expected a string") instead of
 * Ajv's ("must NOT have fewer than 3 items"); the diagnostic's code keeps Ajv's keyword. A keyword
 * not worded here keeps Ajv's message.
 */
import type { ErrorObject } from 'ajv';

type Params = Record<string, unknown>;

const plural = (count: unknown, noun: string, nouns = `${noun}s`) => `${String(count)} ${count === 1 ? noun : nouns}`;
const shown = (value: unknown) => JSON.stringify(value) ?? String(value);
/** At most this many allowed values are listed. */
const LISTED = 5;

const article = (type: string) => (/^[aeiou]/.test(type) ? `an ${type}` : type === 'null' ? 'null' : `a ${type}`);

const COMPARED: Record<string, string> = { '>=': 'at least', '>': 'more than', '<=': 'at most', '<': 'less than' };
const bound = (p: Params) => `Must be ${COMPARED[String(p.comparison)] ?? String(p.comparison)} ${shown(p.limit)}`;

const WORDS: Record<string, (p: Params) => string> = {
  type: (p) => `Expected ${(Array.isArray(p.type) ? p.type : [p.type]).map((t) => article(String(t))).join(' or ')}`,
  required: (p) => `Missing property "${String(p.missingProperty)}"`,
  additionalProperties: (p) => `Property "${String(p.additionalProperty)}" is not allowed`,
  unevaluatedProperties: (p) => `Property "${String(p.unevaluatedProperty)}" is not allowed`,
  minItems: (p) => `Needs at least ${plural(p.limit, 'item')}`,
  maxItems: (p) => `Allows at most ${plural(p.limit, 'item')}`,
  minLength: (p) => `Needs at least ${plural(p.limit, 'character')}`,
  maxLength: (p) => `Allows at most ${plural(p.limit, 'character')}`,
  minProperties: (p) => `Needs at least ${plural(p.limit, 'property', 'properties')}`,
  maxProperties: (p) => `Allows at most ${plural(p.limit, 'property', 'properties')}`,
  // Draft-04's exclusive bounds come as minimum and maximum with a strict comparison.
  minimum: (p) => bound(p),
  maximum: (p) => bound(p),
  exclusiveMinimum: (p) => bound(p),
  exclusiveMaximum: (p) => bound(p),
  multipleOf: (p) => `Must be a multiple of ${shown(p.multipleOf)}`,
  enum: (p) => {
    const allowed = Array.isArray(p.allowedValues) ? p.allowedValues : [];
    const more = allowed.length > LISTED ? ` (and ${allowed.length - LISTED} more)` : '';
    return `Must be one of ${allowed.slice(0, LISTED).map(shown).join(', ')}${more}`;
  },
  const: (p) => `Must be ${shown(p.allowedValue)}`,
  pattern: (p) => `Does not match the pattern ${String(p.pattern)}`,
  format: (p) => `Not a valid ${String(p.format)}`,
  uniqueItems: (p) => `Items ${String(p.j)} and ${String(p.i)} are the same: each item must differ`,
  dependentRequired: (p) => `Missing property "${String(p.missingProperty)}", needed with "${String(p.property)}"`,
  dependencies: (p) => `Missing property "${String(p.missingProperty)}", needed with "${String(p.property)}"`,
  anyOf: () => 'Matches none of the shapes allowed here',
  oneOf: () => 'Must match exactly one of the shapes allowed here',
  not: () => 'Matches a shape that is not allowed here',
  'false schema': () => 'Nothing is allowed here',
};

export function worded(error: ErrorObject): string {
  const word = WORDS[error.keyword];
  return word ? word(error.params as Params) : (error.message ?? 'is invalid');
}
