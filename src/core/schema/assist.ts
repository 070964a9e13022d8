/**
 * Schema-aware editing help from a schema doc: the property names an object may still take,
 * the values an enum allows, and what a property is. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { getLocation, parseTree, findNodeAtLocation, type Node } from 'jsonc-parser';

type Schema = { [key: string]: unknown };

export interface Suggestion {
  /** A property's name where a key goes, or a value an enum allows. */
  kind: 'property' | 'value';
  label: string;
  /** Text to insert, as a snippet (`$1` marks where the cursor goes). */
  snippet: string;
  detail: string;
  required: boolean;
}

/** Suggestions at an offset: property names where a key goes, enum values where a value goes. */
export function suggest(text: string, offset: number, schema: unknown): Suggestion[] {
  const location = getLocation(text, offset);
  const previous = location.previousNode;
  if (location.isAtPropertyKey) {
    const objectPath = location.path.slice(0, -1);
    const target = subschema(schema, objectPath);
    const root = parseTree(text);
    const object = root ? findNodeAtLocation(root, objectPath) : undefined;
    return target ? propertySuggestions(schema as Schema, target, existingKeys(object), previous?.type === 'property') : [];
  }
  const target = subschema(schema, location.path);
  if (!Array.isArray(target?.enum)) {
    return [];
  }
  // Inside a string being typed, a string value goes in without its quotes.
  const inString = previous?.type === 'string';
  return target.enum.map((value) => ({
    kind: 'value' as const,
    label: JSON.stringify(value),
    snippet: inString && typeof value === 'string' ? value : JSON.stringify(value),
    detail: l10n.t('allowed value'),
    required: false,
  }));
}

/** What the schema says of the property or item at an offset of a record's text. */
export function describeAt(schema: unknown, text: string, offset: number): string | undefined {
  return describe(schema, getLocation(text, offset).path);
}

/** What the schema says of the property or item at a JSON path. */
export function describe(schema: unknown, path: (string | number)[]): string | undefined {
  const target = subschema(schema, path);
  if (!target) {
    return undefined;
  }
  const lines: string[] = [];
  if (typeof target.description === 'string') {
    lines.push(target.description);
  }
  const facts = [
    typeLabel(target),
    bounds(target),
    Array.isArray(target.enum) ? l10n.t('one of {0}', target.enum.map((v) => JSON.stringify(v)).join(', ')) : '',
  ]
    .filter(Boolean)
    .join('; ');
  if (facts) {
    lines.push(facts);
  }
  return lines.length > 0 ? lines.join('\n\n') : undefined;
}

/** The subschema at a path, following `properties`, `items`, `additionalProperties` and local `$ref`s. */
export function subschema(schema: unknown, path: (string | number)[]): Schema | undefined {
  const root = schema as Schema;
  let current = resolve(root, root);
  for (const segment of path) {
    if (!current) {
      return undefined;
    }
    if (typeof segment === 'number') {
      const items = current.items;
      current = resolve(root, Array.isArray(items) ? items[segment] : items);
    } else {
      const properties = current.properties as Record<string, unknown> | undefined;
      const additional = current.additionalProperties;
      current = resolve(root, properties?.[segment] ?? (typeof additional === 'object' ? additional : undefined));
    }
  }
  return current;
}

function resolve(root: Schema, value: unknown): Schema | undefined {
  let schema = value as Schema | undefined;
  for (let hops = 0; schema && typeof schema.$ref === 'string' && schema.$ref.startsWith('#') && hops < 10; hops++) {
    schema = schema.$ref
      .slice(1)
      .split('/')
      .filter(Boolean)
      .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((node, key) => (node as Schema | undefined)?.[key], root) as Schema | undefined;
  }
  return schema && typeof schema === 'object' ? schema : undefined;
}

function existingKeys(object: Node | undefined): Set<string> {
  return new Set((object?.children ?? []).map((p) => p.children?.[0]?.value as string));
}

function propertySuggestions(root: Schema, schema: Schema, present: Set<string>, inKey: boolean): Suggestion[] {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return Object.entries(properties)
    .filter(([name]) => !present.has(name))
    .map(([name, raw]) => {
      const property = resolve(root, raw) ?? {};
      return {
        kind: 'property' as const,
        label: name,
        // Inside an existing key only the name is inserted; elsewhere a whole property.
        snippet: inKey ? name : `${JSON.stringify(name)}: ${placeholder(property)}`,
        detail: propertyDetail(required.has(name), typeLabel(property)),
        required: required.has(name),
      };
    })
    .sort((a, b) => Number(b.required) - Number(a.required));
}

/** Whether a property is required, and its type when the schema says it: one message each, as translators need. */
function propertyDetail(isRequired: boolean, type: string): string {
  if (type === '') {
    return isRequired ? l10n.t('required') : l10n.t('optional');
  }
  return isRequired ? l10n.t('required, {0}', type) : l10n.t('optional, {0}', type);
}

function placeholder(schema: Schema): string {
  if (Array.isArray(schema.enum) && schema.enum.length > 0) {
    return JSON.stringify(schema.enum[0]);
  }
  switch (Array.isArray(schema.type) ? schema.type[0] : schema.type) {
    case 'string':
      return '"$1"';
    case 'array':
      return '[$1]';
    case 'object':
      return '{$1}';
    case 'number':
    case 'integer':
      return '${1:0}';
    case 'boolean':
      return '${1:false}';
    default:
      return '$1';
  }
}

function typeLabel(schema: Schema): string {
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type as string | undefined);
  const items = schema.items as Schema | undefined;
  return type === 'array' && typeof items?.type === 'string' ? l10n.t('array of {0}', items.type) : (type ?? '');
}

function bounds(schema: Schema): string {
  const min = schema.minItems as number | undefined;
  const max = schema.maxItems as number | undefined;
  if (min === undefined && max === undefined) {
    return '';
  }
  if (min === max) {
    return min === 1 ? l10n.t('exactly {0} item', min) : l10n.t('exactly {0} items', min!);
  }
  if (max === undefined) {
    return min === 1 ? l10n.t('at least {0} item', min) : l10n.t('at least {0} items', min!);
  }
  if (min === undefined) {
    return max === 1 ? l10n.t('at most {0} item', max) : l10n.t('at most {0} items', max);
  }
  return l10n.t('{0} to {1} items', min, max);
}
