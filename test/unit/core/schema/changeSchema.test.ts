import * as assert from 'node:assert/strict';
import { changeSchema, operationSuggestions, pointersIn } from '../../../../src/core/schema/changeSchema';
import { subschema } from '../../../../src/core/schema/assist';

describe("a Change Bins tab's schema", () => {
  const record = { type: 'object', properties: { title: { type: 'string' }, 'a/b': { properties: { c: {} } } } };

  it("offers a JSON Patch's operations, and paths as JSON Pointers from the records' schema", () => {
    const schema = changeSchema(' [', record);
    assert.deepEqual(subschema(schema, [0, 'op'])?.enum, ['add', 'remove', 'replace', 'move', 'copy', 'test']);
    assert.deepEqual(subschema(schema, [0, 'path'])?.enum, ['/title', '/a~1b', '/a~1b/c']);
    assert.equal(subschema(changeSchema('[', undefined), [0, 'path'])?.enum, undefined);
  });

  it("takes a merge patch as a record: the records' schema", () => {
    assert.equal(changeSchema('{', record), record);
  });

  it("offers the paths of the bins' records at hand with the schema's, each once", () => {
    const paths = pointersIn([
      { title: 'a', meta: { level: 1 }, tags: ['x'] },
      { title: 'b', 'a/b': 1 },
    ]);
    assert.deepEqual(paths, ['/title', '/meta', '/meta/level', '/tags', '/a~1b']);
    assert.deepEqual(subschema(changeSchema('[', record, paths), [0, 'from'])?.enum, ['/title', '/a~1b', '/a~1b/c', '/meta', '/meta/level', '/tags']);
  });

  it('offers whole operations where one goes in the list, and nowhere else', () => {
    const empty = '[\n  \n]';
    const offered = operationSuggestions(empty, empty.indexOf('\n  ') + 3);
    assert.deepEqual(
      offered.map((s) => s.label),
      ['replace', 'add', 'remove', 'test', 'move', 'copy'],
    );
    assert.equal(offered[0].snippet, '{ "op": "replace", "path": "$1", "value": $2 }');
    const after = '[{ "op": "remove", "path": "/a" }, ]';
    assert.equal(operationSuggestions(after, after.length - 1).length, 6, 'after an operation');
    assert.deepEqual(operationSuggestions(after, after.indexOf('/a') + 1), [], 'inside a value');
    assert.deepEqual(operationSuggestions(after, after.indexOf('"path"')), [], 'inside an operation');
    assert.deepEqual(operationSuggestions('{ }', 1), [], 'a merge patch');
  });
});
