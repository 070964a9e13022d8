/**
 * Finds the text ranges of the JSON nodes at given JSON pointers in one pass over the text,
 * building no tree and no token strings: only the keys of objects on a wanted path are read as
 * strings, and every other value is skipped as a whole, from quote to bracket with `indexOf`. The text must be valid JSON
 * (as `JSON.parse` accepts it); on any other text the walk still ends, but ranges may be wrong.
 */

export interface Range {
  offset: number;
  length: number;
}

export interface Located extends Range {
  /** The property key's range when the node is the value of a property. */
  key?: Range;
  /** Ranges of the node's own property keys, when asked for: all of them, or the ones named. */
  keys?: Map<string, Range>;
}

/** The pointers to locate, as a tree of path segments. */
export class Wanted {
  /** Made with the first child: most nodes are leaves. */
  private own?: Map<string, Wanted>;
  want = false;
  /** Whether the ranges of all its keys are wanted. */
  withKeys = false;
  /** The keys whose ranges are wanted, when not all are. */
  keyNames?: Set<string>;
  found?: Located;
  /** On the root: how many distinct nodes are wanted. */
  count = 0;

  add(pointer: string, withKeys = false): Wanted {
    let below: Wanted | undefined;
    // Segment by segment, with no array of them: a record's problems may be many.
    for (let start = 1; start <= pointer.length;) {
      const slash = pointer.indexOf('/', start);
      const end = slash === -1 ? pointer.length : slash;
      below = (below ?? this).child(unescaped(pointer.slice(start, end)));
      start = end + 1;
    }
    const node = below ?? this;
    if (!node.want) {
      node.want = true;
      this.count++;
    }
    node.withKeys ||= withKeys;
    return node;
  }

  /** As `add`, with the range of the node's key `name` (a record's objects have many keys; one is wanted). */
  addKey(pointer: string, name: string): Wanted {
    const node = this.add(pointer);
    (node.keyNames ??= new Set()).add(name);
    return node;
  }

  get children(): ReadonlyMap<string, Wanted> {
    return this.own ?? NO_CHILDREN;
  }

  private child(segment: string): Wanted {
    this.own ??= new Map();
    let child = this.own.get(segment);
    if (!child) {
      child = new Wanted();
      this.own.set(segment, child);
    }
    return child;
  }
}

const NO_CHILDREN: ReadonlyMap<string, Wanted> = new Map();

/** A pointer's segment as a key: most have no escapes, and skip the replacements. */
function unescaped(segment: string): string {
  return segment.includes('~') ? segment.replace(/~1/g, '/').replace(/~0/g, '~') : segment;
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

/**
 * Skips whole objects and arrays by where their quotes and brackets are, each found with
 * `indexOf`: native, and several times faster than a loop over every character (most of a text is
 * indentation and the insides of strings). The walk only goes forward, so where the next of each
 * is, once found, holds until the walk passes it: the text is searched once for each character.
 */
class Skipper {
  /** Where the next quote, `{`, `}`, `[` and `]` are, at or after where the walk was; the text's length for none. */
  private quote = -1;
  private openBrace = -1;
  private closeBrace = -1;
  private openBracket = -1;
  private closeBracket = -1;

  constructor(private readonly text: string) {}

  /** The end of the object or array whose opening bracket is at `i`. */
  containerEnd(i: number): number {
    const text = this.text;
    let depth = 0;
    for (;;) {
      if (this.quote < i) {
        this.quote = found(text.indexOf('"', i), text);
      }
      if (this.openBrace < i) {
        this.openBrace = found(text.indexOf('{', i), text);
      }
      if (this.closeBrace < i) {
        this.closeBrace = found(text.indexOf('}', i), text);
      }
      if (this.openBracket < i) {
        this.openBracket = found(text.indexOf('[', i), text);
      }
      if (this.closeBracket < i) {
        this.closeBracket = found(text.indexOf(']', i), text);
      }
      const open = Math.min(this.openBrace, this.openBracket);
      const bracket = Math.min(open, this.closeBrace, this.closeBracket);
      if (this.quote < bracket) {
        // A string, which may hold brackets: jumped over whole.
        i = stringEnd(text, this.quote);
      } else if (bracket === text.length) {
        return bracket;
      } else if (bracket === open) {
        depth++;
        i = bracket + 1;
      } else if (--depth === 0) {
        return bracket + 1;
      } else {
        i = bracket + 1;
      }
    }
  }
}

const found = (offset: number, text: string) => (offset === -1 ? text.length : offset);

/** The end of the value that starts at `i`: a string, a whole object or array, or a number or literal. */
function valueEnd(text: string, i: number, skipper: Skipper): number {
  const code = text.charCodeAt(i);
  if (code === QUOTE) {
    return stringEnd(text, i);
  }
  if (code === OPEN_BRACE || code === OPEN_BRACKET) {
    return skipper.containerEnd(i);
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
  const skipper = new Skipper(text);
  let remaining = root.count;
  const open: Open[] = [];
  let i = 0;
  // The wanted node of the value about to start (undefined when none is), and its key's range (none: -1).
  let wanted: Wanted | undefined = root;
  let keyOffset = -1;
  let keyLength = 0;
  while (remaining > 0) {
    // At a value.
    i = skipSpace(text, i);
    if (i >= text.length) {
      return;
    }
    const code = text.charCodeAt(i);
    // A duplicate key's later values are not counted again: the walk must go on to the other nodes.
    const withKeys = wanted !== undefined && (wanted.withKeys || wanted.keyNames !== undefined);
    const found =
      wanted?.want && !wanted.found
        ? (wanted.found = {
            offset: i,
            length: 0,
            key: keyOffset === -1 ? undefined : { offset: keyOffset, length: keyLength },
            keys: withKeys ? new Map<string, Range>() : undefined,
          })
        : undefined;
    const array = code === OPEN_BRACKET;
    if (wanted && (array || code === OPEN_BRACE) && (wanted.children.size > 0 || (withKeys && !array))) {
      // Its length is known at its closing bracket.
      open.push({ wanted, found, array, index: 0 });
      i++;
    } else {
      const end = valueEnd(text, i, skipper);
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
        keyOffset = -1;
        break;
      } else {
        // A key, then its colon: the value follows.
        const end = c === QUOTE ? stringEnd(text, i) : i + 1;
        const name = keyName(text, i, end);
        [keyOffset, keyLength] = [i, end - i];
        // A duplicate key's last range is kept, as JSON.parse keeps its last value.
        if (top.found?.keys && (top.wanted.withKeys || top.wanted.keyNames?.has(name))) {
          top.found.keys.set(name, { offset: keyOffset, length: keyLength });
        }
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
