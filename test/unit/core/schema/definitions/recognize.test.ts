/** Which records are structured-output definitions, and where their name and schema sit. */
import * as assert from 'node:assert/strict';
import type { Json } from '../../../../../src/core/api';
import { definitionOf } from '../../../../../src/core/schema/definitions/recognize';
import { courseModuleSchema } from '../../../../service/courseModule';

const schema = courseModuleSchema as { [key: string]: Json };

describe('recognizing a structured-output definition', () => {
  it('takes the service example record { name, strict, schema }', () => {
    assert.deepEqual(definitionOf({ name: 'course_module', strict: true, schema }), {
      name: 'course_module',
      strict: true,
      schema,
      schemaPointer: '/schema',
      namePointer: '/name',
    });
  });

  it('takes it without strict, and with the Responses API type beside it', () => {
    assert.deepEqual(definitionOf({ name: 'n', schema: {} }), { name: 'n', strict: undefined, schema: {}, schemaPointer: '/schema', namePointer: '/name' });
    assert.equal(definitionOf({ type: 'json_schema', name: 'n', strict: false, schema: {} })?.strict, false);
  });

  it('takes a response_format, { type: "json_schema", json_schema: { … } }, pointing into it', () => {
    assert.deepEqual(definitionOf({ type: 'json_schema', json_schema: { name: 'n', strict: true, schema: { type: 'object' } } }), {
      name: 'n',
      strict: true,
      schema: { type: 'object' },
      schemaPointer: '/json_schema/schema',
      namePointer: '/json_schema/name',
    });
  });

  it('refuses a schema that is not an object, a name that is not a string, a strict that is not a boolean', () => {
    const refused: Json[] = [
      { name: 'n', schema: [] },
      { name: 'n', schema: null },
      { name: 'n', schema: true },
      { name: 'n', schema: 'object' },
      { name: 3, schema: {} },
      { schema: {} },
      { name: 'n' },
      { name: 'n', strict: 'true', schema: {} },
      { name: 'n', strict: null, schema: {} },
      { type: 'json_schema', json_schema: { name: 'n', strict: 1, schema: {} } },
      { type: 'json_schema', json_schema: { name: 'n', schema: [] } },
      { type: 'json_schema', json_schema: { schema: {} } },
      { type: 'text', json_schema: { name: 'n', schema: {} } },
    ];
    for (const record of refused) {
      assert.equal(definitionOf(record), undefined, JSON.stringify(record));
    }
  });

  it('refuses what is not an object at all', () => {
    for (const record of [null, 1, 'x', true, [{ name: 'n', schema: {} }]] as Json[]) {
      assert.equal(definitionOf(record), undefined, JSON.stringify(record));
    }
  });
});
