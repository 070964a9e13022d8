/**
 * A definition as the commands and the agents' tools use it: the providers a call names, a
 * definition's strict-mode problems, its schema as the validation worker compiles it, and the
 * refusal of a record that holds none. Shared by every front end.
 */
import * as l10n from '@vscode/l10n';
import { PROVIDERS, type Definition, type LimitOverrides, type Provider } from './api';
import { checkDefinition } from './check';

/** The providers a call names, checked: any of `openai`, `anthropic`, `gemini`; none named: `fallback`. */
export function providersOf(given: unknown, fallback: Provider[]): Provider[] {
  if (given === undefined || given === null) {
    return fallback;
  }
  if (!Array.isArray(given) || given.length === 0 || !given.every((p) => PROVIDERS.includes(p as Provider))) {
    throw new Error(l10n.t('providers must be a list of {0}', PROVIDERS.join(', ')));
  }
  return [...new Set(given as Provider[])];
}

export interface StrictCheck {
  name: string;
  strict?: boolean;
  problems: { provider: Provider; rule: string; path: string; severity: 'error' | 'warning'; message: string }[];
}

/** What a definition breaks of each provider's strict mode. */
export function strictCheck(definition: Definition, providers: Provider[], limits: LimitOverrides): StrictCheck {
  const problems = checkDefinition(definition, providers, limits).map(({ provider, rule, path, severity, message }) => ({
    provider,
    rule,
    path,
    severity,
    message,
  }));
  return { name: definition.name, strict: definition.strict, problems };
}

/** A definition's schema as the validation worker compiles it: once per definition bin and text. */
export function schemaSourceOf(binId: string, definition: Definition): { id: string; text: string } {
  return { id: `definition:${binId}`, text: JSON.stringify(definition.schema) };
}

export function notADefinition(label: string): string {
  return l10n.t(
    '{0} is not a structured-output definition: its record is not {1} or {2}',
    label,
    '{ name, strict?, schema }',
    '{ type: "json_schema", json_schema: { name, strict?, schema } }',
  );
}
