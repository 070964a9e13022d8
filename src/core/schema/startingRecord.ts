/**
 * A new bin's starting record, made from its collection's schema doc: `{}` is what most schema
 * docs refuse. Each required property gets its default, its `const`, its enum's first value or a
 * placeholder of its type; local `$ref`s are followed, remote ones never fetched. No `vscode` import.
 */
import type { Json } from '../api';

type Schema = { [key: string]: Json };

/** How deep nested required objects are filled: a recursive schema stops there. */
const MAX_DEPTH = 8;

export function startingRecord(schema: Json): Json {
  return valueOf(schema, schema, 0) ?? {};
}

/** The value a new record would start with for `schema`, a part of `root` (its local `$ref`s are `root`'s). */
export function startingValue(schema: Json, root: Json): Json {
  return valueOf(schema, root, 0) ?? null;
}

function valueOf(schema: Json | undefined, root: Json, depth: number): Json | undefined {
  const s = resolve(schema, root);
  if (!s || depth > MAX_DEPTH) {
    return undefined;
  }
  if (s.default !== undefined) {
    return s.default;
  }
  if (s.const !== undefined) {
    return s.const;
  }
  if (Array.isArray(s.enum) && s.enum.length > 0) {
    return s.enum[0];
  }
  const branch = [s.oneOf, s.anyOf].find((b): b is Json[] => Array.isArray(b) && b.length > 0)?.[0];
  if (branch !== undefined && s.type === undefined && s.properties === undefined) {
    return valueOf(branch, root, depth + 1);
  }
  switch (typeOf(s)) {
    case 'object':
      return objectOf(s, root, depth);
    case 'array': {
      const count = typeof s.minItems === 'number' ? Math.min(s.minItems, 100) : 0;
      return Array.from({ length: count }, () => valueOf(s.items, root, depth + 1) ?? null);
    }
    case 'string':
      return '';
    case 'number':
    case 'integer':
      return typeof s.minimum === 'number' ? s.minimum : 0;
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return undefined;
  }
}

function objectOf(s: Schema, root: Json, depth: number): Json {
  const record: { [key: string]: Json } = {};
  const parts = Array.isArray(s.allOf) ? s.allOf.map((part) => resolve(part, root)).filter((p): p is Schema => p !== undefined) : [];
  for (const part of [s, ...parts]) {
    const properties = isSchema(part.properties) ? part.properties : {};
    for (const name of Array.isArray(part.required) ? part.required.filter((n): n is string => typeof n === 'string') : []) {
      record[name] ??= valueOf(properties[name], root, depth + 1) ?? null;
    }
  }
  return record;
}

/** The type a value is made of: the first of several that is not null; an object when properties say so. */
function typeOf(s: Schema): string | undefined {
  const types = Array.isArray(s.type) ? s.type : [s.type];
  const type = types.find((t) => typeof t === 'string' && t !== 'null') ?? types.find((t) => typeof t === 'string');
  if (typeof type === 'string') {
    return type;
  }
  return s.properties !== undefined || s.required !== undefined || s.allOf !== undefined ? 'object' : undefined;
}

/** A schema, with a local `$ref` (`#/…`) followed; a remote one is not (nothing is fetched). */
function resolve(schema: Json | undefined, root: Json, seen = 0): Schema | undefined {
  if (!isSchema(schema)) {
    return undefined;
  }
  const ref = schema.$ref;
  if (typeof ref !== 'string') {
    return schema;
  }
  if (!ref.startsWith('#') || seen > MAX_DEPTH) {
    return undefined;
  }
  let target: Json | undefined = root;
  for (const segment of ref.slice(1).split('/').filter(Boolean)) {
    const key = decoded(segment).replace(/~1/g, '/').replace(/~0/g, '~');
    target = isSchema(target) ? target[key] : undefined;
  }
  return resolve(target, root, seen + 1);
}

function isSchema(value: Json | undefined): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A `$ref` segment's escapes undone; a malformed one stays as written (it then finds nothing). */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
