/**
 * The schema of a Change Bins tab, for its completion and hover: a JSON Patch's operations, whose
 * paths are offered from the collection's schema doc and the bins' records at hand, or a merge
 * patch, shaped as the collection's records; and whole operations offered where one goes. No
 * `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { getLocation } from 'jsonc-parser';
import type { Json } from '../api';
import type { Suggestion } from './assist';

type Schema = { [key: string]: unknown };

/** Deep enough for the paths a change names; a schema doc's recursion ends here. */
const MAX_DEPTH = 4;

/**
 * `text` starting with `[` is a JSON Patch; otherwise a merge patch, as `parseRecordChange` reads it.
 * `recordPaths`: JSON Pointers found in the bins' records (`pointersIn`), offered with the schema's.
 */
export function changeSchema(text: string, recordSchema: Json | undefined, recordPaths: readonly string[] = []): Json {
  if (!text.trimStart().startsWith('[')) {
    return recordSchema ?? { type: 'object' };
  }
  const paths = [...new Set([...(recordSchema === undefined ? [] : pointersOf(recordSchema as Schema, '', 0)), ...recordPaths])];
  const path = (description: string): Json => ({ type: 'string', description, ...(paths.length > 0 ? { enum: paths } : {}) });
  return {
    type: 'array',
    items: {
      type: 'object',
      required: ['op', 'path'],
      properties: {
        op: {
          enum: ['add', 'remove', 'replace', 'move', 'copy', 'test'],
          description: l10n.t('What the operation does; "test" stops the change for a bin whose value differs'),
        },
        path: path(l10n.t('Where, as a JSON Pointer: /title, /tags/0, /tags/- (the end of a list)')),
        from: path(l10n.t('For move and copy: where the value comes from, as a JSON Pointer')),
        value: { description: l10n.t('For add, replace and test: the value') },
      },
    },
  };
}

/** The operations a JSON Patch may hold, as whole objects, where an operation goes: in the list, outside any operation. */
export function operationSuggestions(text: string, offset: number): Suggestion[] {
  const location = getLocation(text, offset);
  if (!text.trimStart().startsWith('[') || location.path.length !== 1 || typeof location.path[0] !== 'number' || location.previousNode) {
    return [];
  }
  const operation = (op: string, detail: string, ...fields: string[]): Suggestion => ({
    kind: 'value',
    label: op,
    snippet: `{ "op": "${op}", ${fields.join(', ')} }`,
    detail,
    required: false,
  });
  return [
    operation('replace', l10n.t('Replaces the value at a path'), '"path": "$1"', '"value": $2'),
    operation('add', l10n.t('Adds a property, or an item to a list'), '"path": "$1"', '"value": $2'),
    operation('remove', l10n.t('Removes the value at a path'), '"path": "$1"'),
    operation('test', l10n.t('Changes only the bins holding this value at a path'), '"path": "$1"', '"value": $2'),
    operation('move', l10n.t('Moves a value to another path'), '"from": "$1"', '"path": "$2"'),
    operation('copy', l10n.t('Copies a value to another path'), '"from": "$1"', '"path": "$2"'),
  ];
}

/** The JSON Pointers of the properties in records, nested objects included (not list items: their number varies by record). */
export function pointersIn(records: readonly Json[]): string[] {
  const found = new Set<string>();
  const walk = (value: Json, prefix: string, depth: number) => {
    if (depth >= MAX_DEPTH || typeof value !== 'object' || value === null || Array.isArray(value)) {
      return;
    }
    for (const [name, child] of Object.entries(value)) {
      const pointer = `${prefix}/${pointerSegment(name)}`;
      found.add(pointer);
      walk(child, pointer, depth + 1);
    }
  };
  records.forEach((record) => walk(record, '', 0));
  return [...found];
}

/** The JSON Pointers of the properties a schema names, nested objects included. */
function pointersOf(schema: Schema, prefix: string, depth: number): string[] {
  const properties = schema.properties;
  if (depth >= MAX_DEPTH || typeof properties !== 'object' || properties === null) {
    return [];
  }
  return Object.entries(properties as Record<string, Schema>).flatMap(([name, property]) => {
    const pointer = `${prefix}/${pointerSegment(name)}`;
    return [pointer, ...(typeof property === 'object' && property !== null ? pointersOf(property, pointer, depth + 1) : [])];
  });
}

/** A property's name as a segment of a JSON Pointer (RFC 6901). */
export function pointerSegment(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}
