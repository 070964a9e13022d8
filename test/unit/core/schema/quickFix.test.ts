/** The quick fix of a missing required property: added where it belongs, valued as a new record starts. */
import * as assert from 'node:assert/strict';
import type { Json } from '../../../../src/core/api';
import { missingPropertyFixes } from '../../../../src/core/schema/quickFix';

const schema: Json = {
  type: 'object',
  required: ['title', 'level', 'meta'],
  properties: {
    title: { type: 'string' },
    level: { enum: ['beginner', 'advanced'] },
    meta: { $ref: '#/$defs/meta' },
  },
  $defs: {
    meta: {
      type: 'object',
      required: ['tags', 'weeks'],
      properties: { tags: { type: 'array', minItems: 1, items: { type: 'string' } }, weeks: { default: 3 } },
    },
  },
};

/** `text` with each fix applied alone. */
const applied = (text: string, offset: number) =>
  missingPropertyFixes(text, offset, schema).map((f) => [f.name, text.slice(0, f.offset) + f.insert + text.slice(f.offset)]);

describe('the quick fix of a missing required property', () => {
  it('adds each missing property of the root after its last one, indented as it is', () => {
    const text = '{\n  "title": "Light",\n  "meta": {"tags": ["x"], "weeks": 1}\n}';
    assert.deepEqual(applied(text, 0), [['level', '{\n  "title": "Light",\n  "meta": {"tags": ["x"], "weeks": 1},\n  "level": "beginner"\n}']]);
  });

  it('fills a nested object marked at its key, following a local $ref, with defaults and typed placeholders', () => {
    const text = '{"title": "t", "level": "advanced", "meta": {}}';
    const fixes = applied(text, text.indexOf('"meta"'));
    assert.deepEqual(fixes, [
      ['tags', '{"title": "t", "level": "advanced", "meta": {"tags": [""]}}'],
      ['weeks', '{"title": "t", "level": "advanced", "meta": {"weeks": 3}}'],
    ]);
    for (const [, fixed] of fixes) {
      JSON.parse(fixed);
    }
  });

  it('adds after a property on the same line with a comma, and nothing to an object that lacks none or to text that is not JSON', () => {
    assert.deepEqual(applied('{"title": "t", "meta": {"tags": [], "weeks": 2}}', 0), [
      ['level', '{"title": "t", "meta": {"tags": [], "weeks": 2}, "level": "beginner"}'],
    ]);
    assert.deepEqual(applied('{"title": "t", "level": "advanced", "meta": {"tags": [], "weeks": 2}}', 0), []);
    assert.deepEqual(applied('', 0), []);
  });
});
