/**
 * Every row of the contract's error tables (section 7): the local service answers it with the
 * contract's status and message, and the client surfaces it with the right kind. Rows the client
 * refuses before any request are proven on the wire with a raw request, and the client is shown
 * to refuse them locally with the same kind and no request sent.
 */
import * as assert from 'node:assert/strict';
import { BinServiceError, classify, type BinClient, type ErrorKind, type Json, type Operation } from '../../../../src/core/api';
import { M } from '../../../service/messages';
import { startFixture, type Fixture } from '../../../support/fixture';

const JSON_TYPE = { 'Content-Type': 'application/json' };
const UNKNOWN_ID = '0123456789abcdef01234567';

interface Row {
  section: string;
  status: number;
  message: string;
  kind: ErrorKind;
  /** The request on the wire, sent raw. */
  raw: (f: Fixture, ids: Ids) => ReturnType<Fixture['raw']>;
  /** The same case through the client; `local` when the client refuses it before sending. */
  client: (f: Fixture, ids: Ids) => Promise<unknown>;
  local?: boolean;
}

interface Ids {
  bin: string;
  publicBin: string;
  collection: string;
  schemaCollection: string;
  schemaDoc: string;
  exhausted: { key: string };
}

const key = (k: string) => ({ 'X-Master-Key': k });
const big = (kb: number) => JSON.stringify({ blob: 'x'.repeat(kb * 1024) });

function rows(): Row[] {
  const freeKey = (f: Fixture) => key(f.free.key);
  const c = (f: Fixture, k?: string): BinClient => f.client(k === undefined ? undefined : f.service.store.accountByKey(k));
  return [
    // 7.1 shared messages
    {
      section: '7.1',
      status: 401,
      message: M.missingKey,
      kind: 'missingKey',
      raw: (f) => f.raw('GET', '/c'),
      client: (f) => c(f).listCollections(),
      local: true,
    },
    {
      section: '7.1',
      status: 401,
      message: M.invalidKey,
      kind: 'invalidKey',
      raw: (f) => f.raw('GET', '/c', key('nope')),
      client: (f) => f.client(undefined, { key: () => 'nope' }).listCollections(),
    },
    {
      section: '7.1',
      status: 403,
      message: M.exhausted,
      kind: 'allowanceExhausted',
      raw: (f, i) => f.raw('GET', '/c', key(i.exhausted.key)),
      client: (f, i) => c(f, i.exhausted.key).listCollections(),
    },
    // 7.2 create bin
    {
      section: '7.2',
      status: 400,
      message: M.contentType,
      kind: 'invalidInput',
      raw: (f) => f.raw('POST', '/b', freeKey(f), '{"a":1}'),
      client: (f) => classified(f.raw('POST', '/b', freeKey(f), '{"a":1}'), 'createBin'),
    },
    {
      section: '7.2',
      status: 401,
      message: M.missingKey,
      kind: 'missingKey',
      raw: (f) => f.raw('POST', '/b', JSON_TYPE, '{"a":1}'),
      client: (f) => c(f).createBin({ record: { a: 1 } }),
      local: true,
    },
    {
      section: '7.2',
      status: 400,
      message: M.blank,
      kind: 'invalidInput',
      raw: (f) => f.raw('POST', '/b', { ...JSON_TYPE, ...freeKey(f) }, '{}'),
      client: (f) => c(f, f.free.key).createBin({ record: {} }),
      local: true,
    },
    {
      section: '7.2',
      status: 400,
      message: M.binName,
      kind: 'invalidInput',
      raw: (f) => f.raw('POST', '/b', { ...JSON_TYPE, ...freeKey(f), 'X-Bin-Name': 'n'.repeat(129) }, '{"a":1}'),
      client: (f) => c(f, f.free.key).createBin({ record: { a: 1 }, name: 'n'.repeat(129) }),
      local: true,
    },
    {
      section: '7.2',
      status: 400,
      message: M.invalidCollectionId,
      kind: 'invalidInput',
      raw: (f) => f.raw('POST', '/b', { ...JSON_TYPE, ...freeKey(f), 'X-Collection-Id': 'not-an-id' }, '{"a":1}'),
      client: (f) => c(f, f.free.key).createBin({ record: { a: 1 }, collectionId: 'not-an-id' }),
    },
    {
      section: '7.2',
      status: 400,
      message: M.collectionNotOwned,
      kind: 'notFound',
      raw: (f) => f.raw('POST', '/b', { ...JSON_TYPE, ...freeKey(f), 'X-Collection-Id': UNKNOWN_ID }, '{"a":1}'),
      client: (f) => c(f, f.free.key).createBin({ record: { a: 1 }, collectionId: UNKNOWN_ID }),
    },
    {
      section: '7.2',
      status: 400,
      message: `${M.mismatch}title:must have required property 'title'`,
      kind: 'schemaMismatch',
      raw: (f, i) => f.raw('POST', '/b', { ...JSON_TYPE, ...freeKey(f), 'X-Collection-Id': i.schemaCollection }, '{"a":1}'),
      client: (f, i) => c(f, f.free.key).createBin({ record: { a: 1 }, collectionId: i.schemaCollection }),
    },
    {
      section: '7.2',
      status: 403,
      message: M.createTooLarge,
      kind: 'tooLarge',
      raw: (f) => f.raw('POST', '/b', { ...JSON_TYPE, ...freeKey(f) }, big(501)),
      client: (f) => c(f, f.free.key).createBin({ record: JSON.parse(big(501)) as Json }),
      local: true,
    },
    {
      section: '7.2',
      status: 403,
      message: M.exhausted,
      kind: 'allowanceExhausted',
      raw: (f, i) => f.raw('POST', '/b', { ...JSON_TYPE, ...key(i.exhausted.key) }, '{"a":1}'),
      client: (f, i) => c(f, i.exhausted.key).createBin({ record: { a: 1 } }),
    },
    {
      section: '7.2',
      status: 404,
      message: M.binNotOwned,
      kind: 'notFound',
      raw: (f) => f.raw('POST', `/b/${UNKNOWN_ID}`, { ...JSON_TYPE, ...freeKey(f) }, '{"a":1}'),
      client: (f) => classified(f.raw('POST', `/b/${UNKNOWN_ID}`, { ...JSON_TYPE, ...freeKey(f) }, '{"a":1}'), 'createBin'),
    },
    // 7.3 update bin
    {
      section: '7.3',
      status: 400,
      message: M.contentType,
      kind: 'invalidInput',
      raw: (f, i) => f.raw('PUT', `/b/${i.bin}`, freeKey(f), '{"a":1}'),
      client: (f, i) => classified(f.raw('PUT', `/b/${i.bin}`, freeKey(f), '{"a":1}'), 'updateBin'),
    },
    {
      section: '7.3',
      status: 400,
      message: M.invalidBinId,
      kind: 'invalidInput',
      raw: (f) => f.raw('PUT', '/b/TestID', { ...JSON_TYPE, ...freeKey(f) }, '{"a":1}'),
      client: (f) => c(f, f.free.key).updateBin('TestID', { a: 1 }),
    },
    {
      section: '7.3',
      status: 400,
      message: M.blank,
      kind: 'invalidInput',
      raw: (f, i) => f.raw('PUT', `/b/${i.bin}`, { ...JSON_TYPE, ...freeKey(f) }, '[]'),
      client: (f, i) => c(f, f.free.key).updateBin(i.bin, []),
      local: true,
    },
    {
      section: '7.3',
      status: 404,
      message: M.binNotFound,
      kind: 'notFound',
      raw: (f) => f.raw('PUT', `/b/${UNKNOWN_ID}`, { ...JSON_TYPE, ...freeKey(f) }, '{"a":1}'),
      client: (f) => c(f, f.free.key).updateBin(UNKNOWN_ID, { a: 1 }),
    },
    {
      section: '7.3',
      status: 401,
      message: M.updateMissingKey,
      kind: 'missingKey',
      raw: (f, i) => f.raw('PUT', `/b/${i.bin}`, JSON_TYPE, '{"a":1}'),
      client: (f, i) => c(f).updateBin(i.bin, { a: 1 }),
    },
    {
      section: '7.3',
      status: 401,
      message: M.updateInvalidKey,
      kind: 'invalidKey',
      raw: (f, i) => f.raw('PUT', `/b/${i.bin}`, { ...JSON_TYPE, ...key(f.other.key) }, '{"a":1}'),
      client: (f, i) => c(f, f.other.key).updateBin(i.bin, { a: 1 }),
    },
    {
      section: '7.3',
      status: 403,
      message: M.updateTooLarge,
      kind: 'tooLarge',
      raw: (f, i) => f.raw('PUT', `/b/${i.bin}`, { ...JSON_TYPE, ...freeKey(f) }, big(501)),
      client: (f, i) => c(f, f.free.key).updateBin(i.bin, JSON.parse(big(501)) as Json),
      local: true,
    },
    {
      section: '7.3',
      status: 403,
      message: M.exhausted,
      kind: 'allowanceExhausted',
      raw: (f, i) => f.raw('PUT', `/b/${i.bin}`, { ...JSON_TYPE, ...key(i.exhausted.key) }, '{"a":1}'),
      client: (f, i) => c(f, i.exhausted.key).updateBin(i.bin, { a: 1 }),
    },
    {
      section: '7.3',
      status: 403,
      message: M.versioningFree,
      kind: 'versioningNotOnPlan',
      raw: (f, i) => f.raw('PUT', `/b/${i.bin}`, { ...JSON_TYPE, ...freeKey(f), 'X-Bin-Versioning': 'true' }, '{"a":1}'),
      client: (f, i) => c(f, f.free.key).updateBin(i.bin, { a: 1 }, { versioning: true }),
    },
    {
      section: '7.3',
      status: 400,
      message: `${M.mismatch}title:must have required property 'title'`,
      kind: 'schemaMismatch',
      raw: (f, i) => f.raw('PUT', `/b/${i.publicBin}`, { ...JSON_TYPE, ...freeKey(f) }, '{"a":1}'),
      client: (f, i) => c(f, f.free.key).updateBin(i.publicBin, { a: 1 }),
    },
    // 7.4 delete bin and delete versions
    ...(['', '/versions'] as const).flatMap((suffix): Row[] => {
      const del = (f: Fixture, id: string, k: string) => (suffix === '' ? c(f, k).deleteBin(id) : c(f, k).deleteVersions(id));
      return [
        {
          section: '7.4',
          status: 401,
          message: M.missingKey,
          kind: 'missingKey',
          raw: (f, i) => f.raw('DELETE', `/b/${i.bin}${suffix}`),
          client: (f, i) => (suffix === '' ? c(f).deleteBin(i.bin) : c(f).deleteVersions(i.bin)),
          local: true,
        },
        {
          section: '7.4',
          status: 400,
          message: M.invalidBinId,
          kind: 'invalidInput',
          raw: (f) => f.raw('DELETE', `/b/TestID${suffix}`, freeKey(f)),
          client: (f) => del(f, 'TestID', f.free.key),
        },
        {
          section: '7.4',
          status: 401,
          message: M.invalidKey,
          kind: 'invalidKey',
          raw: (f, i) => f.raw('DELETE', `/b/${i.bin}${suffix}`, key('nope')),
          client: (f, i) => f.client(undefined, { key: () => 'nope' })[suffix === '' ? 'deleteBin' : 'deleteVersions'](i.bin),
        },
        {
          section: '7.4',
          status: 401,
          message: M.binNotOwned,
          kind: 'notFound',
          raw: (f, i) => f.raw('DELETE', `/b/${i.bin}${suffix}`, key(f.other.key)),
          client: (f, i) => del(f, i.bin, f.other.key),
        },
        {
          section: '7.4',
          status: 403,
          message: M.exhausted,
          kind: 'allowanceExhausted',
          raw: (f, i) => f.raw('DELETE', `/b/${i.bin}${suffix}`, key(i.exhausted.key)),
          client: (f, i) => del(f, i.bin, i.exhausted.key),
        },
      ];
    }),
    // 7.5 list collections
    {
      section: '7.5',
      status: 401,
      message: M.missingKey,
      kind: 'missingKey',
      raw: (f) => f.raw('GET', '/c'),
      client: (f) => c(f).listCollections(),
      local: true,
    },
    {
      section: '7.5',
      status: 401,
      message: M.invalidKey,
      kind: 'invalidKey',
      raw: (f) => f.raw('GET', '/c', key('nope')),
      client: (f) => f.client(undefined, { key: () => 'nope' }).listCollections(),
    },
    {
      section: '7.5',
      status: 403,
      message: M.exhausted,
      kind: 'allowanceExhausted',
      raw: (f, i) => f.raw('GET', '/c', key(i.exhausted.key)),
      client: (f, i) => c(f, i.exhausted.key).listCollections(),
    },
    {
      section: '7.5',
      status: 400,
      message: M.collectionNotFound,
      kind: 'notFound',
      raw: (f, i) => f.raw('GET', `/c/${i.collection}/bins`, key(f.other.key)),
      client: (f, i) => c(f, f.other.key).listBins(i.collection),
    },
    // 7.6 read schema doc
    {
      section: '7.6',
      status: 401,
      message: M.missingKey,
      kind: 'missingKey',
      raw: (f, i) => f.raw('GET', `/s/${i.schemaDoc}`),
      client: (f, i) => c(f).readSchemaDoc(i.schemaDoc),
      local: true,
    },
    {
      section: '7.6',
      status: 400,
      message: M.invalidSchemaId,
      kind: 'invalidInput',
      raw: (f) => f.raw('GET', '/s/TestID', freeKey(f)),
      client: (f) => c(f, f.free.key).readSchemaDoc('TestID'),
    },
    {
      section: '7.6',
      status: 401,
      message: M.invalidKey,
      kind: 'invalidKey',
      raw: (f, i) => f.raw('GET', `/s/${i.schemaDoc}`, key('nope')),
      client: (f, i) => f.client(undefined, { key: () => 'nope' }).readSchemaDoc(i.schemaDoc),
    },
    {
      section: '7.6',
      status: 404,
      message: M.schemaNotFound,
      kind: 'notFound',
      raw: (f) => f.raw('GET', `/s/${UNKNOWN_ID}`, freeKey(f)),
      client: (f) => c(f, f.free.key).readSchemaDoc(UNKNOWN_ID),
    },
    {
      section: '7.6',
      status: 403,
      message: M.exhausted,
      kind: 'allowanceExhausted',
      raw: (f, i) => f.raw('GET', `/s/${i.schemaDoc}`, key(i.exhausted.key)),
      client: (f, i) => c(f, i.exhausted.key).readSchemaDoc(i.schemaDoc),
    },
    // 7.7 update schema doc
    {
      section: '7.7',
      status: 400,
      message: M.contentType,
      kind: 'invalidInput',
      raw: (f, i) => f.raw('PUT', `/s/${i.schemaDoc}`, freeKey(f), '{"type":"object"}'),
      client: (f, i) => classified(f.raw('PUT', `/s/${i.schemaDoc}`, freeKey(f), '{"type":"object"}'), 'updateSchemaDoc'),
    },
    {
      section: '7.7',
      status: 401,
      message: M.missingKey,
      kind: 'missingKey',
      raw: (f, i) => f.raw('PUT', `/s/${i.schemaDoc}`, JSON_TYPE, '{"type":"object"}'),
      client: (f, i) => c(f).updateSchemaDoc(i.schemaDoc, { type: 'object' }, 'name'),
      local: true,
    },
    {
      section: '7.7',
      status: 400,
      message: M.invalidSchemaId,
      kind: 'invalidInput',
      raw: (f) => f.raw('PUT', '/s/TestID', { ...JSON_TYPE, ...freeKey(f) }, '{"type":"object"}'),
      client: (f) => c(f, f.free.key).updateSchemaDoc('TestID', { type: 'object' }, 'name'),
    },
    {
      section: '7.7',
      status: 400,
      message: M.schemaEmpty,
      kind: 'invalidInput',
      raw: (f, i) => f.raw('PUT', `/s/${i.schemaDoc}`, { ...JSON_TYPE, ...freeKey(f) }, '{}'),
      client: (f, i) => c(f, f.free.key).updateSchemaDoc(i.schemaDoc, {}, 'name'),
      local: true,
    },
    {
      section: '7.7',
      status: 401,
      message: M.invalidKey,
      kind: 'invalidKey',
      raw: (f, i) => f.raw('PUT', `/s/${i.schemaDoc}`, { ...JSON_TYPE, ...key('nope') }, '{"type":"object"}'),
      client: (f, i) => f.client(undefined, { key: () => 'nope' }).updateSchemaDoc(i.schemaDoc, { type: 'object' }, 'name'),
    },
    {
      section: '7.7',
      status: 403,
      message: M.exhausted,
      kind: 'allowanceExhausted',
      raw: (f, i) => f.raw('PUT', `/s/${i.schemaDoc}`, { ...JSON_TYPE, ...key(i.exhausted.key) }, '{"type":"object"}'),
      client: (f, i) => c(f, i.exhausted.key).updateSchemaDoc(i.schemaDoc, { type: 'object' }, 'name'),
    },
    {
      section: '7.7',
      status: 404,
      message: M.schemaNotFound,
      kind: 'notFound',
      raw: (f) => f.raw('PUT', `/s/${UNKNOWN_ID}`, { ...JSON_TYPE, ...freeKey(f) }, '{"type":"object"}'),
      client: (f) => c(f, f.free.key).updateSchemaDoc(UNKNOWN_ID, { type: 'object' }, 'name'),
    },
  ];
}

/**
 * Answers the client cannot provoke (it always sends Content-Type with a body, and creates only at
 * `/b`), classified from the raw answer with the facts of such a request.
 */
async function classified(answer: ReturnType<Fixture['raw']>, operation: Operation): Promise<never> {
  const { status, body } = await answer;
  throw new BinServiceError(classify(status, body.message!, { operation, sentKey: true, sentBody: true, askedForVersioning: false }), body.message!, status);
}

describe('contract section 7: every error row', () => {
  let f: Fixture;
  let ids: Ids;

  before(async () => {
    f = await startFixture();
    const owner = f.client(f.free);
    ids = {
      bin: (await owner.createBin({ record: { a: 0 } })).metadata.id,
      publicBin: '',
      collection: (await owner.createCollection('plain')).id,
      schemaCollection: (await owner.createCollection('strict')).id,
      schemaDoc: (await owner.createSchemaDoc('needs-title', { type: 'object', required: ['title'] })).metadata.id,
      exhausted: { key: '' },
    };
    await owner.attachSchemaDoc(ids.schemaCollection, ids.schemaDoc);
    ids.publicBin = (await owner.createBin({ record: { title: 't' }, private: false, collectionId: ids.schemaCollection })).metadata.id;
    // The exhausted account owns nothing; its allowance is spent, so every call of it is refused.
    ids.exhausted = f.service.addAccount('free', 0);
  });

  after(() => f.close());

  const all = rows();
  it(`covers the ${all.length} rows of the seven tables`, () => {
    const perSection = new Map<string, number>();
    all.forEach((r) => perSection.set(r.section, (perSection.get(r.section) ?? 0) + 1));
    // 7.4's five rows are reproduced for both delete bin and delete versions.
    assert.deepEqual(Object.fromEntries(perSection), { '7.1': 3, '7.2': 10, '7.3': 10, '7.4': 10, '7.5': 4, '7.6': 5, '7.7': 7 });
  });

  for (const row of all) {
    it(`${row.section} ${row.status} ${row.message.slice(0, 60)}`, async () => {
      const answer = await row.raw(f, ids);
      assert.equal(answer.status, row.status);
      assert.equal(answer.body.message, row.message);

      const mark = f.service.log.length;
      const error = await row.client(f, ids).then(
        () => assert.fail('the client call should have failed'),
        (e: unknown) => e,
      );
      assert.ok(error instanceof BinServiceError, String(error));
      assert.equal(error.kind, row.kind, error.message);
      if (row.local) {
        assert.equal(f.service.log.length, mark, 'a check that costs no request sent one');
      } else if (error.status !== undefined) {
        assert.equal(error.status, row.status);
        assert.equal(error.message, row.message);
      }
    });
  }
});
