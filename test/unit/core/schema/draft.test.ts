import * as assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import type { Json } from '../../../../src/core/api';
import { draftSchema, DRAFT_07 } from '../../../../src/core/schema/draft';

/** Records as an orders bin holds them: private values, optional and nullable properties, nested arrays of objects. */
const ORDERS: Json[] = [
  {
    id: 1,
    customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
    total: 20,
    status: 'paid',
    lines: [{ sku: 'A-1', qty: 2 }],
    placed: '2026-01-01T10:00:00Z',
  },
  {
    id: 2,
    customer: { name: 'Bob Secret', email: null, phone: '+44 7700 900123' },
    total: 12.5,
    status: 'open',
    lines: [
      { sku: 'B-2', qty: 1, note: 'gift wrap' },
      { sku: 'C-3', qty: 4 },
    ],
  },
];

describe('a schema doc drafted from records', () => {
  it('merges every sample: required where present in all, integer widened to number, nested objects and arrays of objects merged', async () => {
    const schema = (await draftSchema(ORDERS)) as { [key: string]: Json };
    assert.equal(schema.$schema, DRAFT_07);
    assert.deepEqual(schema.required, ['id', 'customer', 'total', 'status', 'lines']);
    const properties = schema.properties as { [key: string]: { [key: string]: Json } };
    assert.deepEqual(properties.id, { type: 'integer' });
    assert.deepEqual(properties.total, { type: 'number' });
    assert.deepEqual(properties.customer.required, ['name', 'email']);
    assert.deepEqual((properties.customer.properties as { [key: string]: Json }).email, { type: ['null', 'string'] });
    assert.deepEqual(properties.lines, {
      type: 'array',
      items: { type: 'object', properties: { sku: { type: 'string' }, qty: { type: 'integer' }, note: { type: 'string' } }, required: ['sku', 'qty'] },
    });
  });

  it('accepts every record it was drafted from, and refuses one that lacks a property all of them had', async () => {
    const validate = new Ajv({ strict: false, allowUnionTypes: true }).compile((await draftSchema(ORDERS)) as object);
    for (const record of ORDERS) {
      assert.ok(validate(record), JSON.stringify(validate.errors));
    }
    const withoutId = { ...(ORDERS[0] as { [key: string]: Json }) };
    delete withoutId.id;
    assert.equal(validate(withoutId), false);
    assert.equal(validate({ ...withoutId, id: 3, total: 'free' }), false);
  });

  it('shows nothing of the values: no enum, const, examples, default or format, no string of a record', async () => {
    const text = JSON.stringify(await draftSchema(ORDERS));
    for (const key of ['enum', 'const', 'examples', 'default', 'format']) {
      assert.ok(!text.includes(`"${key}"`), `${key} in ${text}`);
    }
    for (const value of ['Ada Lovelace', 'ada@example.com', 'paid', 'A-1', 'gift wrap', '2026-01-01', '+44', 'Bob']) {
      assert.ok(!text.includes(value), `${value} in ${text}`);
    }
  });

  it('names the dialect given, and refuses to draft from nothing', async () => {
    const schema = (await draftSchema([[1, 2.5]], 'https://json-schema.org/draft/2020-12/schema')) as { [key: string]: Json };
    assert.deepEqual(schema, { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'array', items: { type: 'number' } });
    await assert.rejects(draftSchema([]), /No record to draft a schema doc from/);
  });
});
