/** Schema problems in people's words, each keyword as Ajv reports it (the diagnostic keeps the keyword). */
import * as assert from 'node:assert/strict';
import * as l10n from '@vscode/l10n';
import { checkText, SchemaCompiler } from '../../../../src/core/schema/validator';
import { messagesOf, worded } from '../../../../src/core/schema/wording';
import { useMessages } from '../../../../src/platform/l10n';

const compiler = new SchemaCompiler();
let n = 0;

/** The messages of `record` checked against `schema`. */
async function said(schema: object, record: unknown): Promise<string[]> {
  const validate = await compiler.compile(`wording ${++n}`, schema);
  return checkText(JSON.stringify(record), validate).schema.map((p) => `${p.keyword}: ${p.message}`);
}

describe('schema problems in people’s words', () => {
  it('words types, counts and lengths, with where', async () => {
    const schema = {
      type: 'object',
      properties: {
        title: { type: 'string', minLength: 3 },
        tags: { type: 'array', minItems: 3, maxItems: 4 },
        note: { type: ['string', 'null'] },
        one: { type: 'array', minItems: 1 },
      },
    };
    assert.deepEqual(await said(schema, { title: 7, tags: [1], note: 1, one: [] }), [
      'type: Expected a string at /title',
      'minItems: Needs at least 3 items at /tags',
      'type: Expected a string or null at /note',
      'minItems: Needs at least 1 item at /one',
    ]);
    assert.deepEqual(await said(schema, { title: 'ab' }), ['minLength: Needs at least 3 characters at /title']);
  });

  it('words bounds as compared, draft-04’s exclusive ones too', async () => {
    assert.deepEqual(await said({ minimum: 2 }, 1), ['minimum: Must be at least 2']);
    assert.deepEqual(await said({ exclusiveMaximum: 5 }, 5), ['exclusiveMaximum: Must be less than 5']);
    const draft4 = { $schema: 'http://json-schema.org/draft-04/schema#', minimum: 2, exclusiveMinimum: true };
    assert.deepEqual(await said(draft4, 2), ['minimum: Must be more than 2']);
  });

  it('lists the values allowed, the first five, and names patterns, formats and duplicates', async () => {
    assert.deepEqual(await said({ enum: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, 'z'), ['enum: Must be one of "a", "b", "c", "d", "e" (and 2 more)']);
    assert.deepEqual(await said({ const: 3 }, 4), ['const: Must be 3']);
    assert.deepEqual(await said({ type: 'string', pattern: '^x' }, 'y'), ['pattern: Does not match the pattern ^x']);
    assert.deepEqual(await said({ type: 'string', format: 'date-time' }, 'soon'), ['format: Not a valid date-time']);
    assert.deepEqual(await said({ uniqueItems: true }, [1, 2, 1]), ['uniqueItems: Items 0 and 2 are the same: each item must differ']);
  });

  it('keeps Ajv’s words for a keyword it does not word', async () => {
    assert.deepEqual(await said({ type: 'object', propertyNames: { maxLength: 1 } }, { long: 1 }), [
      'maxLength: Allows at most 1 character',
      'propertyNames: property name must be valid',
    ]);
  });

  it('words many problems at once exactly as one by one, in any language', async () => {
    // Repeated problems, paths with characters a replacement pattern would read ($&, $1), a keyword left in Ajv's words,
    // and problems alike but for a param's type ("null" and null, "1" and 1).
    const schema = {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['a'],
        properties: { $a: { type: 'string' }, 'x$&y': { minimum: 3 }, n: { const: 'null' }, m: { const: null }, o: { enum: ['1'] }, p: { enum: [1] } },
        propertyNames: { maxLength: 3 },
      },
    };
    const record = [{ $a: 1, 'x$&y': 1, extra: 1, n: 0, m: 0, o: 0, p: 0 }, { $a: 2, $1: 0 }, {}];
    const validate = await compiler.compile(`wording ${++n}`, schema);
    validate(record);
    const errors = validate.errors!;
    const oneByOne = () => errors.map((e) => (e.instancePath === '' ? worded(e) : l10n.t('{0} at {1}', worded(e), e.instancePath)));
    const bundles: Record<string, string>[] = [
      {},
      { 'Expected {0}': '{0} erwartet', '{0} at {1}': '{0} bei {1}' },
      // Arguments the other way round, one of them twice, or left out: each filled as l10n.t fills it.
      { '{0} at {1}': '{1}: {0}' },
      { '{0} at {1}': '{0} ({1}, {1})' },
      { '{0} at {1}': '{0}' },
    ];
    try {
      for (const messages of bundles) {
        useMessages(messages);
        assert.ok(errors.length > 8);
        assert.deepEqual(messagesOf(errors), oneByOne(), JSON.stringify(messages));
      }
    } finally {
      useMessages({});
    }
  });
});
