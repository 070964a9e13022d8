import * as assert from 'node:assert/strict';
import { CannotValidate } from '../../../../src/core/schema/problems';
import { checkAllServed, checkText, SchemaCompiler } from '../../../../src/core/schema/validator';

const schema = {
  type: 'object',
  additionalProperties: false,
  required: ['title', 'tags', 'meta'],
  properties: {
    title: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 3 },
    meta: { type: 'object', required: ['level'], properties: { level: { enum: ['a', 'b'] } } },
  },
};

/** The text a problem's range covers. */
const covered = (text: string, p: { offset: number; length: number }) => text.slice(p.offset, p.offset + p.length);

describe('schema validator', () => {
  const compiler = new SchemaCompiler();
  let validate: Awaited<ReturnType<SchemaCompiler['compile']>>;
  before(async () => (validate = await compiler.compile('doc', schema)));

  it('finds nothing in a valid record', () => {
    const result = checkText(JSON.stringify({ title: 't', tags: ['a', 'b'], meta: { level: 'a' } }, null, 2), validate);
    assert.deepEqual(result, { syntax: [], schema: [], schemaCount: 0 });
  });

  it('puts a wrong type on the value', () => {
    const text = '{"title": 42, "tags": ["a","b"], "meta": {"level": "a"}}';
    const [problem] = checkText(text, validate).schema;
    assert.equal(problem.keyword, 'type');
    assert.equal(covered(text, problem), '42');
    assert.equal(problem.path, '/title');
  });

  it('puts a missing property on the object that lacks it', () => {
    const text = '{"title": "t", "tags": ["a","b"], "meta": {"other": 1}}';
    const problems = checkText(text, validate).schema;
    const missing = problems.find((p) => p.keyword === 'required')!;
    assert.equal(covered(text, missing), '"meta"');
    assert.match(missing.message, /Missing property "level"/);
  });

  it('puts a missing top-level property on the root object bracket', () => {
    const text = '{"tags": ["a","b"], "meta": {"level": "a"}}';
    const [problem] = checkText(text, validate).schema;
    assert.equal(problem.offset, 0);
    assert.equal(covered(text, problem), '{');
  });

  it('puts an unexpected property on its key', () => {
    const text = '{"title": "t", "tags": ["a","b"], "meta": {"level": "a"}, "extra": true}';
    const [problem] = checkText(text, validate).schema;
    assert.equal(problem.keyword, 'additionalProperties');
    assert.equal(covered(text, problem), '"extra"');
  });

  it('puts an item-count problem on the array', () => {
    const text = '{"title": "t", "tags": ["a"], "meta": {"level": "a"}}';
    const [problem] = checkText(text, validate).schema;
    assert.equal(problem.keyword, 'minItems');
    assert.equal(covered(text, problem), '"tags"');
  });

  it('places a problem inside an array item', () => {
    const text = '{"title": "t", "tags": ["a", 7], "meta": {"level": "c"}}';
    const problems = checkText(text, validate).schema;
    assert.deepEqual(problems.map((p) => covered(text, p)).sort(), ['"c"', '7']);
  });

  it('places a syntax error at the end of the text on its last character, never past it', () => {
    for (const text of ['{"a": ', '[1, 2', 'x']) {
      const { syntax } = checkText(text);
      assert.ok(syntax.length > 0, text);
      for (const p of syntax) {
        assert.ok(p.offset >= 0 && p.length >= 1 && p.offset + p.length <= text.length, `${text}: ${JSON.stringify(p)}`);
      }
    }
  });

  it('reports syntax errors and skips the schema then', () => {
    const result = checkText('{"title": "t",, }', validate);
    assert.ok(result.syntax.length > 0);
    assert.deepEqual(result.schema, []);
  });

  it('compiles a schema doc once per version', async () => {
    const c = new SchemaCompiler();
    const first = await c.compile('s', { type: 'object' });
    assert.equal(await c.compile('s', { type: 'object' }), first);
    assert.notEqual(await c.compile('s', { type: 'array' }), first);
    // The new version replaced the old one: going back compiles again.
    assert.notEqual(await c.compile('s', { type: 'object' }), first);
  });

  it('refuses an empty schema and one that is not a JSON Schema', async () => {
    assert.match((await compiler.schemaProblem({}))!, /non-empty/);
    assert.match((await compiler.schemaProblem({ type: 'nonsense' }))!, /Not a usable JSON Schema/);
    assert.equal(await compiler.schemaProblem(schema), undefined);
  });

  it("checks reads' answers as served: a passing record is not formatted, a failing one comes as a tab shows it, and a bad answer is said alone", () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    const good = { title: 't', tags: ['a', 'b'], meta: { level: 'a' } };
    const bad = { ...good, meta: { level: 'z' } };
    const [passing, failing, notJson, noRecord] = checkAllServed(
      [bytes(JSON.stringify({ record: good, metadata: {} })), bytes(JSON.stringify({ record: bad, metadata: {} })), bytes('<html>'), bytes('{"metadata": {}}')],
      validate,
    );
    assert.deepEqual(passing, { syntax: [], schema: [], schemaCount: 0 });
    assert.ok(!('notValidated' in failing));
    assert.equal(failing.text, JSON.stringify(bad, null, 2));
    assert.equal(failing.schema[0].keyword, 'enum');
    assert.equal(covered(failing.text, failing.schema[0]), '"z"');
    assert.deepEqual(notJson, { notValidated: 'The service answered the read with text that is not JSON' });
    assert.deepEqual(noRecord, { notValidated: 'The service answered the read without a record' });
  });
});

describe('schema validator, placing at most a given number of problems', () => {
  it('places the first problems, then says how many more there are, counting them all', async () => {
    const validate = await new SchemaCompiler().compile('items', { type: 'array', items: { type: 'string' } });
    const text = JSON.stringify([1, 2, 3, 4, 5]);
    const capped = checkText(text, validate, 2);
    assert.equal(capped.schemaCount, 5);
    assert.deepEqual(
      capped.schema.map((p) => p.keyword),
      ['type', 'type', 'maxProblems'],
    );
    assert.match(capped.schema[2].message, /3 more schema problems not shown/);
    const counted = checkText(text, validate, 0);
    assert.deepEqual([counted.schema.length, counted.schemaCount], [0, 5]);
    assert.equal(checkText(text, validate).schema.length, 5);
  });
});

describe('schema validator, records nested too deeply', () => {
  it('says so instead of overflowing the stack', async () => {
    const validate = await new SchemaCompiler().compile('tree', {
      $ref: '#/definitions/node',
      definitions: { node: { type: 'array', items: { $ref: '#/definitions/node' } } },
    });
    const text = '['.repeat(20_000) + ']'.repeat(20_000);
    assert.throws(
      () => checkText(text, validate),
      (e: unknown) => e instanceof CannotValidate && /nested too deeply/.test(e.message),
    );
  });
});
