/** Definitions for the checker's and the fixes' tests: the service's example record in full, and small schemas that break one rule each. */
import type { Json } from '../../../../../src/core/api';
import type { Definition } from '../../../../../src/core/schema/definitions/api';
import { definitionOf } from '../../../../../src/core/schema/definitions/recognize';
import { courseModuleSchema } from '../../../../service/courseModule';

type JsonObject = { [key: string]: Json };

/** The service's example record (contract 2.1), as people keep it in a bin. */
export const exampleRecord: JsonObject = { name: 'course_module', strict: true, schema: courseModuleSchema as JsonObject };

/** The definition `record` is; fails when it is none. */
export function definition(record: Json): Definition {
  const found = definitionOf(record);
  if (!found) {
    throw new Error(`not a definition: ${JSON.stringify(record)}`);
  }
  return found;
}

/** `{ name, strict: true, schema }`. */
export const defined = (schema: JsonObject, name = 'fixture') => definition({ name, strict: true, schema });

/** An object every provider takes: closed, every property required. */
export const closed = (properties: Record<string, JsonObject>, more: JsonObject = {}): JsonObject => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
  ...more,
});

export const text: JsonObject = { type: 'string' };

/** Objects nested `levels` deep, the root being the first: each holds the next in `x`. */
export const nested = (levels: number): JsonObject => (levels === 1 ? closed({ leaf: text }) : closed({ x: nested(levels - 1) }));
