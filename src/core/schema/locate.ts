/**
 * Finds the text ranges of the JSON nodes at given JSON pointers in one pass over the text with
 * `charCodeAt`, building no tree and no token strings: only the keys of objects on a wanted path
 * are read as strings, and every other value is skipped as a whole. The text must be valid JSON
 * (as `JSON.parse` accepts it); on any other text the walk still ends, but ranges may be wrong.
 */

export interface Range {
  offset: number;
  length: number;
}

export interface Located extends Range {
  /** The property key's range when the node is the value of a property. */
  key?: Range;
  /** Ranges of the node's own property keys, when asked for. */
  keys?: Map<string, Range>;
}

/** The pointers to locate, as a tree of path segments. */
export class Wanted {
  readonly children = new Map<string, Wanted>();
  want = false;
  withKeys = false;
  found?: Located;
  /** On the root: how many distinct nodes are wanted. */
  count = 0;

  add(pointer: string, withKeys = false): Wanted {
    const node = segments(pointer).reduce<Wanted>((parent, segment) => parent.child(segment), this);
    if (!node.want) {
      node.want = true;
      this.count++;
    }
    node.withKeys ||= withKeys;
    return node;
  }

  private child(segment: string): Wanted {
    let child = this.children.get(segment);
    if (!child) {
      child = new Wanted();
      this.children.set(segment, child);
    }
    return child;
  }
}

export function segments(pointer: string): string[] {
  if (pointer === '') {
    return [];
  }
  const parts = pointer.slice(1).split('/');
  // Most pointers have no escapes: skip the replacements then.
  return pointer.includes('~') ? parts.map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')) : parts;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function skipSpace(text: string, i: number): number {
  while (i < text.length && isSpace(text.charCodeAt(i))) {
    i++;
  }
  return i;
}

/** The end of the string whose opening quote is at `i`: `indexOf` finds quotes far faster than a loop over every character. */
function stringEnd(text: string, i: number): number {
  for (let quote = text.indexOf('"', i + 1); quote !== -1; quote = text.indexOf('"', quote + 1)) {
    // A quote after an odd number of backslashes is escaped.
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) {
      backslashes++;
    }
    if (backslashes % 2 === 0) {
      return quote + 1;
    }
  }
  return text.length;
}

/** The end of the value that starts at `i`: a string, a whole object or array, or a number or literal. */
function valueEnd(text: string, i: number): number {
  const code = text.charCodeAt(i);
  if (code === QUOTE) {
    return stringEnd(text, i);
  }
  if (code === OPEN_BRACE || code === OPEN_BRACKET) {
    // Only brackets and strings matter inside: count the depth, jumping over strings (which may hold brackets).
    let depth = 0;
    while (i < text.length) {
      const c = text.charCodeAt(i);
      // Whitespace, the most common character between strings, sorts below the quote: one comparison for it.
      if (c > QUOTE) {
        if (c === OPEN_BRACE || c === OPEN_BRACKET) {
          depth++;
        } else if ((c === CLOSE_BRACE || c === CLOSE_BRACKET) && --depth === 0) {
          return i + 1;
        }
      } else if (c === QUOTE) {
        i = stringEnd(text, i);
        continue;
      }
      i++;
    }
    return i;
  }
  // A number, `true`, `false` or `null` runs to the next delimiter.
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isSpace(c)) {
      break;
    }
    i++;
  }
  return i;
}

/** A key's name: decoded only when it has escapes, the rare case. */
function keyName(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end - 1);
  if (!raw.includes('\\')) {
    return raw;
  }
  try {
    return JSON.parse(text.slice(start, end)) as string;
  } catch {
    // A broken escape (not valid JSON): the key matches no pointer from a parsed record.
    return raw;
  }
}

/** An object or array on a wanted path, being walked member by member. */
interface Open {
  wanted: Wanted;
  /** Its range, when it is wanted itself. */
  found?: Located;
  array: boolean;
  /** The next item's index, in an array. */
  index: number;
}

/**
 * Walks the text once, and no further than the last wanted node, filling `found` of every wanted
 * node. Only objects and arrays on a wanted path are entered; anything else is skipped whole.
 */
export function locate(text: string, root: Wanted): void {
  let remaining = root.count;
  const open: Open[] = [];
  let i = 0;
  // The wanted node of the value about to start (undefined when none is), and its key's range.
  let wanted: Wanted | undefined = root;
  let key: Range | undefined;
  while (remaining > 0) {
    // At a value.
    i = skipSpace(text, i);
    if (i >= text.length) {
      return;
    }
    const code = text.charCodeAt(i);
    // A duplicate key's later values are not counted again: the walk must go on to the other nodes.
    const found =
      wanted?.want && !wanted.found ? (wanted.found = { offset: i, length: 0, key, keys: wanted.withKeys ? new Map<string, Range>() : undefined }) : undefined;
    const array = code === OPEN_BRACKET;
    if (wanted && (array || code === OPEN_BRACE) && (wanted.children.size > 0 || (wanted.withKeys && !array))) {
      // Its length is known at its closing bracket.
      open.push({ wanted, found, array, index: 0 });
      i++;
    } else {
      const end = valueEnd(text, i);
      if (found) {
        found.length = end - i;
        remaining--;
      }
      i = end;
    }
    // On to the next value of an open object or array, closing the ones that end on the way.
    for (;;) {
      i = skipSpace(text, i);
      const top = open[open.length - 1];
      if (remaining === 0 || i >= text.length || !top) {
        return;
      }
      const c = text.charCodeAt(i);
      if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        open.pop();
        if (top.found) {
          top.found.length = i + 1 - top.found.offset;
          remaining--;
        }
        i++;
      } else if (c === COMMA) {
        i++;
      } else if (top.array) {
        // Pointer segments are strings, array indexes too.
        wanted = top.wanted.children.get(String(top.index++));
        key = undefined;
        break;
      } else {
        // A key, then its colon: the value follows.
        const end = c === QUOTE ? stringEnd(text, i) : i + 1;
        const name = keyName(text, i, end);
        key = { offset: i, length: end - i };
        top.found?.keys?.set(name, key);
        wanted = top.wanted.children.get(name);
        i = skipSpace(text, end);
        if (text.charCodeAt(i) === COLON) {
          i++;
        }
        break;
      }
    }
  }
}
