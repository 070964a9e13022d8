/**
 * The quick fix of a missing required property: the property added to its object, valued as a new
 * bin's starting record would value it (default, const, first enum value, typed placeholder).
 * Loaded with the first quick fix asked for. No `vscode` import.
 */
import { findNodeAtOffset, getNodePath, parseTree, type Node } from 'jsonc-parser';
import type { Json } from '../api';
import { subschema } from './assist';
import { startingValue } from './startingRecord';

export interface PropertyFix {
  name: string;
  /** Where the text goes, and the text: the property, with the comma and line break it needs. */
  offset: number;
  insert: string;
}

/**
 * The required properties that the object marked at `offset` lacks (a schema problem marks the
 * object's key, or its opening brace at the root), each with the text that adds it.
 */
export function missingPropertyFixes(text: string, offset: number, schema: Json): PropertyFix[] {
  const root = parseTree(text);
  let node = root && findNodeAtOffset(root, offset, true);
  if (node?.parent?.type === 'property' && node.parent.children?.[0] === node) {
    node = node.parent.children[1];
  }
  while (node && node.type !== 'object') {
    node = node.parent;
  }
  if (!node) {
    return [];
  }
  const object = node;
  const path = getNodePath(object);
  const required = subschema(schema, path)?.required;
  const present = new Set((object.children ?? []).map((p) => p.children?.[0]?.value as unknown));
  const missing = (Array.isArray(required) ? required : []).filter((name): name is string => typeof name === 'string' && !present.has(name));
  return missing.map((name) => {
    const value = JSON.stringify(startingValue((subschema(schema, [...path, name]) ?? {}) as Json, schema));
    return { name, ...insertion(text, object, `${JSON.stringify(name)}: ${value}`) };
  });
}

/** After the object's last property, on a line of its own indented as that one; or inside an empty object. */
function insertion(text: string, object: Node, property: string): { offset: number; insert: string } {
  const last = object.children?.[object.children.length - 1];
  if (!last) {
    return { offset: object.offset + 1, insert: property };
  }
  const lineStart = text.lastIndexOf('\n', last.offset) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart, last.offset))![0];
  const sameLine = lineStart <= object.offset;
  return { offset: last.offset + last.length, insert: sameLine ? `, ${property}` : `,\n${indent}${property}` };
}
