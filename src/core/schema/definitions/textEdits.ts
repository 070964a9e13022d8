/**
 * Changes to a JSON text that keep its layout: a member added after the last one, on its own line
 * indented as the others when they have their own lines, on the same line when they share one; a
 * value replaced in place, written on one line. jsonc-parser finds the nodes; its own formatter
 * would rewrite a one-line object whole.
 */
import { findNodeAtLocation, modify, applyEdits, parseTree, type JSONPath, type Node } from 'jsonc-parser';
import type { Json } from '../../api';
import type { TextEdit } from './api';

/** How a text separates members and items on one line: `", "` and `": "`, or `","` and `":"` as `JSON.stringify` writes. */
interface Style {
  comma: string;
  colon: string;
}

/** The text's own style, read from its first member and its first container of two children on one line. */
function styleOf(text: string, root: Node | undefined): Style {
  const style: Partial<Style> = {};
  const stack = root ? [root] : [];
  while (stack.length > 0 && (style.colon === undefined || style.comma === undefined)) {
    const node = stack.shift()!;
    const children = node.children ?? [];
    if (node.type === 'property' && children.length === 2) {
      style.colon ??= text.slice(children[0].offset + children[0].length, children[1].offset);
    } else if (children.length > 1) {
      const gap = text.slice(children[0].offset + children[0].length, children[1].offset);
      style.comma ??= gap.includes('\n') ? undefined : gap;
    }
    stack.push(...children);
  }
  return { comma: style.comma === ',' ? ',' : ', ', colon: style.colon === ':' ? ':' : ': ' };
}

/** `value` on one line, in `style`. */
export function inline(value: Json, style: Style = { comma: ', ', colon: ': ' }): string {
  if (Array.isArray(value)) {
    return `[${value.map((item) => inline(item, style)).join(style.comma)}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const members = Object.entries(value).map(([key, member]) => `${JSON.stringify(key)}${style.colon}${inline(member, style)}`);
    const pad = style.comma === ',' || members.length === 0 ? '' : ' ';
    return `{${pad}${members.join(style.comma)}${pad}}`;
  }
  return JSON.stringify(value);
}

/** The node at `path`, in `text` as it is now. */
export const nodeAt = (text: string, path: JSONPath): Node | undefined => {
  const root = parseTree(text);
  return root && findNodeAtLocation(root, path);
};

/** The JSON path of a JSON pointer in `text`: an array's index as a number. Undefined when the pointer leads nowhere. */
export function pathOf(text: string, pointer: string): JSONPath | undefined {
  let node = parseTree(text);
  const path: JSONPath = [];
  for (const segment of pointer === '' ? [] : pointer.slice(1).split('/')) {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    const step = node?.type === 'array' ? Number(key) : key;
    node = node && findNodeAtLocation(node, [step]);
    if (!node) {
      return undefined;
    }
    path.push(step);
  }
  return path;
}

const indentOf = (text: string, offset: number) => {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
};

const replace = (text: string, offset: number, length: number, content: string) => text.slice(0, offset) + content + text.slice(offset + length);

/** `content` after the last of `container`'s children, as they are laid out; inside it when it has none. */
function append(text: string, container: Node, content: string, style: Style): string {
  const children = container.children ?? [];
  if (children.length === 0) {
    return replace(text, container.offset + 1, 0, content);
  }
  const [first, last] = [children[0], children[children.length - 1]];
  const end = last.offset + last.length;
  if (text.slice(container.offset, first.offset).includes('\n')) {
    return replace(text, end, 0, `,\n${indentOf(text, first.offset)}${content}`);
  }
  return replace(text, end, 0, style.comma + content);
}

/** `object`'s member `key` set to `value`: replaced when there, else added after the others. */
export function setMember(text: string, objectPath: JSONPath, key: string, value: Json): string | undefined {
  const root = parseTree(text);
  const object = root && findNodeAtLocation(root, objectPath);
  if (object?.type !== 'object') {
    return undefined;
  }
  const style = styleOf(text, root);
  const existing = findNodeAtLocation(object, [key]);
  if (existing) {
    return replace(text, existing.offset, existing.length, inline(value, style));
  }
  return append(text, object, `${JSON.stringify(key)}${style.colon}${inline(value, style)}`, style);
}

/** `value` added at the end of the array at `arrayPath`. */
export function appendItem(text: string, arrayPath: JSONPath, value: Json): string | undefined {
  const root = parseTree(text);
  const array = root && findNodeAtLocation(root, arrayPath);
  if (array?.type !== 'array') {
    return undefined;
  }
  const style = styleOf(text, root);
  return append(text, array, inline(value, style), style);
}

/** The member at `path` removed, with its comma (jsonc-parser keeps the lines around it). */
export function removeMember(text: string, path: JSONPath): string {
  return applyEdits(text, modify(text, path, undefined, {}));
}

/** The one edit that turns `before` into `after`: what lies between their common start and end. */
export function oneEdit(before: string, after: string): TextEdit[] {
  if (before === after) {
    return [];
  }
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) {
    start++;
  }
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end]) {
    end++;
  }
  return [{ offset: start, length: before.length - start - end, content: after.slice(start, after.length - end) }];
}
