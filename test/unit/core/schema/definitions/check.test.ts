/** A definition against each provider's strict mode: the example record, one fixture per rule, each limit just under and just over. */
import * as assert from 'node:assert/strict';
import type { Json } from '../../../../../src/core/api';
import type { Definition, LimitOverrides, Provider } from '../../../../../src/core/schema/definitions/api';
import { checkDefinition, DEFAULT_LIMITS } from '../../../../../src/core/schema/definitions/check';
import { closed, defined, definition, exampleRecord, nested, text } from './fixtures';

type JsonObject = { [key: string]: Json };

/** The problems of `definition` for `provider`, without their message. */
const found = (provider: Provider, def: Definition, limits?: LimitOverrides) =>
  checkDefinition(def, [provider], limits).map(({ rule, path, pointer, severity, fix }) => ({ rule, path, pointer, severity, ...(fix && { fix }) }));

/** The one problem `schema` (the value of a property `a` of a closed root) has for `provider`. */
const one = (provider: Provider, a: JsonObject) => found(provider, defined(closed({ a })));

const problem = (rule: string, path: string, severity: 'error' | 'warning' = 'error', fix?: string) => ({
  rule,
  path,
  pointer: '/schema' + path,
  severity,
  ...(fix && { fix }),
});

describe('a definition against the providers’ strict modes', () => {
  describe('the service’s example record', () => {
    const example = definition(exampleRecord);

    it('passes OpenAI’s and Gemini’s', () => {
      assert.deepEqual(found('openai', example), []);
      assert.deepEqual(found('gemini', example), []);
    });

    it('breaks Anthropic’s once at each minItems above 1 and each maxItems', () => {
      const arrays = [
        ['/properties/learningObjectives', 3],
        ['/properties/coreConcepts', 2],
        ['/properties/coreConcepts/items/properties/checkQuestions', 2],
        ['/properties/practiceSets', 2],
        ['/properties/practiceSets/items/properties/problems', 2],
        ['/properties/practiceSets/items/properties/problems/items/properties/guidingQuestions', 2],
        ['/properties/conceptConnections', 1],
        ['/properties/commonMisconceptions', 2],
        ['/properties/realWorldApplications', 2],
        ['/properties/extensionChallenges', 2],
        ['/properties/keyVocabulary', 3],
        ['/properties/reflectionQuestions', 3],
        ['/properties/nextSteps/properties/topicsToReview', 1],
        ['/properties/nextSteps/properties/relatedTopicsToExplore', 1],
        ['/properties/nextSteps/properties/homeworkPreparation', 0],
      ] as const;
      const expected = arrays.flatMap(([path, minItems]) => [
        ...(minItems > 1 ? [problem('minItems', `${path}/minItems`, 'error', 'intoDescription')] : []),
        problem('keyword', `${path}/maxItems`, 'error', 'intoDescription'),
      ]);
      assert.equal(expected.length, 26);
      assert.deepEqual(found('anthropic', example), expected);
    });

    it('names the provider and the rule in each message, and gives the providers asked in their order', () => {
      const problems = checkDefinition(example, ['gemini', 'anthropic', 'openai']);
      assert.ok(problems.every((p) => p.provider === 'anthropic'));
      assert.equal(problems[1].message, 'Anthropic strict mode: maxItems is not supported');
      assert.equal(problems[0].message, 'Anthropic strict mode: minItems is 0 or 1 only, not 3');
    });

    it('points into a response_format record', () => {
      const wrapped = definition({ type: 'json_schema', json_schema: { ...exampleRecord, name: 'course module' } });
      const [first, name] = [checkDefinition(wrapped, ['anthropic'])[0], checkDefinition(wrapped, ['openai'])[0]];
      assert.equal(first.pointer, '/json_schema/schema/properties/learningObjectives/minItems');
      assert.deepEqual([name.rule, name.path, name.pointer], ['name', '', '/json_schema/name']);
    });
  });

  describe('OpenAI', () => {
    it('takes anyOf, $defs and a recursive $ref, pattern, its formats, numeric bounds and item counts', () => {
      const formats = ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid'];
      const schema = closed(
        {
          ...Object.fromEntries(formats.map((format) => [format, { type: 'string', format }])),
          code: { type: 'string', pattern: '^(?=x)\\w+\\1$' },
          n: { type: 'number', multipleOf: 2, minimum: 0, maximum: 9, exclusiveMinimum: -1, exclusiveMaximum: 10 },
          list: { type: 'array', items: text, minItems: 3, maxItems: 8 },
          either: { anyOf: [text, { type: 'null' }] },
          tree: { $ref: '#/$defs/tree' },
        },
        { $defs: { tree: closed({ children: { type: 'array', items: { $ref: '#/$defs/tree' } } }) } },
      );
      assert.deepEqual(found('openai', defined(schema)), []);
    });

    it('wants additionalProperties: false on every object', () => {
      assert.deepEqual(one('openai', { type: 'object', properties: { b: text }, required: ['b'] }), [
        problem('additionalPropertiesFalse', '/properties/a', 'error', 'additionalPropertiesFalse'),
      ]);
      assert.deepEqual(one('openai', { type: 'object', additionalProperties: true }), [
        problem('additionalPropertiesFalse', '/properties/a', 'error', 'additionalPropertiesFalse'),
      ]);
    });

    it('wants every property required, at the property that is not', () => {
      const schema = closed({ a: text, b: text }, { required: ['a'] });
      assert.deepEqual(found('openai', defined(schema)), [problem('requireEvery', '/properties/b', 'error', 'requireEvery')]);
    });

    it('wants the root an object, not anyOf', () => {
      assert.deepEqual(found('openai', defined({ anyOf: [closed({ a: text }), closed({ b: text })] })), [problem('rootObject', '')]);
      assert.deepEqual(found('openai', defined({ type: 'array', items: text })), [problem('rootObject', '')]);
    });

    it('refuses allOf, not, if, then, else, dependentRequired and dependentSchemas, moving only the constraint into the description', () => {
      const refused: [string, Json][] = [
        ['allOf', [text]],
        ['not', { type: 'number' }],
        ['if', { minLength: 1 }],
        ['then', text],
        ['else', text],
        ['dependentRequired', { a: ['b'] }],
        ['dependentSchemas', { a: text }],
      ];
      for (const [keyword, value] of refused) {
        const fix = keyword === 'dependentRequired' ? 'intoDescription' : undefined;
        assert.deepEqual(one('openai', { type: 'string', [keyword]: value }), [problem('keyword', `/properties/a/${keyword}`, 'error', fix)], keyword);
      }
    });

    it('warns of minLength, maxLength and patternProperties', () => {
      assert.deepEqual(one('openai', { type: 'string', minLength: 1 }), [problem('keyword', '/properties/a/minLength', 'warning', 'intoDescription')]);
      assert.deepEqual(one('openai', { type: 'string', maxLength: 9 }), [problem('keyword', '/properties/a/maxLength', 'warning', 'intoDescription')]);
      assert.deepEqual(one('openai', closed({}, { patternProperties: { '^x': text } })), [problem('keyword', '/properties/a/patternProperties', 'warning')]);
    });

    it('refuses a format it does not list', () => {
      assert.deepEqual(one('openai', { type: 'string', format: 'uri' }), [problem('format', '/properties/a/format', 'error', 'intoDescription')]);
    });

    it('wants the name of letters, digits, _ and -, 64 at most, at the name', () => {
      const schema = closed({ a: text });
      for (const name of ['a', 'course_module-2', 'x'.repeat(64)]) {
        assert.deepEqual(found('openai', defined(schema, name)), [], name);
      }
      for (const name of ['', 'course module', 'x'.repeat(65), 'modul€']) {
        assert.deepEqual(found('openai', defined(schema, name)), [{ rule: 'name', path: '', pointer: '/name', severity: 'error' }], name);
      }
    });
  });

  describe('Anthropic', () => {
    it('takes a pattern without backreference, lookaround or \\b, its formats, minItems 0 or 1, allOf without $ref, a $ref that does not recur', () => {
      const formats = ['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'uri', 'ipv4', 'ipv6', 'uuid'];
      const schema = closed(
        {
          ...Object.fromEntries(formats.map((format) => [format, { type: 'string', format }])),
          ...Object.fromEntries(['^[a-z]+$', '(?:ab)+', '[\\b]x', '\\\\b', '\\\\1', '\\d{3}'].map((pattern, i) => [`p${i}`, { type: 'string', pattern }])),
          none: { type: 'array', items: text, minItems: 0 },
          some: { type: 'array', items: text, minItems: 1 },
          both: { allOf: [text, { description: 'a text' }] },
          kind: { enum: ['a', 1, true, null] },
          ref: { $ref: '#/$defs/leaf' },
        },
        { $defs: { leaf: closed({ a: text }) } },
      );
      assert.deepEqual(found('anthropic', defined(schema)), []);
    });

    it('wants additionalProperties: false on every object', () => {
      assert.deepEqual(one('anthropic', { type: 'object', properties: {} }), [
        problem('additionalPropertiesFalse', '/properties/a', 'error', 'additionalPropertiesFalse'),
      ]);
    });

    it('refuses numeric bounds, minLength, maxLength and maxItems, each movable into the description', () => {
      const refused: [string, JsonObject][] = [
        ['minimum', { type: 'number', minimum: 1 }],
        ['maximum', { type: 'number', maximum: 1 }],
        ['multipleOf', { type: 'number', multipleOf: 1 }],
        ['exclusiveMinimum', { type: 'number', exclusiveMinimum: 1 }],
        ['exclusiveMaximum', { type: 'number', exclusiveMaximum: 1 }],
        ['minLength', { type: 'string', minLength: 1 }],
        ['maxLength', { type: 'string', maxLength: 1 }],
        ['maxItems', { type: 'array', items: text, maxItems: 1 }],
      ];
      for (const [keyword, schema] of refused) {
        assert.deepEqual(one('anthropic', schema), [problem('keyword', `/properties/a/${keyword}`, 'error', 'intoDescription')], keyword);
      }
    });

    it('refuses minItems other than 0 or 1', () => {
      assert.deepEqual(one('anthropic', { type: 'array', items: text, minItems: 2 }), [
        problem('minItems', '/properties/a/minItems', 'error', 'intoDescription'),
      ]);
    });

    it('refuses recursion, at each $ref that recurs', () => {
      assert.deepEqual(one('anthropic', { type: 'array', items: { $ref: '#' } }), [problem('recursion', '/properties/a/items/$ref')]);
      const cycle = closed(
        { a: { $ref: '#/$defs/x' } },
        { $defs: { x: closed({ y: { $ref: '#/$defs/y' } }), y: { type: 'array', items: { $ref: '#/$defs/x' } } } },
      );
      assert.deepEqual(found('anthropic', defined(cycle)), [problem('recursion', '/$defs/x/properties/y/$ref'), problem('recursion', '/$defs/y/items/$ref')]);
    });

    it('refuses allOf together with $ref', () => {
      assert.deepEqual(one('anthropic', { allOf: [{ $ref: '#/$defs/none' }] }), [problem('allOfWithRef', '/properties/a/allOf')]);
    });

    it('refuses a pattern with a backreference, lookaround or \\b', () => {
      for (const pattern of ['(\\w)\\1', '(?<n>a)\\k<n>', '(?=a)a', '(?!a)b', '(?<=a)b', '(?<!a)b', '\\bword']) {
        assert.deepEqual(one('anthropic', { type: 'string', pattern }), [problem('pattern', '/properties/a/pattern', 'error', 'intoDescription')], pattern);
      }
    });

    it('refuses enum values that are not primitives', () => {
      assert.deepEqual(one('anthropic', { enum: ['a', { b: 1 }] }), [problem('enumPrimitives', '/properties/a/enum')]);
      assert.deepEqual(one('anthropic', { enum: [['a']] }), [problem('enumPrimitives', '/properties/a/enum')]);
    });

    it('refuses a format it does not list', () => {
      assert.deepEqual(one('anthropic', { type: 'string', format: 'regex' }), [problem('format', '/properties/a/format', 'error', 'intoDescription')]);
    });
  });

  describe('Gemini', () => {
    it('warns of each keyword it ignores, a constraint movable into the description', () => {
      assert.deepEqual(one('gemini', { type: 'string', pattern: '^x' }), [problem('keyword', '/properties/a/pattern', 'warning', 'intoDescription')]);
      assert.deepEqual(one('gemini', { type: 'string', default: 'x' }), [problem('keyword', '/properties/a/default', 'warning')]);
      assert.deepEqual(found('gemini', defined({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' })), [
        problem('keyword', '/$schema', 'warning'),
      ]);
    });

    it('takes a recursive $ref only in a property that is not required', () => {
      const tree = (required: string[]) => closed({ name: text, children: { type: 'array', items: { $ref: '#' } } }, { required });
      assert.deepEqual(found('gemini', defined(tree(['name']))), []);
      assert.deepEqual(found('gemini', defined(tree(['name', 'children']))), [problem('recursion', '/properties/children/items/$ref')]);
      assert.deepEqual(found('gemini', defined({ type: 'array', items: { $ref: '#' } })), [problem('recursion', '/items/$ref')]);
    });
  });

  describe('the limits', () => {
    const manyProperties = (count: number) => closed(Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, text])));
    const enumOf = (values: Json[]) => closed({ a: { enum: values } });

    it('are OpenAI’s by default, none for the others', () => {
      assert.deepEqual(DEFAULT_LIMITS, {
        openai: { properties: 5000, nesting: 10, characters: 120_000, enumValues: 1000, longEnum: 250, longEnumCharacters: 15_000 },
        anthropic: {},
        gemini: {},
      });
    });

    it('5,000 object properties in all', () => {
      assert.deepEqual(found('openai', defined(manyProperties(4999))), []);
      assert.deepEqual(found('openai', defined(manyProperties(5000))), []);
      assert.deepEqual(found('openai', defined(manyProperties(5001))), [problem('maxProperties', '')]);
    });

    it('10 levels of nesting, at the first object too deep', () => {
      assert.deepEqual(found('openai', defined(nested(10))), []);
      assert.deepEqual(found('openai', defined(nested(11))), [problem('maxNesting', '/properties/x'.repeat(10))]);
      assert.deepEqual(found('openai', defined(nested(12))), [problem('maxNesting', '/properties/x'.repeat(10))]);
    });

    it('120,000 characters of property names, definition names, enum and const values', () => {
      // "a", "b", "d" and the values: 3 + 10 + 2 + (n - 15).
      const schema = (n: number) =>
        closed({ a: { enum: ['x'.repeat(10)] }, b: { const: 'cc' } }, { $defs: { d: { type: 'string', enum: ['y'.repeat(n - 15)] } } });
      assert.deepEqual(found('openai', defined(schema(120_000))), []);
      assert.deepEqual(found('openai', defined(schema(120_001))), [problem('maxCharacters', '')]);
    });

    it('1,000 enum values in all', () => {
      const values = (n: number) => Array.from({ length: n }, (_, i) => i);
      assert.deepEqual(found('openai', defined(closed({ a: { enum: values(600) }, b: { enum: values(400) } }))), []);
      assert.deepEqual(found('openai', defined(closed({ a: { enum: values(600) }, b: { enum: values(401) } }))), [problem('maxEnumValues', '')]);
    });

    it('15,000 characters in a string enum of more than 250 values', () => {
      // 250 values of 59 characters and one of `last`: 14,750 + last.
      const longEnum = (count: number, last: number) => enumOf([...Array<string>(count - 1).fill('v'.repeat(59)), 'w'.repeat(last)]);
      assert.deepEqual(found('openai', defined(longEnum(251, 250))), []);
      assert.deepEqual(found('openai', defined(longEnum(251, 251))), [problem('longEnumCharacters', '/properties/a/enum')]);
      assert.deepEqual(found('openai', defined(longEnum(250, 10_000))), [], '250 values may be longer');
      assert.deepEqual(found('openai', defined(enumOf([...Array<Json>(250).fill('v'.repeat(60)), 1]))), [], 'not a string enum');
    });

    it('changed by a setting, for any provider', () => {
      assert.deepEqual(found('openai', defined(manyProperties(3)), { openai: { properties: 2 } }), [problem('maxProperties', '')]);
      assert.deepEqual(found('openai', defined(nested(11)), { openai: { nesting: 11 } }), []);
      assert.deepEqual(found('anthropic', defined(nested(3)), { anthropic: { nesting: 2 } }), [problem('maxNesting', '/properties/x/properties/x')]);
      assert.deepEqual(
        found('openai', defined(nested(11)), { anthropic: { nesting: 11 } }),
        [problem('maxNesting', '/properties/x'.repeat(10))],
        'another provider’s limit',
      );
      assert.deepEqual(found('openai', defined(enumOf([1, 2, 3])), { openai: { enumValues: undefined } }), [], 'an undefined limit keeps the default');
    });
  });

  it('walks a large schema once (the example record 40 times in $defs)', () => {
    const example = exampleRecord.schema as JsonObject;
    const many = closed({ a: text }, { $defs: Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`m${i}`, example])) });
    const problems = checkDefinition(defined(many), ['openai', 'anthropic', 'gemini']);
    assert.equal(problems.filter((p) => p.provider === 'anthropic').length, 40 * 26);
    assert.equal(problems.filter((p) => p.provider === 'openai').length, 0);
  });
});
