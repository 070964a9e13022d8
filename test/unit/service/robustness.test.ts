/** The local service answers bad requests with an error and keeps serving. */
import * as assert from 'node:assert/strict';
import { request } from 'node:http';
import { startFixture, type Fixture } from '../../support/fixture';

function rawHttp(url: string, method: string, path: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<number>((resolve, reject) => {
    const target = new URL(url);
    const req = request({ host: target.hostname, port: target.port, method, path, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('local bin service robustness', () => {
  let f: Fixture;
  before(async () => (f = await startFixture()));
  after(() => f.close());

  it('answers malformed paths, bodies and headers without crashing', async () => {
    const key = { 'X-Master-Key': f.free.key };
    const statuses = [
      await rawHttp(f.service.baseUrl, 'GET', '/v3/b/%E0%A4%A'),
      await rawHttp(f.service.baseUrl, 'POST', '/v3/b', { ...key, 'Content-Type': 'application/json' }, '{"unterminated'),
      await rawHttp(f.service.baseUrl, 'PATCH', '/v3/b/abc'),
      await rawHttp(f.service.baseUrl, 'GET', '/elsewhere'),
      await rawHttp(f.service.baseUrl, 'PUT', '/v3/c/zzz/schemadoc/add', key),
      await rawHttp(f.service.baseUrl, 'POST', '/v3/c', key),
    ];
    assert.deepEqual(statuses, [400, 400, 404, 404, 400, 400]);
    const still = await f.raw('GET', '/c', key);
    assert.equal(still.status, 200);
  });

  it('gives public bins versioning by default and private bins none', async () => {
    const client = f.client(f.free);
    const publicId = (await client.createBin({ record: { v: 0 }, private: false })).metadata.id;
    const privateId = (await client.createBin({ record: { v: 0 } })).metadata.id;
    await client.updateBin(publicId, { v: 1 });
    await client.updateBin(privateId, { v: 1 });
    assert.equal((await client.versionCount(publicId)).versionCount, 1);
    assert.equal((await client.versionCount(privateId)).versionCount, 0);
  });

  it('lets only the owner turn off versioning of a public bin', async () => {
    const id = (await f.client(f.free).createBin({ record: { v: 0 }, private: false })).metadata.id;
    const anonymous = await f.raw('PUT', `/b/${id}`, { 'Content-Type': 'application/json', 'X-Bin-Versioning': 'false' }, '{"v":1}');
    assert.equal(anonymous.status, 401);
    const stranger = await f.raw(
      'PUT',
      `/b/${id}`,
      { 'Content-Type': 'application/json', 'X-Bin-Versioning': 'false', 'X-Master-Key': f.other.key },
      '{"v":1}',
    );
    assert.equal(stranger.status, 401);
    const owner = await f.raw('PUT', `/b/${id}`, { 'Content-Type': 'application/json', 'X-Bin-Versioning': 'false', 'X-Master-Key': f.free.key }, '{"v":1}');
    assert.equal(owner.status, 200);
  });

  it('keeps each account to its own resources', async () => {
    const mine = await f.client(f.free).createCollection('mine');
    assert.ok(!(await f.client(f.other).listCollections()).some((c) => c.id === mine.id));
  });
});
