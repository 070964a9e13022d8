import * as assert from 'node:assert/strict';
import { CannotValidate, SchemaDocProblem } from '../../../src/schema/problems';
import { Validation } from '../../../src/schema/validation';

const WORKER = require.resolve('../../../src/schema/validationWorker');
const schema = { id: 'doc', text: JSON.stringify({ type: 'object', required: ['name'], properties: { name: { type: 'string' } } }) };

describe('validation worker', () => {
  const validation = new Validation(WORKER);
  after(() => validation.dispose());

  it('places schema problems found off the thread', async () => {
    const text = '{\n  "name": 42\n}';
    const result = await validation.check(schema, text);
    assert.equal(result.schemaCount, 1);
    assert.equal(text.slice(result.schema[0].offset, result.schema[0].offset + result.schema[0].length), '42');
    assert.deepEqual(await validation.check(schema, '{"name": "n"}'), { syntax: [], schema: [], schemaCount: 0 });
  });

  it('reports syntax without a schema, and counts without placing', async () => {
    assert.equal((await validation.check(undefined, '{"a": }', 0)).syntax.length, 1);
    const counted = await validation.check(schema, '[{}, {}]', 0);
    assert.deepEqual([counted.schema, counted.schemaCount], [[], 1]);
  });

  it('rejects with the same kinds of errors as validating on the thread', async () => {
    const unusable = { id: 'bad', text: JSON.stringify({ type: 'nonsense' }) };
    await assert.rejects(validation.check(unusable, '{}'), (e: unknown) => e instanceof SchemaDocProblem && /Not a usable JSON Schema/.test(e.message));
    const deep = { id: 'tree', text: JSON.stringify({ $ref: '#/definitions/n', definitions: { n: { type: 'array', items: { $ref: '#/definitions/n' } } } }) };
    const text = '['.repeat(20_000) + ']'.repeat(20_000);
    await assert.rejects(validation.check(deep, text), (e: unknown) => e instanceof CannotValidate);
    assert.match((await validation.schemaProblem({}))!, /non-empty/);
  });

  it('answers concurrent checks each with its own result', async () => {
    const texts = Array.from({ length: 20 }, (_, i) => (i % 2 ? `{"name": ${i}}` : `{"name": "n${i}"}`));
    const results = await Promise.all(texts.map((t) => validation.check(schema, t)));
    assert.deepEqual(results.map((r) => r.schemaCount), texts.map((_, i) => i % 2));
  });

  it('gives up on a check past its time limit, and the next check gets a new worker', async () => {
    const impatient = new Validation(WORKER, 1);
    const big = JSON.stringify(Array.from({ length: 200_000 }, (_, i) => ({ name: `n${i}` })));
    await assert.rejects(impatient.check(schema, big), (e: unknown) => e instanceof CannotValidate && /longer than/.test(e.message));
    const patient = new Validation(WORKER);
    assert.equal((await patient.check(schema, '{}')).schemaCount, 1);
    await Promise.all([impatient.dispose(), patient.dispose()]);
  });

  it('validates against a schema doc\'s latest text, which it is sent only when it changed', async () => {
    const v1 = { id: 'changing', text: JSON.stringify({ required: ['a'] }) };
    const v2 = { id: 'changing', text: JSON.stringify({ required: ['b'] }) };
    assert.equal((await validation.check(v1, '{"b": 1}')).schemaCount, 1);
    assert.equal((await validation.check(v1, '{"a": 1}')).schemaCount, 0, 'the text the worker kept');
    assert.equal((await validation.check(v2, '{"a": 1}')).schemaCount, 1, 'the new text');
    assert.equal((await validation.check(v1, '{"a": 1}')).schemaCount, 0, 'back to the first text');
  });

  it('starts a new worker after the last one stopped', async () => {
    await validation.dispose();
    assert.equal((await validation.check(schema, '{}')).schemaCount, 1);
  });
});
