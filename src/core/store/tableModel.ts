/**
 * A collection as a table, as plain data: the columns (the schema doc's top-level properties, or
 * those of the records read, plus JSONPath columns), each record's cells (a value, or a summary of
 * an array or object) and the schema problems placed in them. No `vscode`: the table's panel
 * shows what this computes, and the unit tests check it in plain Node.
 */
import * as l10n from '@vscode/l10n';
import { JSONPath } from 'jsonpath-plus';
import type { Json } from '../api';
import type { Problem } from '../schema/validator';

/** A property of the records (`title`), or a JSONPath the user added (`$.objectives.length`). */
export type Column = { kind: 'property'; key: string } | { kind: 'path'; path: string };

export type Scalar = string | number | boolean | null;

export interface Cell {
  text: string;
  /** The value, when it is a string, number, boolean or null: editable in place. */
  value?: Scalar;
  /** An array or object, summarized: the bin's tab opens at it. */
  node?: boolean;
  problem?: string;
}

export function columnId(column: Column): string {
  return column.kind === 'property' ? column.key : column.path;
}

/** Top-level properties: the schema's `properties`, in its order; without them, each record's keys as first seen. */
export function propertyColumns(schema: Json | undefined, records: readonly Json[]): Column[] {
  const declared = isObject(schema) && isObject(schema.properties) ? Object.keys(schema.properties) : [];
  const keys = new Set(declared);
  if (declared.length === 0) {
    records.filter(isObject).forEach((r) => Object.keys(r).forEach((k) => keys.add(k)));
  }
  return [...keys].map((key) => ({ kind: 'property', key }));
}

/** The values a top-level property may take, from the schema's `enum` (a drop-down in its cell). */
export function enumOf(schema: Json | undefined, key: string): Scalar[] | undefined {
  const property = isObject(schema) && isObject(schema.properties) ? schema.properties[key] : undefined;
  const values = isObject(property) && Array.isArray(property.enum) ? property.enum : undefined;
  return values?.every((v) => v === null || typeof v !== 'object') ? values : undefined;
}

/**
 * Checks a JSONPath before it becomes a column: throws with the library's words on one it cannot
 * read. Filters run in jsonpath-plus's safe evaluator, never as code.
 */
export function checkPath(path: string): void {
  query(path, {});
}

function query(path: string, json: Json): Json[] {
  return JSONPath({ path, json: json as object, wrap: true, eval: 'safe' }) as Json[];
}

/** A record's cell in a column: the property's value, or the JSONPath's one match (several: summarized as a list). */
export function cellOf(record: Json, column: Column): Cell {
  if (column.kind === 'property') {
    return isObject(record) && Object.hasOwn(record, column.key) ? valueCell(record[column.key]) : { text: '' };
  }
  let matches: Json[];
  try {
    matches = query(column.path, record);
  } catch {
    return { text: '' };
  }
  if (matches.length === 0) {
    return { text: '' };
  }
  const cell = valueCell(matches.length === 1 ? matches[0] : matches);
  // A path's value is shown, never edited in place: its node may be anywhere in the record.
  return { text: cell.text };
}

export function valueCell(value: Json): Cell {
  if (Array.isArray(value)) {
    return { text: value.length === 1 ? l10n.t('1 item') : l10n.t('{0} items', value.length), node: true };
  }
  if (isObject(value)) {
    const keys = Object.keys(value).length;
    // The braces are JSON's, passed as arguments: a brace in a message's text would read as a placeholder.
    const text =
      keys === 1
        ? l10n.t({ message: '{0}1 key{1}', args: ['{', '}'], comment: ['{0} and {1}: the braces of a JSON object, around the count'] })
        : l10n.t({ message: '{1}{0} keys{2}', args: [keys, '{', '}'], comment: ['{0}: a count; {1} and {2}: the braces of a JSON object, around it'] });
    return { text, node: true };
  }
  return { text: value === null ? 'null' : String(value), value };
}

/** The top-level property a problem is at: its pointer's first segment, or for a missing required property the one named. */
export function problemsByProperty(problems: readonly Problem[], record: Json, schema: Json | undefined): Map<string, string> {
  const found = new Map<string, string>();
  const required = isObject(schema) && Array.isArray(schema.required) ? schema.required.filter((k): k is string => typeof k === 'string') : [];
  const missing = isObject(record) ? required.filter((k) => !Object.hasOwn(record, k)) : [];
  for (const problem of problems) {
    const [, first] = problem.path.split('/');
    if (first !== undefined) {
      const key = first.replaceAll('~1', '/').replaceAll('~0', '~');
      if (!found.has(key)) {
        found.set(key, problem.message);
      }
    } else if (problem.keyword === 'required') {
      const key = missing.find((k) => problem.message.includes(`"${k}"`)) ?? missing[0];
      if (key !== undefined && !found.has(key)) {
        found.set(key, problem.message);
      }
    }
  }
  return found;
}

/** A record with one top-level property set: what an edit in a cell changes. */
export function recordWith(record: Json, key: string, value: Scalar): Json {
  return { ...(isObject(record) ? record : {}), [key]: value };
}

/** A cell's edit as the value it stands for: a number typed in a number's cell stays a number. */
export function editedValue(previous: Scalar | undefined, typed: Scalar): Scalar {
  if (typeof previous === 'number' && typeof typed === 'string' && typed.trim() !== '' && Number.isFinite(Number(typed))) {
    return Number(typed);
  }
  return typed;
}

export function isObject(value: unknown): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
