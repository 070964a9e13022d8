/** Values skipped whole (by where their quotes and brackets are) and keys wanted by name, against jsonc-parser's tree. */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { locate, Wanted } from '../../../../src/core/schema/locate';

const at = (text: string, r: { offset: number; length: number } | undefined) => r && text.slice(r.offset, r.offset + r.length);

/** Strings that look like structure: brackets, quotes and backslashes, escaped as JSON.stringify escapes them. */
const tricky = fc.string({ unit: fc.constantFrom('{', '}', '[', ']', '"', '\\', ',', ':', ' ', 'a', '\n'), maxLength: 8 });
const value = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof({ depthSize: 'small' }, tricky, fc.integer(), fc.array(tie('v'), { maxLength: 3 }), fc.dictionary(tricky, tie('v'), { maxKeys: 3 })),
})).v;

describe('locate, skipping values whole', () => {
  it('finds each wanted node after values whose strings hold brackets, quotes and backslashes', () => {
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 5 }), fc.constantFrom(undefined, 2, '\t'), fc.nat(), (items, indent, pick) => {
        // Whole values skipped before the wanted one, and one wanted inside an item after them.
        const record = { skipped: items, wanted: items[pick % items.length], last: [items, 'end'] };
        const text = JSON.stringify(record, null, indent);
        const root = new Wanted();
        const wanted = root.add('/wanted');
        const end = root.add('/last/1');
        locate(text, root);
        const tree = parseTree(text)!;
        const expected = (path: (string | number)[]) => {
          const node = findNodeAtLocation(tree, path)!;
          return text.slice(node.offset, node.offset + node.length);
        };
        assert.equal(at(text, wanted.found), expected(['wanted']));
        assert.equal(at(text, end.found), '"end"');
      }),
      { numRuns: 300 },
    );
  });
});

describe('locate, keys wanted by name', () => {
  it('keeps the ranges of the keys named (a duplicate’s last), and of no other', () => {
    const text = '{"a": {"x": 1, "y": {"x": 2}, "z": 3, "x": 4}}';
    const root = new Wanted();
    const node = root.addKey('/a', 'x');
    root.addKey('/a', 'z');
    locate(text, root);
    assert.equal(at(text, node.found), '{"x": 1, "y": {"x": 2}, "z": 3, "x": 4}');
    assert.deepEqual([...node.found!.keys!.keys()], ['x', 'z']);
    assert.equal(node.found!.keys!.get('x')!.offset, text.lastIndexOf('"x"'));
    assert.equal(at(text, node.found!.keys!.get('z')), '"z"');
    assert.equal(at(text, node.found!.key), '"a"');
  });

  it('wants the node itself once, whether by name or not', () => {
    const text = '[{"a": 1}, {"b": 2}]';
    const root = new Wanted();
    const first = root.add('/0');
    assert.equal(root.addKey('/0', 'a'), first);
    const second = root.addKey('/1', 'c');
    assert.equal(root.count, 2);
    locate(text, root);
    assert.equal(at(text, first.found), '{"a": 1}');
    assert.equal(at(text, first.found!.keys!.get('a')), '"a"');
    assert.equal(at(text, second.found), '{"b": 2}');
    assert.equal(second.found!.keys!.size, 0);
  });
});
