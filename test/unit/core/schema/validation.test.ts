import * as assert from 'node:assert/strict';
import { useMessages } from '../../../../src/platform/l10n';
import { CannotValidate, SchemaDocProblem } from '../../../../src/core/schema/problems';
import { Validation } from '../../../../src/core/schema/validation';

import { WORKER } from '../../../support/workerScript';
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

  it("words its problems in the user's language, with the messages the extension uses", async () => {
    // Sent to a worker when it starts: this one starts with these messages.
    useMessages({ 'Expected {0}': '{0} erwartet', 'a string': 'eine Zeichenkette', '{0} at {1}': '{0} bei {1}' });
    const worded = new Validation(WORKER);
    try {
      const result = await worded.check(schema, '{"name": 42}');
      assert.equal(result.schema[0].message, 'eine Zeichenkette erwartet bei /name');
    } finally {
      // Back to the source's own words for the other tests: no message has a translation.
      useMessages({});
      await worded.dispose();
    }
  });

  it('answers concurrent checks each with its own result', async () => {
    const texts = Array.from({ length: 20 }, (_, i) => (i % 2 ? `{"name": ${i}}` : `{"name": "n${i}"}`));
    const results = await Promise.all(texts.map((t) => validation.check(schema, t)));
    assert.deepEqual(
      results.map((r) => r.schemaCount),
      texts.map((_, i) => i % 2),
    );
  });

  it('gives up on a check past its time limit, and the next check gets a new worker', async () => {
    const impatient = new Validation(WORKER, 1);
    const big = JSON.stringify(Array.from({ length: 200_000 }, (_, i) => ({ name: `n${i}` })));
    await assert.rejects(impatient.check(schema, big), (e: unknown) => e instanceof CannotValidate && /longer than/.test(e.message));
    const patient = new Validation(WORKER);
    assert.equal((await patient.check(schema, '{}')).schemaCount, 1);
    await Promise.all([impatient.dispose(), patient.dispose()]);
  });

  it('keeps the schema doc sent with a check that found its open copy out of step, so the check asked again works', async () => {
    const own = new Validation(WORKER);
    const doc = (version: number, text: string) => ({ key: 'out of step', version, length: text.length, text: () => text });
    await own.checkOpen(schema, doc(1, '{}'));
    // An edit the worker's copy takes otherwise than the editor did: its copy is out of step.
    own.edited('out of step', 2, [{ offset: 0, length: 0, text: 'x' }]);
    const other = { id: 'other', text: JSON.stringify({ required: ['a'] }) };
    assert.equal((await own.checkOpen(other, doc(2, '{"b": 1}'))).schemaCount, 1);
    await own.dispose();
  });

  it("validates against a schema doc's latest text, which it is sent only when it changed", async () => {
    const v1 = { id: 'changing', text: JSON.stringify({ required: ['a'] }) };
    const v2 = { id: 'changing', text: JSON.stringify({ required: ['b'] }) };
    assert.equal((await validation.check(v1, '{"b": 1}')).schemaCount, 1);
    assert.equal((await validation.check(v1, '{"a": 1}')).schemaCount, 0, 'the text the worker kept');
    assert.equal((await validation.check(v2, '{"a": 1}')).schemaCount, 1, 'the new text');
    assert.equal((await validation.check(v1, '{"a": 1}')).schemaCount, 0, 'back to the first text');
  });

  it('checks an open document from the copy its edits keep, reading the whole text only when the copy is missing or astray', async () => {
    let reads = 0;
    const open = (version: number, text: string) => ({ key: 'doc-a', version, length: text.length, text: () => (reads++, text) });
    const v1 = '{\n  "name": 42\n}';
    assert.equal((await validation.checkOpen(schema, open(1, v1))).schemaCount, 1);
    assert.equal(reads, 1);
    // "42" becomes "\"n\"": one change, offsets before it.
    const v2 = '{\n  "name": "n"\n}';
    validation.edited('doc-a', 2, [{ offset: v1.indexOf('42'), length: 2, text: '"n"' }]);
    assert.deepEqual(await validation.checkOpen(schema, open(2, v2)), { syntax: [], schema: [], schemaCount: 0 });
    assert.equal(reads, 1, 'the edit, not the text, was sent');
    // Two changes in one edit, each against what the one before it left (as VS Code reports a multi-cursor edit).
    const v3 = '{\n  "name": 7, "x": 1\n}';
    validation.edited('doc-a', 3, [
      { offset: v2.indexOf('"n"'), length: 3, text: '7' },
      { offset: v2.indexOf('"n"') + 1, length: 0, text: ', "x": 1' },
    ]);
    const third = await validation.checkOpen(schema, open(3, v3));
    assert.equal(third.schemaCount, 1);
    assert.equal(v3.slice(third.schema[0].offset, third.schema[0].offset + third.schema[0].length), '7');
    assert.equal(reads, 1);
    // A version the copy never got (an edit missed): the whole text again, and the answer is right.
    const v5 = '{"name": "again"}';
    assert.equal((await validation.checkOpen(schema, open(5, v5))).schemaCount, 0);
    assert.equal(reads, 2);
    validation.closed('doc-a');
    assert.equal((await validation.checkOpen(schema, open(5, v5))).schemaCount, 0);
    assert.equal(reads, 3, 'a closed document is sent whole again');
  });

  it('starts a new worker after the last one stopped', async () => {
    await validation.dispose();
    assert.equal((await validation.check(schema, '{}')).schemaCount, 1);
  });
});
