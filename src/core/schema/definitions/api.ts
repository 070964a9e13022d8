/**
 * Structured-output definitions: the shapes of a model's output schema as people keep them in bins
 * (`{ name, strict?, schema }`, OpenAI's `json_schema` object, and `{ type: "json_schema",
 * json_schema: { … } }`, its `response_format`), and what each provider's strict mode says of their
 * `schema`. The types every front end shares; no `vscode` import.
 */
import type { Json } from '../../api';

export const PROVIDERS = ['openai', 'anthropic', 'gemini'] as const;
export type Provider = (typeof PROVIDERS)[number];

/** The providers' names as they write them, in messages and sources: never translated. */
export const PROVIDER_NAMES: Record<Provider, string> = { openai: 'OpenAI', anthropic: 'Anthropic', gemini: 'Gemini' };

/** The source of a provider's problems in the Problems panel. */
export function definitionSource(provider: Provider): string {
  return `JSONBin ${PROVIDER_NAMES[provider]}`;
}

/** Whether a problem's source is a provider's: a definition's problem, not a schema problem of the record. */
export function isDefinitionSource(source: string | undefined): boolean {
  return Object.values(PROVIDER_NAMES).some((name) => source === `JSONBin ${name}`);
}

/** A record recognized as a definition. */
export interface Definition {
  name: string;
  /** Undefined when the record does not say. */
  strict: boolean | undefined;
  /** The output schema (a JSON object). */
  schema: { [key: string]: Json };
  /** The JSON pointer of `schema` in the record: `/schema` or `/json_schema/schema`. */
  schemaPointer: string;
  /** The JSON pointer of `name` in the record: `/name` or `/json_schema/name`. */
  namePointer: string;
}

/** What a quick fix of a problem does (see `fixes.ts`). */
export type FixKind = 'additionalPropertiesFalse' | 'requireEvery' | 'intoDescription';

/** A rule of one provider that a definition breaks, at its node. */
export interface DefinitionProblem {
  provider: Provider;
  /** The rule's id in its provider's table (`additionalPropertiesFalse`, `keyword`, `maxNesting`, …). */
  rule: string;
  /** The JSON pointer of the node under `schema` (`''` for the schema itself; `/properties/title`). */
  path: string;
  /** The JSON pointer of the node in the record (`schemaPointer` + `path`; `namePointer` for the name rule). */
  pointer: string;
  severity: 'error' | 'warning';
  /** In the user's language; names the provider and the rule, e.g. "Anthropic strict mode: maxItems is not supported". */
  message: string;
  /** The quick fix that removes it, when there is one. */
  fix?: FixKind;
}

/** The limits a provider puts on a whole schema; a setting may change any of them. */
export interface Limits {
  /** Object properties in all. */
  properties?: number;
  /** Levels of nesting of objects. */
  nesting?: number;
  /** Characters of property names, definition names, enum and const values, together. */
  characters?: number;
  /** Enum values in all. */
  enumValues?: number;
  /** A string enum of more than `longEnum` values has at most `longEnumCharacters` characters. */
  longEnum?: number;
  longEnumCharacters?: number;
}

export type LimitOverrides = Partial<Record<Provider, Limits>>;

/** A text edit: replace `length` characters at `offset` with `content`. */
export interface TextEdit {
  offset: number;
  length: number;
  content: string;
}

/** The providers a definition is checked against unless told: the default of the setting `jsonbin.structuredOutputs.providers`. */
export const DEFAULT_PROVIDERS: readonly Provider[] = ['openai'];
