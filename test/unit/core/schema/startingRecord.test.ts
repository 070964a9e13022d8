import * as assert from 'node:assert/strict';
import type { Json } from '../../../../src/core/api';
import { startingRecord } from '../../../../src/core/schema/startingRecord';

describe('a new bin’s starting record', () => {
  it('fills the required properties: defaults, const, the first enum value, typed placeholders; leaves the optional ones out', () => {
    const schema: Json = {
      type: 'object',
      required: ['title', 'level', 'count', 'done', 'tags', 'kind', 'owner', 'version', 'note'],
      properties: {
        title: { type: 'string', minLength: 1 },
        level: { enum: ['beginner', 'advanced'] },
        count: { type: 'integer', minimum: 1 },
        done: { type: 'boolean' },
        tags: { type: 'array', items: { type: 'string' }, minItems: 2 },
        kind: { const: 'module' },
        owner: { type: 'object', required: ['name'], properties: { name: { type: 'string' }, email: { type: 'string' } } },
        version: { type: ['null', 'number'] },
        note: { type: 'string', default: 'none yet' },
        optional: { type: 'string' },
      },
    };
    assert.deepEqual(startingRecord(schema), {
      title: '',
      level: 'beginner',
      count: 1,
      done: false,
      tags: ['', ''],
      kind: 'module',
      owner: { name: '' },
      version: 0,
      note: 'none yet',
    });
  });

  it('follows local $refs and allOf, takes the first of oneOf, and never fetches a remote $ref', () => {
    const schema: Json = {
      $defs: { person: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } },
      allOf: [
        { required: ['author'], properties: { author: { $ref: '#/$defs/person' } } },
        { required: ['id'], properties: { id: { oneOf: [{ type: 'integer' }, { type: 'string' }] } } },
      ],
      required: ['remote'],
      properties: { remote: { $ref: 'https://example.com/schema.json' } },
    };
    assert.deepEqual(startingRecord(schema), { remote: null, author: { name: '' }, id: 0 });
  });

  it('stops at a schema that refers to itself, and gives {} for a schema with nothing required', () => {
    const schema: Json = { type: 'object', required: ['next'], properties: { next: { $ref: '#' } } };
    const record = JSON.stringify(startingRecord(schema));
    assert.ok(record.length < 200, record);
    assert.deepEqual(startingRecord({ type: 'object' }), {});
    assert.deepEqual(startingRecord(true), {});
  });
});
