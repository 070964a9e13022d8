/**
 * One walk of a definition's schema: every subschema once, in the order written, with what the
 * providers' rules ask of it (its level of object nesting, whether it lies in a required property)
 * and the counts their limits are about. `$ref`s are not followed, only resolved (local ones) to
 * find those that lead back to themselves.
 */
import type { Json } from '../../api';

export type JsonObject = { [key: string]: Json };

export interface SchemaNode {
  schema: JsonObject;
  /** Its JSON pointer under the definition's `schema`. */
  path: string;
  isObject: boolean;
  /** Objects from the root down to here, this one included. */
  level: number;
  /** The property it is the value of, or lies in through `items` and branches: whether that is required; undefined outside any (the root, a `$defs` entry). */
  inProperty?: { required: boolean };
}

export interface SchemaWalk {
  nodes: SchemaNode[];
  /** Object properties in all. */
  properties: number;
  /** Characters of property names, definition names, enum and const values. */
  characters: number;
  enumValues: number;
  /** The nodes whose `$ref` leads back to themselves. */
  recursive: SchemaNode[];
}

export const isObject = (value: Json | undefined): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

export const pointerSegment = (key: string | number) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');

/** Keywords whose value maps names to subschemas, and those whose value lists subschemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);
const SCHEMA_LISTS = new Set(['prefixItems', 'anyOf', 'oneOf', 'allOf']);

const objectSchema = (schema: JsonObject) => {
  const type = schema.type;
  return type === 'object' || (Array.isArray(type) && type.includes('object')) || (type === undefined && isObject(schema.properties));
};

const textLength = (value: Json) => (typeof value === 'string' ? value.length : JSON.stringify(value).length);

export function walkSchema(root: JsonObject): SchemaWalk {
  const walk: SchemaWalk = { nodes: [], properties: 0, characters: 0, enumValues: 0, recursive: [] };
  // A stack, not recursion: a schema nested thousands deep must not overflow the call stack.
  const stack: SchemaNode[] = [at(root, '', 0, undefined)];
  while (stack.length > 0) {
    const node = stack.pop()!;
    walk.nodes.push(node);
    count(walk, node.schema);
    stack.push(...children(node).reverse());
  }
  walk.recursive = recursiveRefs(walk.nodes);
  return walk;
}

function at(schema: JsonObject, path: string, parentLevel: number, inProperty: SchemaNode['inProperty']): SchemaNode {
  const object = objectSchema(schema);
  return { schema, path, isObject: object, level: parentLevel + (object ? 1 : 0), inProperty };
}

function count(walk: SchemaWalk, schema: JsonObject) {
  if (isObject(schema.properties)) {
    const names = Object.keys(schema.properties);
    walk.properties += names.length;
    walk.characters += names.reduce((sum, name) => sum + name.length, 0);
  }
  for (const key of ['$defs', 'definitions']) {
    const defs = schema[key];
    if (isObject(defs)) {
      walk.characters += Object.keys(defs).reduce((sum, name) => sum + name.length, 0);
    }
  }
  if (Array.isArray(schema.enum)) {
    walk.enumValues += schema.enum.length;
    walk.characters += schema.enum.reduce((sum: number, value) => sum + textLength(value), 0);
  }
  if ('const' in schema) {
    walk.characters += textLength(schema.const);
  }
}

/** The subschemas directly under `node`, in the order its keywords are written. */
function children(node: SchemaNode): SchemaNode[] {
  const found: SchemaNode[] = [];
  const { schema, path, level } = node;
  const add = (value: Json, keys: (string | number)[], inProperty: SchemaNode['inProperty']) => {
    if (isObject(value)) {
      found.push(at(value, path + keys.map((key) => '/' + pointerSegment(key)).join(''), level, inProperty));
    }
  };
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  for (const [keyword, value] of Object.entries(schema)) {
    if (SCHEMA_MAPS.has(keyword) && isObject(value)) {
      for (const [name, sub] of Object.entries(value)) {
        // A property is required or not; a pattern's are never; a definition lies in none.
        const inProperty = keyword === 'properties' ? { required: required.has(name) } : keyword === 'patternProperties' ? { required: false } : undefined;
        add(sub, [keyword, name], inProperty);
      }
    } else if ((SCHEMA_LISTS.has(keyword) || keyword === 'items') && Array.isArray(value)) {
      value.forEach((sub, i) => add(sub, [keyword, i], node.inProperty));
    } else if (keyword === 'items') {
      add(value, [keyword], node.inProperty);
    } else if (keyword === 'additionalProperties') {
      add(value, [keyword], { required: false });
    }
  }
  return found;
}

/** The JSON pointer a local `$ref` names (`#`, `#/$defs/x`), as this walk writes paths; undefined for any other. */
function target(ref: string): string | undefined {
  if (ref === '#') {
    return '';
  }
  if (!ref.startsWith('#/')) {
    return undefined;
  }
  try {
    return decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
}

/** A `$ref` is recursive when, from where it leads, walking down and through other `$ref`s reaches it again. */
function recursiveRefs(nodes: readonly SchemaNode[]): SchemaNode[] {
  const refs = nodes.flatMap((node) => (typeof node.schema.$ref === 'string' ? [{ node, to: target(node.schema.$ref) }] : []));
  const within = (to: string) => refs.filter((ref) => to === '' || ref.node.path === to || ref.node.path.startsWith(to + '/'));
  return refs
    .filter((start) => {
      const seen = new Set<string>();
      const queue = start.to === undefined ? [] : [start.to];
      while (queue.length > 0) {
        const to = queue.shift()!;
        for (const ref of within(to)) {
          if (ref === start) {
            return true;
          }
          if (ref.to !== undefined && !seen.has(ref.to)) {
            seen.add(ref.to);
            queue.push(ref.to);
          }
        }
      }
      return false;
    })
    .map((ref) => ref.node);
}
