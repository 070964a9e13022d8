/**
 * `X-JSON-Path` of the local service: the JSONPath the hosted API documents (Goessner's syntax),
 * without filter `[?(…)]` and script `[(…)]` expressions. `$`, `.name`, `['name']`, `[n]`
 * (negative from the end), `[*]`, `.*`, `..` (recursive descent), `[start:end:step]` slices and
 * `[a,b]` unions. A path may leave out the leading `$.` (`users[0].firstName`), as the hosted
 * documentation's own example does. The answer is the list of selected values in document order.
 *
 * No JSONPath package is installed; `select` is the one entry point, so that a package's query
 * (e.g. `jsonpath`'s `query(record, path)`) can take its place.
 */

export class JsonPathError extends Error {}

type Selector =
  { kind: 'member'; name: string } | { kind: 'index'; index: number } | { kind: 'slice'; start?: number; end?: number; step?: number } | { kind: 'wildcard' };

interface Segment {
  selectors: Selector[];
  /** `..`: the selectors apply to the node and every node below it. */
  descendants: boolean;
}

/** The values `path` selects in `record`; throws `JsonPathError` for a path it cannot read. */
export function select(record: unknown, path: string): unknown[] {
  let nodes = [record];
  for (const segment of parse(path)) {
    nodes = nodes.flatMap((node) => (segment.descendants ? [...selfAndBelow(node)] : [node]).flatMap((n) => segment.selectors.flatMap((s) => apply(s, n))));
  }
  return nodes;
}

function* selfAndBelow(node: unknown): Generator<unknown> {
  yield node;
  if (node !== null && typeof node === 'object') {
    for (const child of Object.values(node)) {
      yield* selfAndBelow(child);
    }
  }
}

function apply(selector: Selector, node: unknown): unknown[] {
  if (node === null || typeof node !== 'object') {
    return [];
  }
  const array = Array.isArray(node) ? (node as unknown[]) : undefined;
  switch (selector.kind) {
    case 'wildcard':
      return Object.values(node);
    case 'member':
      return !array && Object.hasOwn(node, selector.name) ? [(node as Record<string, unknown>)[selector.name]] : [];
    case 'index': {
      const i = selector.index < 0 ? (array?.length ?? 0) + selector.index : selector.index;
      return array && i >= 0 && i < array.length ? [array[i]] : [];
    }
    case 'slice':
      return array ? slice(array, selector) : [];
  }
}

/** Python's slice, as RFC 9535 defines it: negative bounds count from the end, step 0 selects nothing. */
function slice(array: unknown[], { start, end, step = 1 }: { start?: number; end?: number; step?: number }): unknown[] {
  const n = array.length;
  const clamp = (i: number, low: number, high: number) => Math.min(Math.max(i < 0 ? n + i : i, low), high);
  const picked: unknown[] = [];
  if (step > 0) {
    for (let i = clamp(start ?? 0, 0, n), upper = clamp(end ?? n, 0, n); i < upper; i += step) picked.push(array[i]);
  } else if (step < 0) {
    for (let i = clamp(start ?? n - 1, -1, n - 1), lower = clamp(end ?? -n - 1, -1, n - 1); i > lower; i += step) picked.push(array[i]);
  }
  return picked;
}

const NAME = /^[A-Za-z_$\d-][\w$-]*/;
const INTEGER = /^-?\d+/;

/** The path's segments after the root; the error says where reading stopped. */
function parse(path: string): Segment[] {
  const given = path.trim();
  if (given === '') {
    throw new JsonPathError('The path is empty');
  }
  // Without its root, `users[0]` reads as `$.users[0]`.
  const source = given.startsWith('$') ? given : given.startsWith('[') || given.startsWith('.') ? `$${given}` : `$.${given}`;
  let rest = source.slice(1);
  const fail = (what: string): never => {
    throw new JsonPathError(`${what} at position ${source.length - rest.length + 1} of ${source}`);
  };
  const segments: Segment[] = [];
  while (rest !== '') {
    const descendants = rest.startsWith('..');
    if (descendants || rest.startsWith('.')) {
      rest = rest.slice(descendants ? 2 : 1);
      if (rest.startsWith('*')) {
        rest = rest.slice(1);
        segments.push({ selectors: [{ kind: 'wildcard' }], descendants });
        continue;
      }
      const name = NAME.exec(rest)?.[0];
      if (name !== undefined) {
        rest = rest.slice(name.length);
        segments.push({ selectors: [{ kind: 'member', name }], descendants });
        continue;
      }
      if (!descendants || !rest.startsWith('[')) {
        fail('A member name or * expected');
      }
    }
    if (!rest.startsWith('[')) {
      fail(`Unexpected "${rest[0]}"`);
    }
    rest = rest.slice(1);
    const selectors: Selector[] = [];
    for (;;) {
      rest = rest.trimStart();
      if (rest.startsWith('?(') || rest.startsWith('(')) {
        fail('Filter and script expressions ([?(…)], [(…)]) are not supported by this service');
      }
      selectors.push(selector());
      rest = rest.trimStart();
      if (rest.startsWith(']')) {
        rest = rest.slice(1);
        break;
      }
      if (!rest.startsWith(',')) {
        fail('"]" or "," expected');
      }
      rest = rest.slice(1);
    }
    segments.push({ selectors, descendants });
  }
  return segments;

  function selector(): Selector {
    if (rest.startsWith('*')) {
      rest = rest.slice(1);
      return { kind: 'wildcard' };
    }
    if (rest.startsWith("'") || rest.startsWith('"')) {
      return { kind: 'member', name: quoted() };
    }
    const numbers: (number | undefined)[] = [];
    for (;;) {
      const integer = INTEGER.exec(rest)?.[0];
      numbers.push(integer === undefined ? undefined : Number(integer));
      rest = rest.slice(integer?.length ?? 0).trimStart();
      if (!rest.startsWith(':') || numbers.length === 3) {
        break;
      }
      rest = rest.slice(1).trimStart();
    }
    if (numbers.length === 1) {
      return numbers[0] === undefined ? fail('A name, an index, a slice or * expected') : { kind: 'index', index: numbers[0] };
    }
    const [start, end, step] = numbers;
    return { kind: 'slice', start, end, step };
  }

  /** A quoted member name, with `\` escaping the next character. */
  function quoted(): string {
    const quote = rest[0];
    let name = '';
    let i = 1;
    for (; i < rest.length && rest[i] !== quote; i++) {
      if (rest[i] === '\\') i++;
      name += rest[i] ?? '';
    }
    if (i >= rest.length) {
      fail('An unterminated quoted name');
    }
    rest = rest.slice(i + 1);
    return name;
  }
}
