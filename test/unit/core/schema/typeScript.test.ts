import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { typeScriptTypes, withoutRemoteRefs } from '../../../../src/core/schema/typeScript';

describe('TypeScript types from a schema doc', () => {
  let server: Server;
  let fetched: string[];
  let base: string;
  before(async () => {
    fetched = [];
    server = createServer((request, response) => {
      fetched.push(request.url ?? '');
      response.setHeader('content-type', 'application/json');
      response.end('{"type": "string"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => server.close());

  it('declares the record: required and optional properties, enums, nested arrays of objects, local $refs followed', async () => {
    const types = await typeScriptTypes(
      {
        type: 'object',
        required: ['id', 'lines'],
        properties: {
          id: { type: 'integer' },
          status: { enum: ['open', 'paid'] },
          lines: { type: 'array', items: { $ref: '#/definitions/line' } },
        },
        additionalProperties: false,
        definitions: { line: { type: 'object', required: ['sku'], properties: { sku: { type: 'string' } }, additionalProperties: false } },
      },
      'order record',
    );
    assert.match(types, /export interface OrderRecord \{/);
    assert.match(types, /\bid: number/);
    assert.match(types, /status\?: \("open" \| "paid"\)/);
    assert.match(types, /lines: Line\[\]/);
    assert.match(types, /export interface Line \{\s+sku: string\s+\}/);
  });

  it('never fetches a $ref outside the schema doc: its type is unknown, and says why', async () => {
    const types = await typeScriptTypes(
      {
        type: 'object',
        properties: { remote: { $ref: `${base}/remote.json` }, file: { $ref: 'other.json#/x' }, list: { type: 'array', items: { $ref: `${base}/item.json` } } },
      },
      'Record',
    );
    assert.deepEqual(fetched, []);
    assert.match(types, /remote\?: unknown/);
    assert.match(types, /file\?: unknown/);
    assert.match(types, /list\?: unknown\[\]/);
    assert.ok(types.includes(`Not resolved: ${base}/remote.json`), types);
  });

  it('leaves local $refs and the rest of the schema as they are', () => {
    const schema = { definitions: { a: { type: 'string' } }, properties: { a: { $ref: '#/definitions/a' }, $ref: { type: 'string' } } };
    assert.deepEqual(withoutRemoteRefs(schema), schema);
  });

  it('refuses a schema doc that is not an object', async () => {
    await assert.rejects(typeScriptTypes(true, 'Record'), /must be a JSON object/);
  });
});
