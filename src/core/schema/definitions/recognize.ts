/**
 * Which records are structured-output definitions: `{ name, strict?, schema }` (OpenAI's
 * `json_schema` object, and its Responses API `format`, which adds `type`) or OpenAI's
 * `response_format`, `{ type: "json_schema", json_schema: { name, strict?, schema } }`.
 */
import type { Json } from '../../api';
import type { Definition } from './api';

type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The definition `record` is, or undefined when it has neither shape. */
export function definitionOf(record: Json): Definition | undefined {
  if (!isObject(record)) {
    return undefined;
  }
  if (record.type === 'json_schema' && isObject(record.json_schema)) {
    return inner(record.json_schema, '/json_schema');
  }
  return inner(record, '');
}

function inner(object: JsonObject, at: string): Definition | undefined {
  const { name, strict, schema } = object;
  // A `strict` that is there but not a boolean says the record is something else.
  if (typeof name !== 'string' || !isObject(schema) || (strict !== undefined && typeof strict !== 'boolean')) {
    return undefined;
  }
  return { name, strict, schema, schemaPointer: `${at}/schema`, namePointer: `${at}/name` };
}
