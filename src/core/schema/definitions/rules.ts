/**
 * What each provider's strict mode takes, as its documentation states it (November 2026; see
 * `check.ts` for how a table is applied). The rules are data: a provider that changes a rule
 * changes one line here. Providers change their limits too: a setting overrides them
 * (`LimitOverrides`).
 */
import * as l10n from '@vscode/l10n';
import type { Limits, Provider } from './api';

/**
 * What a provider does with a keyword: refuses the schema (an error); may refuse it, its
 * documentation being unclear (a warning); ignores it (a warning: the output is not held to it).
 */
export type KeywordVerdict = 'refused' | 'unclear' | 'ignored';

export interface ProviderRules {
  /** The provider and its mode, as messages start ("OpenAI strict mode"); read when a message is made, in the user's language. */
  label: () => string;
  /** Keywords with a verdict, wherever they are. */
  keywords: Readonly<Record<string, KeywordVerdict>>;
  /** When the provider lists what it supports: every keyword not listed (nor in `keywords`) gets `otherKeywords`. */
  supported?: readonly string[];
  otherKeywords?: KeywordVerdict;
  /** The `format`s taken; undefined when any is. */
  formats?: readonly string[];
  /** Every object has `additionalProperties: false`. */
  closedObjects: boolean;
  /** Every property is in `required` (an optional one being a union with `"null"`). */
  requireEvery: boolean;
  /** The root is an object, not `anyOf`. */
  rootObject: boolean;
  /** What the definition's `name` matches. */
  name?: RegExp;
  /** A `$ref` that leads back to where it is: taken, refused, or taken only inside a property that is not required. */
  recursion: 'allowed' | 'refused' | 'inOptionalProperty';
  /** The values of `minItems` taken; undefined when any is. */
  minItems?: readonly number[];
  /** `allOf` is refused beside or holding a `$ref`. */
  noAllOfWithRef: boolean;
  /** A `pattern` has no backreference, lookaround or `\b`. */
  plainPatterns: boolean;
  /** `enum` values are strings, numbers, booleans or null. */
  primitiveEnums: boolean;
  limits: Limits;
}

const NOT_TAKEN: KeywordVerdict = 'refused';

export const RULES: Readonly<Record<Provider, ProviderRules>> = {
  openai: {
    label: () => l10n.t('OpenAI strict mode'),
    keywords: {
      allOf: NOT_TAKEN,
      not: NOT_TAKEN,
      if: NOT_TAKEN,
      then: NOT_TAKEN,
      else: NOT_TAKEN,
      dependentRequired: NOT_TAKEN,
      dependentSchemas: NOT_TAKEN,
      minLength: 'unclear',
      maxLength: 'unclear',
      patternProperties: 'unclear',
    },
    formats: ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'],
    closedObjects: true,
    requireEvery: true,
    rootObject: true,
    name: /^[A-Za-z0-9_-]{1,64}$/,
    recursion: 'allowed',
    noAllOfWithRef: false,
    plainPatterns: false,
    primitiveEnums: false,
    limits: { properties: 5000, nesting: 10, characters: 120_000, enumValues: 1000, longEnum: 250, longEnumCharacters: 15_000 },
  },
  anthropic: {
    label: () => l10n.t('Anthropic strict mode'),
    keywords: {
      minimum: NOT_TAKEN,
      maximum: NOT_TAKEN,
      multipleOf: NOT_TAKEN,
      exclusiveMinimum: NOT_TAKEN,
      exclusiveMaximum: NOT_TAKEN,
      minLength: NOT_TAKEN,
      maxLength: NOT_TAKEN,
      maxItems: NOT_TAKEN,
    },
    formats: ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid'],
    closedObjects: true,
    requireEvery: false,
    rootObject: false,
    recursion: 'refused',
    minItems: [0, 1],
    noAllOfWithRef: true,
    plainPatterns: true,
    primitiveEnums: true,
    limits: {},
  },
  gemini: {
    label: () => l10n.t('Gemini responseJsonSchema'),
    keywords: {},
    supported: [
      '$id',
      '$defs',
      '$ref',
      '$anchor',
      'type',
      'format',
      'title',
      'description',
      'enum',
      'items',
      'prefixItems',
      'minItems',
      'maxItems',
      'minimum',
      'maximum',
      'anyOf',
      'oneOf',
      'properties',
      'additionalProperties',
      'required',
      'propertyOrdering',
    ],
    otherKeywords: 'ignored',
    closedObjects: false,
    requireEvery: false,
    rootObject: false,
    recursion: 'inOptionalProperty',
    noAllOfWithRef: false,
    plainPatterns: false,
    primitiveEnums: false,
    limits: {},
  },
};

/**
 * Keywords that only narrow the values taken: when a provider does not take one, it can move into
 * the node's `description` (as the providers' SDKs do), the model reading it there. The others
 * (`allOf`, `not`, `if`…) shape the schema and have no such fix.
 */
export const CONSTRAINTS: ReadonlySet<string> = new Set([
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minContains',
  'maxContains',
  'minProperties',
  'maxProperties',
  'dependentRequired',
  'const',
]);
