/**
 * Finds the text ranges of the JSON nodes at given JSON pointers in one pass of jsonc-parser's
 * scanner, building no tree: only the wanted nodes are recorded. The text must be valid JSON.
 */
import { createScanner, SyntaxKind } from 'jsonc-parser';

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

interface Frame {
  wanted?: Wanted;
  array: boolean;
  index: number;
  key?: string;
  keyRange?: Range;
  expectingKey: boolean;
}

/** Walks the text once, and no further than the last wanted node, filling `found` of every wanted node. */
export function locate(text: string, root: Wanted): void {
  const scanner = createScanner(text, true);
  const stack: Frame[] = [];
  let remaining = root.count;
  const start = (offset: number): Wanted | undefined => {
    const parent = stack[stack.length - 1];
    const wanted = parent ? parent.wanted?.children.get(parent.array ? String(parent.index) : parent.key!) : root;
    if (wanted?.want) {
      wanted.found = { offset, length: 0, key: parent && !parent.array ? parent.keyRange : undefined };
      if (wanted.withKeys) {
        wanted.found.keys = new Map();
      }
    }
    return wanted;
  };
  for (let token = scanner.scan(); token !== SyntaxKind.EOF && remaining > 0; token = scanner.scan()) {
    const offset = scanner.getTokenOffset();
    const top = stack[stack.length - 1];
    switch (token) {
      case SyntaxKind.OpenBraceToken:
      case SyntaxKind.OpenBracketToken: {
        const array = token === SyntaxKind.OpenBracketToken;
        stack.push({ wanted: start(offset), array, index: 0, expectingKey: !array });
        break;
      }
      case SyntaxKind.CloseBraceToken:
      case SyntaxKind.CloseBracketToken: {
        const found = stack.pop()?.wanted?.found;
        if (found && found.length === 0) {
          found.length = offset + 1 - found.offset;
          remaining--;
        }
        break;
      }
      case SyntaxKind.CommaToken:
        if (top.array) {
          top.index++;
        } else {
          top.expectingKey = true;
        }
        break;
      case SyntaxKind.ColonToken:
        break;
      default:
        if (top && !top.array && top.expectingKey) {
          top.key = scanner.getTokenValue();
          top.keyRange = { offset, length: scanner.getTokenLength() };
          top.expectingKey = false;
          top.wanted?.found?.keys?.set(top.key, top.keyRange);
        } else {
          const found = start(offset)?.found;
          if (found && found.offset === offset) {
            found.length = scanner.getTokenLength();
            remaining--;
          }
        }
    }
  }
}

export function segments(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}
