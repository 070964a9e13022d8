import * as assert from 'node:assert/strict';
import { changeSchema } from '../../../src/schema/changeSchema';
import { subschema } from '../../../src/schema/assist';

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
});
