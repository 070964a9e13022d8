import * as assert from 'node:assert/strict';
import { readPart, selectJsonPath } from '../../../src/core/api/partialReads';
import { CORS_HEADERS, CORS_METHODS } from '../../service/server';
import { startFixture, type Fixture } from '../../support/fixture';

/** Headers the HTTP stack adds on its own, not the extension: a browser does not preflight them. */
const STACK_HEADERS = new Set(['host', 'connection', 'content-length', 'accept', 'accept-encoding', 'accept-language', 'user-agent', 'sec-fetch-mode']);

describe('the local service answers CORS, as the hosted service does', () => {
  let f: Fixture;
  beforeEach(async () => (f = await startFixture()));
  afterEach(() => f.close());

  const preflight = (headers: string) =>
    fetch(`${f.service.baseUrl}/b`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://vscode.dev', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': headers },
    });

  it('answers a preflight with the origin, the methods and the headers, and keeps it out of the request log', async () => {
    const answer = await preflight('content-type, x-master-key, x-bin-name');
    assert.equal(answer.status, 204);
    assert.equal(answer.headers.get('access-control-allow-origin'), 'https://vscode.dev');
    assert.deepEqual(answer.headers.get('access-control-allow-methods')?.split(', '), ['GET', 'POST', 'PUT', 'DELETE']);
    assert.ok(answer.headers.get('access-control-allow-headers')?.includes('X-Master-Key'));
    assert.equal(f.service.preflights, 1);
    assert.deepEqual(f.service.log, [], 'a preflight is not a request of the allowance');
  });

  it('lets through every header the client sends, in every operation, and marks every answer', async () => {
    const owner = f.client(f.paid);
    const collection = await owner.createCollection('c');
    await owner.renameCollection(collection.id, 'renamed');
    const id = (await owner.createBin({ record: { a: [1] }, name: 'n', private: false, collectionId: collection.id })).metadata.id;
    await owner.updateBin(id, { a: [2] }, { versioning: true });
    await owner.renameBin(id, 'm');
    await owner.setPrivacy(id, true);
    await owner.readBin(id, 1);
    await owner.readServed(id);
    await readPart(owner, id);
    await selectJsonPath(owner, id, '$.a');
    await owner.versionCount(id);
    await owner.listBins(collection.id, undefined, 'ascending');
    const doc = await owner.createSchemaDoc('s', { type: 'object' });
    await owner.updateSchemaDoc(doc.metadata.id, { type: 'object' }, 's2');
    await owner.attachSchemaDoc(collection.id, doc.metadata.id);
    await owner.detachSchemaDoc(collection.id);
    await owner.createAccessKey('k', { bins: { create: false, read: true, update: false, delete: false } });
    await owner.deleteVersions(id, { preserveLatest: true });
    await owner.deleteBin(id);

    const allowed = new Set(CORS_HEADERS.map((h) => h.toLowerCase()));
    const sent = new Set(f.service.log.flatMap((e) => [...Object.keys(e.headers), ...(e.keyHeader ? [`x-${e.keyHeader}-key`] : [])]));
    const missing = [...sent].filter((h) => !STACK_HEADERS.has(h) && !allowed.has(h));
    assert.deepEqual(missing, []);
    assert.ok(sent.has('x-json-path') && sent.has('x-preserve-latest') && sent.has('x-master-key'), [...sent].join(', '));
    assert.ok(CORS_METHODS.split(', ').every((m) => f.service.log.some((e) => e.method === m)));

    const answer = await fetch(`${f.service.baseUrl}/b/${id}`, { headers: { Origin: 'https://vscode.dev' } });
    assert.equal(answer.headers.get('access-control-allow-origin'), 'https://vscode.dev');
  });
});
