import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import { locate, Wanted, type Located, type Range } from '../../../../src/core/schema/locate';

/** A JSON value and one way of writing it. */
interface Doc<T = unknown> {
  value: T;
  text: string;
}

/** Whitespace as JSON allows it between tokens. */
const space = fc.string({ unit: fc.constantFrom(' ', '\t', '\n', '\r'), maxLength: 3 });

const SHORT_ESCAPES: Record<string, string> = { '"': '\\"', '\\': '\\\\', '/': '\\/', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One UTF-16 code unit written raw (where JSON allows it), with its short escape, or as `\uXXXX`. */
function encodeUnit(unit: string, how: number): string {
  const raw = unit !== '"' && unit !== '\\' && unit.charCodeAt(0) >= 0x20;
  if (how === 0 && raw) {
    return unit;
  }
  if (how <= 1 && SHORT_ESCAPES[unit]) {
    return SHORT_ESCAPES[unit];
  }
  return `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/** Characters that need care: quotes, backslashes, slashes, pointer escapes, controls, non-ASCII; and any others. */
const piece = fc.oneof(fc.constantFrom('"', '\\', '/', '~', '~1', 'é', '\u2028', '😀', '\n', '\u0001', '0'), fc.string({ unit: 'binary', maxLength: 2 }));

/** Strings of such pieces, each written one of three ways. */
const jsonString: fc.Arbitrary<Doc<string>> = fc.array(fc.tuple(piece, fc.nat(2)), { maxLength: 6 }).map((parts) => ({
  value: parts.map(([s]) => s).join(''),
  text: `"${parts
    .map(([s, how]) =>
      s
        .split('')
        .map((unit) => encodeUnit(unit, how))
        .join(''),
    )
    .join('')}"`,
}));

/** Numbers in every form JSON allows: sign, fraction, exponent of either case and sign. */
const jsonNumber: fc.Arbitrary<Doc> = fc
  .tuple(
    fc.constantFrom('', '-'),
    fc.oneof(fc.constant('0'), fc.integer({ min: 1, max: 1e9 }).map(String)),
    fc.option(fc.nat(999)),
    fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), fc.nat(20))),
  )
  .map(([sign, whole, fraction, exponent]) => {
    const text = `${sign}${whole}${fraction === null ? '' : `.${fraction}`}${exponent === null ? '' : exponent.join('')}`;
    return { value: Number(text), text };
  });

const literal: fc.Arbitrary<Doc> = fc.constantFrom(true, false, null).map((value) => ({ value, text: String(value) }));

/** JSON values written with random whitespace between every two tokens. */
const { doc } = fc.letrec<{ doc: Doc; array: Doc; object: Doc }>((tie) => ({
  doc: fc.oneof({ depthSize: 'small', withCrossShrink: true }, jsonString, jsonNumber, literal, tie('array'), tie('object')),
  array: fc.tuple(fc.array(fc.tuple(space, tie('doc'), space), { maxLength: 4 }), space).map(([items, empty]) => ({
    value: items.map(([, item]) => item.value),
    text: `[${items.length === 0 ? empty : items.map(([before, item, after]) => before + item.text + after).join(',')}]`,
  })),
  object: fc
    .tuple(fc.uniqueArray(fc.tuple(space, jsonString, space, space, tie('doc'), space), { selector: ([, key]) => key.value, maxLength: 4 }), space)
    .map(([members, empty]) => ({
      value: Object.fromEntries(members.map(([, key, , , member]) => [key.value, member.value])),
      text: `{${members.length === 0 ? empty : members.map(([a, key, b, c, member, d]) => `${a}${key.text}${b}:${c}${member.text}${d}`).join(',')}}`,
    })),
}));

/** Any JSON value as JSON.stringify writes it, on one line or indented. */
const stringified: fc.Arbitrary<Doc> = fc
  .tuple(fc.jsonValue(), fc.constantFrom(undefined, 2, '\t'))
  .map(([value, indent]) => ({ value: JSON.parse(JSON.stringify(value)) as unknown, text: JSON.stringify(value, null, indent) }));

/** A whole text: either kind of writing, with whitespace around it. */
const record: fc.Arbitrary<Doc> = fc
  .tuple(space, fc.oneof(doc, stringified), space)
  .map(([before, { value, text }, after]) => ({ value, text: before + text + after }));

/** A path as jsonc-parser takes it (numbers index arrays) and as a JSON pointer. */
interface Path {
  segments: (string | number)[];
  pointer: string;
}

const escapeSegment = (segment: string | number) => String(segment).replace(/~/g, '~0').replace(/\//g, '~1');

/** Every path in the value, the root first. */
function paths(value: unknown, prefix: Path = { segments: [], pointer: '' }): Path[] {
  const children: [string | number, unknown][] = Array.isArray(value)
    ? value.map((v, i) => [i, v])
    : value !== null && typeof value === 'object'
      ? Object.entries(value)
      : [];
  return [prefix, ...children.flatMap(([k, v]) => paths(v, { segments: [...prefix.segments, k], pointer: `${prefix.pointer}/${escapeSegment(k)}` }))];
}

/** A path below an existing one that (but for a key that happens to be there) does not exist: a key, an index past the end, an index with a leading zero. */
function missing(value: unknown, path: Path, how: number): Path {
  const node = path.segments.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value);
  const absent = ['not there', Array.isArray(node) ? node.length : 'x', '01'][how];
  return { segments: [...path.segments, absent], pointer: `${path.pointer}/${escapeSegment(absent)}` };
}

const range = (node: Node): Range => ({ offset: node.offset, length: node.length });

/** What jsonc-parser's tree says about the node at the path. */
function expected(tree: Node, path: Path, withKeys: boolean): Located | undefined {
  const node = findNodeAtLocation(tree, path.segments);
  if (!node) {
    return undefined;
  }
  const property = node.parent?.type === 'property' ? node.parent : undefined;
  const found: Located = { ...range(node), key: property ? range(property.children![0]) : undefined };
  if (withKeys) {
    const members = node.type === 'object' ? node.children! : [];
    found.keys = new Map(members.map((member) => [member.children![0].value as string, range(member.children![0])]));
  }
  return found;
}

function actual(found: Located | undefined, withKeys: boolean): Located | undefined {
  return found && { offset: found.offset, length: found.length, key: found.key, ...(withKeys ? { keys: found.keys } : {}) };
}

describe('locate, against jsonc-parser on generated JSON', () => {
  it('finds exactly the nodes, keys and key maps that parseTree and findNodeAtLocation find', () => {
    const pick = fc.tuple(fc.nat(), fc.boolean(), fc.option(fc.nat(2), { freq: 4 }));
    fc.assert(
      fc.property(record, fc.array(pick, { minLength: 1, maxLength: 8 }), fc.boolean(), ({ value, text }, picks, everything) => {
        // The generators write what they mean.
        assert.deepEqual(JSON.parse(text), value);
        const all = paths(value);
        const chosen = everything ? all.map((path): [Path, boolean] => [path, true]) : [];
        for (const [index, withKeys, absent] of picks) {
          const path = all[index % all.length];
          chosen.push([absent === null ? path : missing(value, path, absent), withKeys]);
        }
        const root = new Wanted();
        const targets = chosen.map(([path, withKeys]) => root.add(path.pointer, withKeys));
        locate(text, root);
        const tree = parseTree(text)!;
        chosen.forEach(([path], i) => {
          // A node wanted both with and without its keys has them.
          const { found, withKeys } = targets[i];
          assert.deepEqual(actual(found, withKeys), expected(tree, path, withKeys), `at ${JSON.stringify(path.pointer)} in ${JSON.stringify(text)}`);
        });
      }),
      { numRuns: 500, seed: 20240611 },
    );
  });

  // Were the walk to loop, the test would time out.
  it('ends without throwing on text that is not JSON', () => {
    const notJson = fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', '\\', ':', ',', ' ', 'a', '1', '\n'), maxLength: 40 });
    const pointer = fc.array(fc.constantFrom('a', '0', '1', ''), { maxLength: 3 }).map((parts) => parts.map((p) => `/${p}`).join(''));
    fc.assert(
      fc.property(notJson, fc.array(fc.tuple(pointer, fc.boolean()), { maxLength: 4 }), (text, pointers) => {
        const root = new Wanted();
        const targets = pointers.map(([p, withKeys]) => root.add(p, withKeys));
        locate(text, root);
        for (const target of targets) {
          const found = target.found;
          assert.ok(!found || (found.offset >= 0 && found.offset + found.length <= text.length), 'a range inside the text');
        }
      }),
      { numRuns: 500, seed: 20240611 },
    );
  });
});
