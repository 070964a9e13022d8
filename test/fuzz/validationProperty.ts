/**
 * Schema docs and records made to hurt: deep nesting, huge numbers, duplicate and `__proto__`
 * keys, lone surrogates, patterns that backtrack for ever elsewhere, `$ref` cycles and remote
 * `$ref`s. Validation settles, places each problem inside the text or says why it cannot,
 * fetches nothing and pollutes no prototype.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { CannotValidate, SchemaDocProblem } from '../../src/core/schema/problems';
import { checkText, SchemaCompiler, type TextCheck } from '../../src/core/schema/validator';
import { within, type Figures } from './figures';

/** A case that takes longer than this froze the editor's validation. */
const SETTLE_MS = 2000;

const HOSTILE_PATTERNS = ['^(a+)+$', '^(a|aa)+$', '^(\\w+\\s?)*$', '(x+x+)+y', '(', '(?=a)a', '\\1(a)', '[', '^\\p{L}+$', '.*.*.*.*.*.*=.*'];
const DIALECTS = [
  undefined,
  'http://json-schema.org/draft-04/schema#',
  'http://json-schema.org/draft-07/schema#',
  'https://json-schema.org/draft/2019-09/schema',
  'https://json-schema.org/draft/2020-12/schema',
  'https://example.com/unknown',
];

/** Schema fragments, nested. */
function fragments(remote: string): fc.Arbitrary<unknown> {
  const { node } = fc.letrec((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.record(
        { type: fc.constantFrom('object', 'array', 'string', 'number', 'integer', 'boolean', 'null', ['string', 'null'], 'nonsense') },
        { requiredKeys: [] },
      ),
      fc.record({ pattern: fc.constantFrom(...HOSTILE_PATTERNS) }),
      fc.record({ patternProperties: fc.dictionary(fc.constantFrom(...HOSTILE_PATTERNS), tie('node'), { maxKeys: 2 }) }),
      fc.record({ minimum: fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, 0.1) }, { requiredKeys: [] }),
      fc.record({ multipleOf: fc.constantFrom(1e-308, 0.1, 1e308) }),
      fc.record({
        properties: fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', 'toString', ''), tie('node'), { maxKeys: 3 }),
        required: fc.constantFrom(['a'], ['__proto__'], []),
      }),
      fc.record({ items: tie('node') }),
      fc.record({ enum: fc.constantFrom([1, '1', null], JSON.parse('[{"__proto__": 1}]'), ['\ud800']) }),
      fc.record({
        $ref: fc.constantFrom(
          '#',
          '#/definitions/a',
          '#/definitions/b',
          '#/$defs/a',
          `${remote}/schema.json`,
          `${remote}/schema.json#/x`,
          'https://example.com/s.json',
          'other.json',
        ),
      }),
      fc.record({ format: fc.constantFrom('email', 'date-time', 'regex', 'uri', 'no-such-format') }),
      fc.record({ allOf: fc.array(tie('node'), { maxLength: 2 }) }),
      fc.constantFrom(true, false, {}),
    ),
  }));
  return node;
}

/** Whole schema docs: a dialect, definitions that may refer to each other in a cycle, a root. */
function schemas(remote: string): fc.Arbitrary<unknown> {
  const node = fragments(remote);
  return fc.oneof(
    fc.tuple(fc.constantFrom(...DIALECTS), node, node, node).map(([$schema, root, a, b]) => ({
      ...($schema ? { $schema } : {}),
      ...(typeof root === 'object' ? root : { not: root }),
      definitions: { a, b },
      $defs: { a },
    })),
    fc.constantFrom<unknown>(
      { definitions: { a: { $ref: '#/definitions/b' }, b: { $ref: '#/definitions/a' } }, $ref: '#/definitions/a' },
      { $ref: '#' },
      { $id: `${remote}/self.json`, $ref: `${remote}/other.json` },
      JSON.parse('{"__proto__": {"type": "string"}}'),
      JSON.parse('{"__proto__": {"polluted": true}, "type": "object"}'),
      {},
      [],
      null,
    ),
  );
}

/** Record texts: any JSON, and the ones that hurt. */
const records = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.nat({ max: 40_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.nat({ max: 40_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
  fc.constantFrom(
    '1e400',
    '-1e400',
    '123456789012345678901234567890',
    '{"a": 1, "a": "two"}',
    '{"__proto__": {"polluted": true}, "a": 1}',
    '{"constructor": {"prototype": {"polluted": true}}}',
    '"\\ud800"',
    '"\ud800"',
    '{"\\udc00": "\\ud83d"}',
    `"${'a'.repeat(5000)}!"`,
    `{"a": "${'a '.repeat(3000)}!"}`,
    '[1, 2,',
    '',
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

export function validationProperty(remote: string, fetched: () => number, figures: Figures) {
  return fc.asyncProperty(schemas(remote), records, async (schema, text) => {
    const started = performance.now();
    const compiler = new SchemaCompiler();
    let validate;
    try {
      validate = await within(SETTLE_MS, 'compiling the schema doc', compiler.compile('fuzzed', schema));
    } catch (error) {
      assert.ok(error instanceof SchemaDocProblem, `compiling ${JSON.stringify(schema)} threw ${String(error)}`);
      assert.ok(error.message.length > 0);
    }
    let result: TextCheck | undefined;
    try {
      result = checkText(text, validate, 100);
    } catch (error) {
      assert.ok(error instanceof CannotValidate, `validating ${text.slice(0, 60)} against ${JSON.stringify(schema)} threw ${String(error)}`);
    }
    for (const problem of result ? [...result.syntax, ...result.schema] : []) {
      assert.ok(
        problem.offset >= 0 && problem.offset + problem.length <= Math.max(text.length, 1),
        `a problem placed outside the text: ${JSON.stringify(problem)}`,
      );
      assert.ok(problem.message.length > 0);
    }
    const ms = performance.now() - started;
    figures.case(ms);
    assert.ok(ms <= SETTLE_MS, `validating ${text.slice(0, 60)} against ${JSON.stringify(schema)} took ${ms.toFixed(0)} ms`);
    assert.equal(fetched(), 0, `a remote $ref was fetched for ${JSON.stringify(schema)}`);
    assert.deepEqual(
      Object.getOwnPropertyNames(Object.prototype).filter((name) => !PRISTINE.has(name)),
      [],
      'Object.prototype was polluted',
    );
    assert.equal(({} as { polluted?: unknown }).polluted, undefined, 'Object.prototype was polluted');
  });
}

const PRISTINE = new Set(Object.getOwnPropertyNames(Object.prototype));
