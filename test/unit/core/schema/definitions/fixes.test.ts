/** The quick fixes of a definition's problems: each edit applied to the text, the text after it in full, and the problem gone. */
import * as assert from 'node:assert/strict';
import { applyEdits } from 'jsonc-parser';
import type { Json } from '../../../../../src/core/api';
import type { FixKind, Provider } from '../../../../../src/core/schema/definitions/api';
import { checkDefinition } from '../../../../../src/core/schema/definitions/check';
import { fixAllEdits, fixEdits } from '../../../../../src/core/schema/definitions/fixes';
import { definition, exampleRecord } from './fixtures';

const problemsOf = (text: string, providers: Provider[]) => checkDefinition(definition(JSON.parse(text) as Json), providers);

/** `text` after the fix of its one problem of `rule` for `provider`, which is then gone; the fix is one edit. */
function fixOne(text: string, provider: Provider, rule: string, path: string) {
  const before = problemsOf(text, [provider]);
  const problem = before.find((p) => p.rule === rule && p.path === path);
  assert.ok(problem, `no ${rule} at ${path}: ${JSON.stringify(before)}`);
  const edits = fixEdits(text, definition(JSON.parse(text) as Json), problem);
  assert.equal(edits.length, 1);
  const after = applyEdits(text, edits);
  const left = problemsOf(after, [provider]);
  assert.deepEqual(
    left.map((p) => [p.rule, p.path]),
    before.filter((p) => p !== problem).map((p) => [p.rule, p.path]),
    'only that problem is gone',
  );
  return after;
}

/** `text` after the fix of every problem of `kind`, none of which is left. */
function fixAll(text: string, kind: FixKind, providers: Provider[]) {
  const after = applyEdits(text, fixAllEdits(text, definition(JSON.parse(text) as Json), kind, providers));
  assert.deepEqual(
    problemsOf(after, providers).filter((p) => p.fix === kind),
    [],
  );
  return after;
}

describe('the quick fixes of a definition', () => {
  describe('additionalProperties: false', () => {
    it('is added after the object’s last member, on its own line as the others', () => {
      const text = '{\n  "name": "n",\n  "schema": {\n    "type": "object",\n    "properties": {}\n  }\n}';
      assert.equal(
        fixOne(text, 'openai', 'additionalPropertiesFalse', ''),
        '{\n  "name": "n",\n  "schema": {\n    "type": "object",\n    "properties": {},\n    "additionalProperties": false\n  }\n}',
      );
    });

    it('replaces a value that is not false, and keeps a one-line object on one line', () => {
      const text = '{"name": "n", "schema": {"type": "object", "additionalProperties": true, "properties": {"o": {"type":"object"}}, "required": ["o"]}}';
      assert.equal(
        fixOne(text, 'anthropic', 'additionalPropertiesFalse', ''),
        '{"name": "n", "schema": {"type": "object", "additionalProperties": false, "properties": {"o": {"type":"object"}}, "required": ["o"]}}',
      );
      assert.equal(
        fixOne(text, 'anthropic', 'additionalPropertiesFalse', '/properties/o'),
        '{"name": "n", "schema": {"type": "object", "additionalProperties": true, "properties": {"o": {"type":"object", "additionalProperties": false}}, "required": ["o"]}}',
      );
    });

    it('goes on every object at once, found by either provider once', () => {
      const text = JSON.stringify({
        name: 'n',
        schema: {
          type: 'object',
          properties: { a: { type: 'object', properties: {} }, b: { type: 'array', items: { type: 'object' } } },
          required: ['a', 'b'],
        },
      });
      assert.equal(
        fixAll(text, 'additionalPropertiesFalse', ['openai', 'anthropic']),
        '{"name":"n","schema":{"type":"object","properties":{"a":{"type":"object","properties":{},"additionalProperties":false},"b":{"type":"array","items":{"type":"object","additionalProperties":false}}},"required":["a","b"],"additionalProperties":false}}',
      );
    });
  });

  describe('require every property', () => {
    const schema = (properties: Record<string, Json>, required?: string[]) =>
      JSON.stringify({ name: 'n', schema: { type: 'object', additionalProperties: false, properties, ...(required && { required }) } }, null, 2);

    it('adds the property to required and makes its type a union with "null"', () => {
      const text = schema({ a: { type: 'string' }, b: { type: 'integer' } }, ['a']);
      assert.equal(
        fixOne(text, 'openai', 'requireEvery', '/properties/b'),
        schema({ a: { type: 'string' }, b: { type: 'integer' } }, ['a', 'b']).replace('"type": "integer"', '"type": ["integer", "null"]'),
      );
    });

    it('writes required when there is none, adds null to a type list and an enum', () => {
      const text = schema({ kind: { type: ['string', 'number'], enum: ['a', 1] } });
      assert.equal(
        fixOne(text, 'openai', 'requireEvery', '/properties/kind'),
        schema({ kind: { type: ['string', 'number', 'null'], enum: ['a', 1, null] } }).replace(/\n {2}}\n}$/, ',\n    "required": ["kind"]\n  }\n}'),
      );
    });

    it('adds a null branch to anyOf, wraps a $ref in anyOf with null', () => {
      const text = JSON.stringify({
        name: 'n',
        schema: {
          type: 'object',
          additionalProperties: false,
          properties: { a: { anyOf: [{ type: 'string' }] }, r: { $ref: '#/$defs/r' } },
          $defs: { r: { type: 'string' } },
        },
      });
      const after = fixAll(text, 'requireEvery', ['openai']);
      assert.equal(
        after,
        '{"name":"n","schema":{"type":"object","additionalProperties":false,"properties":{"a":{"anyOf":[{"type":"string"},{"type":"null"}]},"r":{"anyOf":[{"$ref":"#/$defs/r"},{"type":"null"}]}},"$defs":{"r":{"type":"string"}},"required":["a","r"]}}',
      );
      assert.deepEqual(problemsOf(after, ['openai']), []);
    });
  });

  describe('into the description', () => {
    it('moves a constraint into the node’s description, after what it said', () => {
      const text =
        '{\n  "name": "n",\n  "schema": {\n    "type": "object",\n    "additionalProperties": false,\n    "properties": {\n      "tags": {\n        "type": "array",\n        "description": "The tags",\n        "items": { "type": "string" },\n        "maxItems": 8\n      }\n    },\n    "required": ["tags"]\n  }\n}';
      assert.equal(
        fixOne(text, 'anthropic', 'keyword', '/properties/tags/maxItems'),
        text.replace('"The tags"', '"The tags\\nmaxItems: 8"').replace(',\n        "maxItems": 8', ''),
      );
    });

    it('takes the service’s example to one Anthropic takes, every item count in its description, and OpenAI still takes it', () => {
      const text = JSON.stringify(exampleRecord, null, 2);
      const after = fixAll(text, 'intoDescription', ['anthropic']);
      assert.deepEqual(problemsOf(after, ['openai', 'anthropic', 'gemini']), []);
      const record = JSON.parse(after) as { schema: { properties: Record<string, Json> } };
      assert.deepEqual(record.schema.properties.learningObjectives, { type: 'array', items: { type: 'string' }, description: 'minItems: 3\nmaxItems: 8' });
      assert.deepEqual(record.schema.properties.conceptConnections, {
        type: 'array',
        minItems: 1,
        items: (exampleRecord.schema as { properties: Record<string, { items: Json }> }).properties.conceptConnections.items,
        description: 'maxItems: 3',
      });
    });

    it('points into a response_format record, and gives no edit for a problem without a fix', () => {
      const text = JSON.stringify({
        type: 'json_schema',
        json_schema: {
          name: 'a b',
          schema: { type: 'object', additionalProperties: false, properties: { n: { type: 'number', minimum: 1 } }, required: ['n'] },
        },
      });
      assert.equal(
        fixOne(text, 'anthropic', 'keyword', '/properties/n/minimum'),
        '{"type":"json_schema","json_schema":{"name":"a b","schema":{"type":"object","additionalProperties":false,"properties":{"n":{"type":"number","description":"minimum: 1"}},"required":["n"]}}}',
      );
      const [name] = problemsOf(text, ['openai']);
      assert.equal(name.rule, 'name');
      assert.deepEqual(fixEdits(text, definition(JSON.parse(text) as Json), name), []);
    });
  });
});
