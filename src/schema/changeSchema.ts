/**
 * The schema of a Change Bins tab, for its completion and hover: a JSON Patch's operations, whose
 * paths are offered from the collection's schema doc, or a merge patch, shaped as the collection's
 * records. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { Json } from '../api';

type Schema = { [key: string]: unknown };

/** Deep enough for the paths a change names; a schema doc's recursion ends here. */
const MAX_DEPTH = 4;

/** `text` starting with `[` is a JSON Patch; otherwise a merge patch, as `parseRecordChange` reads it. */
export function changeSchema(text: string, recordSchema: Json | undefined): Json {
  if (!text.trimStart().startsWith('[')) {
    return recordSchema ?? { type: 'object' };
  }
  const paths = recordSchema === undefined ? [] : pointersOf(recordSchema as Schema, '', 0);
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

/** The JSON Pointers of the properties a schema names, nested objects included. */
function pointersOf(schema: Schema, prefix: string, depth: number): string[] {
  const properties = schema.properties;
  if (depth >= MAX_DEPTH || typeof properties !== 'object' || properties === null) {
    return [];
  }
  return Object.entries(properties as Record<string, Schema>).flatMap(([name, property]) => {
    const pointer = `${prefix}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    return [pointer, ...(typeof property === 'object' && property !== null ? pointersOf(property, pointer, depth + 1) : [])];
  });
}
