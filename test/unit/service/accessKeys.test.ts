/** The local service's access keys: `/a` with the master key, and `X-Access-Key` on the Bins endpoints per permission. */
import * as assert from 'node:assert/strict';
import { startFixture, type Fixture } from '../../support/fixture';

const ALL = { create: true, read: true, update: true, delete: true };
const json = { 'Content-Type': 'application/json' };

describe('local bin service access keys', () => {
  let f: Fixture;
  beforeEach(async () => (f = await startFixture()));
  afterEach(() => f.close());

  const master = () => ({ 'X-Master-Key': f.free.key });

  it('creates, lists and deletes access keys with the master key, and a deleted key is refused', async () => {
    const bins = { read: true, update: false, delete: false, create: true };
    const created = await f.raw('POST', '/a', { ...master(), ...json, 'X-Key-Name': 'reader' }, JSON.stringify({ bins }));
    assert.equal(created.status, 200);
    const { accessKey, accessKeyId } = created.body as { accessKey: string; accessKeyId: string };
    assert.deepEqual(created.body, { accessKey, accessKeyId, keyPermissions: { bins }, metadata: { name: 'reader' } });
    assert.notEqual(accessKey, f.free.key);
    const listed = await f.raw('GET', '/a', master());
    assert.deepEqual(listed.body, [{ keyPermissions: { bins }, accessKeyId, accessKey, metadata: { name: 'reader' } }]);
    assert.deepEqual((await f.raw('GET', '/a', { 'X-Master-Key': f.other.key })).body, []);
    const binId = (await f.raw('POST', '/b', { 'X-Access-Key': accessKey, ...json }, '{"a":1}')).body.metadata as { id: string };
    const removed = await f.raw('DELETE', `/a/${accessKeyId}`, master());
    assert.deepEqual(removed.body, { metadata: { id: accessKeyId, name: 'reader' }, message: 'Access Key deleted successfully' });
    const refused = await f.raw('GET', `/b/${binId.id}`, { 'X-Access-Key': accessKey });
    assert.deepEqual([refused.status, refused.body.message], [401, 'Invalid X-Access-Key provided']);
    const again = await f.raw('DELETE', `/a/${accessKeyId}`, master());
    assert.deepEqual([again.status, again.body.message], [404, 'Invalid Access Key Id provided']);
    assert.equal((await f.raw('DELETE', '/a/not-an-id', master())).status, 400);
  });

  it('refuses a missing or long key name and permissions of another shape', async () => {
    const body = JSON.stringify({ bins: ALL });
    const answers = [
      await f.raw('POST', '/a', { ...master(), ...json }, body),
      await f.raw('POST', '/a', { ...master(), ...json, 'X-Key-Name': 'x'.repeat(33) }, body),
      await f.raw('POST', '/a', { ...master(), ...json, 'X-Key-Name': 'k' }, JSON.stringify({ bins: { read: true } })),
      await f.raw('POST', '/a', { ...master(), ...json, 'X-Key-Name': 'k' }, JSON.stringify({ bins: ALL, collections: ALL })),
      await f.raw('POST', '/a', { ...master(), ...json, 'X-Key-Name': 'k' }, JSON.stringify({ bins: { ...ALL, read: 'yes' } })),
    ];
    assert.deepEqual(
      answers.map((a) => `${a.status} ${a.body.message}`),
      [
        '400 X-Key-Name cannot be blank or over 32 characters',
        '400 X-Key-Name cannot be blank or over 32 characters',
        ...Array(3).fill('400 Access Key permissions must be {"bins": {"create", "read", "update", "delete"}}, each true or false'),
      ],
    );
    assert.equal((await f.raw('POST', '/a', { ...master(), ...json, 'X-Key-Name': 'x'.repeat(32) }, body)).status, 200);
  });

  it('lets an access key do on bins exactly what it was granted, naming the missing permission', async () => {
    const id = (await f.client(f.free).createBin({ record: { v: 0 } })).metadata.id;
    const reader = { 'X-Access-Key': f.service.addAccessKey(f.free, ['read']).key };
    const writer = { 'X-Access-Key': f.service.addAccessKey(f.free, ['create', 'update', 'delete']).key };
    const calls = async (key: Record<string, string>) => [
      await f.raw('GET', `/b/${id}/latest`, key),
      await f.raw('GET', `/b/${id}/versions/count`, key),
      await f.raw('PUT', `/b/${id}`, { ...key, ...json }, '{"v":1}'),
      await f.raw('PUT', `/b/${id}/meta/name`, { ...key, 'X-Bin-Name': 'n' }),
      await f.raw('PUT', `/b/${id}/meta/privacy`, { ...key, 'X-Bin-Private': 'true' }),
      await f.raw('POST', '/b', { ...key, ...json }, '{"new":1}'),
      await f.raw('DELETE', `/b/${id}/versions`, key),
    ];
    const refused = (action: string) => `401 X-Access-Key does not have the permission to ${action} bins`;
    assert.deepEqual(
      (await calls(reader)).map((a) => (a.status === 200 ? 200 : `${a.status} ${a.body.message}`)),
      [200, 200, refused('update'), refused('update'), refused('update'), refused('create'), refused('delete')],
    );
    assert.deepEqual(
      (await calls(writer)).map((a) => (a.status === 200 ? 200 : `${a.status} ${a.body.message}`)),
      [refused('read'), refused('read'), 200, 200, 200, 200, 200],
    );
    const created = [...f.service.store.bins.values()].find((b) => JSON.stringify(b.base) === '{"new":1}');
    assert.equal(created?.owner, f.free.id, 'a bin created with an access key belongs to its account');
    assert.equal((await f.raw('DELETE', `/b/${id}`, writer)).status, 200);
  });

  it('refuses an access key on other accounts\u2019 bins and on the routes that need the master key', async () => {
    const id = (await f.client(f.other).createBin({ record: { v: 0 } })).metadata.id;
    const access = { 'X-Access-Key': f.service.addAccessKey(f.free, ['create', 'read', 'update', 'delete']).key };
    assert.deepEqual((await f.raw('GET', `/b/${id}`, access)).body.message, "X-Master-Key is invalid or the bin doesn't belong to your account");
    const answers = [
      await f.raw('GET', '/c', access),
      await f.raw('POST', '/c', { ...access, 'X-Collection-Name': 'c' }),
      await f.raw('GET', '/c/uncategorized/bins', access),
      await f.raw('POST', '/s', { ...access, ...json, 'X-Schema-Doc-Name': 's' }, '{"type":"object"}'),
      await f.raw('POST', '/a', { ...access, ...json, 'X-Key-Name': 'k' }, JSON.stringify({ bins: ALL })),
      await f.raw('GET', '/a', access),
    ];
    assert.deepEqual(answers.map((a) => `${a.status} ${a.body.message}`), [
      ...Array(5).fill('401 You need to pass X-Master-Key in the header'),
      '401 You need to pass X-Master-Key in the header to fetch a list of Access Keys',
    ]);
    const unknown = await f.raw('GET', `/b/${id}`, { 'X-Access-Key': 'not-a-key' });
    assert.deepEqual([unknown.status, unknown.body.message], [401, 'Invalid X-Access-Key provided']);
  });

  it('takes the master key when both are sent, charges the owner for access-key requests, and logs only which header came', async () => {
    const limited = f.service.addAccount('free', 3);
    const access = f.service.addAccessKey(limited, ['read']);
    const mark = f.service.log.length;
    const both = await f.raw('GET', '/c', { 'X-Master-Key': limited.key, 'X-Access-Key': 'not-a-key' });
    assert.equal(both.status, 200);
    assert.equal((await f.raw('GET', '/c', { 'X-Access-Key': access.key })).status, 401);
    assert.equal((await f.raw('GET', '/a', { 'X-Master-Key': limited.key })).status, 200);
    const exhausted = await f.raw('GET', '/a', { 'X-Master-Key': limited.key });
    assert.deepEqual([exhausted.status, limited.used], [403, 3]);
    await f.raw('GET', '/c');
    const log = f.service.requestsSince(mark);
    assert.deepEqual(log.map((e) => e.keyHeader), ['both', 'access', 'master', 'master', undefined]);
    assert.ok(!JSON.stringify(log).includes(access.key) && !JSON.stringify(log).includes(limited.key), 'no key value in the log');
  });

  it('answers only the required fields in minimal mode, and 404s the access key routes with bare routes', async () => {
    f.service.minimal = true;
    const created = await f.raw('POST', '/a', { ...master(), ...json, 'X-Key-Name': 'k' }, JSON.stringify({ bins: ALL }));
    assert.deepEqual(Object.keys(created.body).sort(), ['accessKey', 'keyPermissions']);
    const [row] = (await f.raw('GET', '/a', master())).body as unknown as Array<{ accessKeyId: string }>;
    assert.deepEqual(Object.keys(row).sort(), ['accessKey', 'accessKeyId', 'keyPermissions']);
    assert.deepEqual((await f.raw('DELETE', `/a/${row.accessKeyId}`, master())).body, { message: 'Access Key deleted successfully' });
    const bare = await startFixture({ bareRoutes: true });
    try {
      const answer = await fetch(`${bare.service.baseUrl}/a`, { headers: { 'X-Master-Key': bare.free.key } });
      assert.equal(answer.status, 404);
    } finally {
      await bare.close();
    }
  });
});
