import * as assert from 'node:assert/strict';
import { locate, Wanted } from '../../../../src/core/schema/locate';

const text = '{"a/b": {"0": [10, {"x~y": true}]}, "list": [[1], [2, 3]], "s": "v"}';
const at = (r: { offset: number; length: number } | undefined) => (r ? text.slice(r.offset, r.offset + r.length) : undefined);

describe('locate', () => {
  it('finds nodes by JSON pointer, with escapes, numeric keys and nested arrays', () => {
    const root = new Wanted();
    const whole = root.add('');
    const deep = root.add('/a~1b/0/1/x~0y');
    const item = root.add('/list/1/1');
    const object = root.add('/a~1b', true);
    const missing = root.add('/nope/0');
    locate(text, root);
    assert.equal(at(whole.found), text);
    assert.equal(at(deep.found), 'true');
    assert.equal(at(deep.found?.key), '"x~y"');
    assert.equal(at(item.found), '3');
    assert.equal(item.found?.key, undefined);
    assert.equal(at(object.found), '{"0": [10, {"x~y": true}]}');
    assert.equal(at(object.found?.keys?.get('0')), '"0"');
    assert.equal(missing.found, undefined);
  });
});

describe('locate, stopping early', () => {
  it('stops at the last wanted node: text after it is never read', () => {
    const root = new Wanted();
    const whole = root.add('');
    // Were the walk to go on, the second object would be taken for the root again.
    const text = '{"a": 1} {"b": 2}';
    locate(text, root);
    assert.equal(text.slice(whole.found!.offset, whole.found!.offset + whole.found!.length), '{"a": 1}');
  });
});

describe('locate, duplicate keys', () => {
  it('counts a node found twice once, so the nodes after it are still found', () => {
    const duplicated = '{"a":1,"a":2,"b":{"c":3}}';
    const root = new Wanted();
    const a = root.add('/a');
    const c = root.add('/b/c');
    locate(duplicated, root);
    assert.equal(duplicated.slice(a.found!.offset, a.found!.offset + a.found!.length), '1');
    assert.equal(duplicated.slice(c.found!.offset, c.found!.offset + c.found!.length), '3');
  });
});
