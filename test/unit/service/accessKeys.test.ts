/** The local service's access keys: the `/a` routes, and `X-Access-Key` on the Bins endpoints. */
import * as assert from 'node:assert/strict';
import { startFixture, type Fixture } from '../../support/fixture';
import { M } from '../../service/messages';

const NO_BIN = '000000000000000000000000';
const json = { 'Content-Type': 'application/json' };
const grant = (read: boolean, update: boolean, del: boolean, create: boolean) => JSON.stringify({ bins: { read, update, delete: del, create } });

describe('local bin service access keys', () => {
  let f: Fixture;
  beforeEach(async () => (f = await startFixture()));
  afterEach(() => f.close());

  const master = () => ({ 'X-Master-Key': f.free.key });

  it('creates, lists and deletes access keys with the master key, and a deleted key stops working', async () => {
    const created = await f.raw('POST', '/a', { ...master(), ...json, 'X-Key-Name': 'reader' }, grant(true, false, false, false));
    assert.equal(created.status, 200);
    const { accessKey, accessKeyId, keyPermissions, metadata } = created.body as Record<string, unknown>;
    assert.equal(typeof accessKey, 'string');
    assert.match(String(accessKeyId), /^[0-9a-f]{24}$/);
    assert.deepEqual(keyPermissions, { bins: { create: false, read: true, update: false, delete: false } });
    assert.deepEqual(metadata, { name: 'reader' });
    f.service.addAccessKey(f.other, ['read']);
    const listed = await f.raw('GET', '/a', master());
    assert.deepEqual(listed.body, [{ keyPermissions, accessKeyId, accessKey, metadata }]);
    const gone = await f.raw('DELETE', `/a/${String(accessKeyId)}`, master());
    assert.deepEqual(gone.body, { metadata: { id: accessKeyId, name: 'reader' }, message: M.accessKeyDeleted });
    const after = await f.raw('GET', `/b/${NO_BIN}`, { 'X-Access-Key': String(accessKey) });
    assert.deepEqual([after.status, after.body.message], [401, M.invalidAccessKey]);
    assert.deepEqual((await f.raw('GET', '/a', master())).body, []);
  });

  it('refuses a bad key name, bad permissions and unknown or foreign key ids', async () => {
    const create = (headers: Record<string, string>, body: string) => f.raw('POST', '/a', { ...master(), ...json, ...headers }, body);
    const foreign = f.service.addAccessKey(f.other, ['read']);
    const answers = [
      await create({}, grant(true, true, true, true)),
      await create({ 'X-Key-Name': 'k'.repeat(33) }, grant(true, true, true, true)),
      await create({ 'X-Key-Name': 'k' }, JSON.stringify({ bins: { read: true } })),
      await create({ 'X-Key-Name': 'k' }, JSON.stringify({ bins: { read: true, update: 1, delete: false, create: false } })),
      await create({ 'X-Key-Name': 'k' }, JSON.stringify({ bins: { read: true, update: true, delete: true, create: true }, collections: { read: true } })),
      await f.raw('DELETE', '/a/not-an-id', master()),
      await f.raw('DELETE', `/a/${foreign.id}`, master()),
    ];
    assert.deepEqual(
      answers.map((a) => [a.status, a.body.message]),
      [
        [400, M.keyName],
        [400, M.keyName],
        [400, M.keyPermissions],
        [400, M.keyPermissions],
        [400, M.keyPermissions],
        [400, M.invalidAccessKeyId],
        [404, M.invalidAccessKeyId],
      ],
    );
    assert.equal((await create({ 'X-Key-Name': 'k'.repeat(32) }, grant(true, true, true, true))).status, 200);
  });

  it('lets an access key do on bins what it was granted, and refuses the rest naming the permission', async () => {
    const reader = { 'X-Access-Key': f.service.addAccessKey(f.free, ['read']).key };
    const writer = { 'X-Access-Key': f.service.addAccessKey(f.free, ['create', 'update', 'delete']).key };
    const made = await f.raw('POST', '/b', { ...writer, ...json, 'X-Bin-Name': 'by key' }, '{"a":1}');
    assert.equal(made.status, 200);
    const id = (made.body.metadata as { id: string }).id;
    // The bin belongs to the key's account: its master key lists it.
    const listed = await f.raw('GET', '/c/uncategorized/bins', master());
    assert.deepEqual(
      (listed.body as unknown as { record: string }[]).map((b) => b.record),
      [id],
    );
    const refusals = [
      await f.raw('GET', `/b/${id}/latest`, writer),
      await f.raw('GET', `/b/${id}/versions/count`, writer),
      await f.raw('PUT', `/b/${id}`, { ...reader, ...json }, '{"a":2}'),
      await f.raw('PUT', `/b/${id}/meta/name`, { ...reader, 'X-Bin-Name': 'n' }),
      await f.raw('DELETE', `/b/${id}`, reader),
      await f.raw('DELETE', `/b/${id}/versions`, reader),
      await f.raw('POST', '/b', { ...reader, ...json }, '{"a":1}'),
    ];
    const permission = (action: string) => [401, `${M.notPermitted}${action} bins`];
    assert.deepEqual(
      refusals.map((a) => [a.status, a.body.message]),
      [permission('read'), permission('read'), permission('update'), permission('update'), permission('delete'), permission('delete'), permission('create')],
    );
    assert.equal((await f.raw('PUT', `/b/${id}`, { ...writer, ...json }, '{"a":2}')).status, 200);
    assert.deepEqual((await f.raw('GET', `/b/${id}/latest`, reader)).body.record, { a: 2 });
    assert.equal((await f.raw('PUT', `/b/${id}/meta/privacy`, { ...writer, 'X-Bin-Private': 'false' })).status, 200);
    assert.equal((await f.raw('DELETE', `/b/${id}`, writer)).status, 200);
  });

  it('tells a valid key from an invalid one on a bin id that does not exist', async () => {
    const read = (headers: Record<string, string>) => f.raw('GET', `/b/${NO_BIN}`, headers).then((a) => [a.status, a.body.message]);
    assert.deepEqual(await read({ 'X-Access-Key': f.service.addAccessKey(f.free, ['read']).key }), [404, M.binNotOwned]);
    assert.deepEqual(await read({ 'X-Access-Key': f.service.addAccessKey(f.free, ['update']).key }), [401, `${M.notPermitted}read bins`]);
    assert.deepEqual(await read({ 'X-Access-Key': 'no such key' }), [401, M.invalidAccessKey]);
  });

  it('refuses an access key everywhere but the Bins endpoints, and keeps it to its own account', async () => {
    const everything = { 'X-Access-Key': f.service.addAccessKey(f.free, ['create', 'read', 'update', 'delete']).key };
    const answers = [
      await f.raw('GET', '/c', everything),
      await f.raw('POST', '/c', { ...everything, 'X-Collection-Name': 'c' }),
      await f.raw('POST', '/s', { ...everything, ...json, 'X-Schema-Doc-Name': 's' }, '{"type":"object"}'),
      await f.raw('POST', '/a', { ...everything, ...json, 'X-Key-Name': 'k' }, grant(true, true, true, true)),
      await f.raw('GET', '/a', everything),
    ];
    assert.deepEqual(
      answers.map((a) => [a.status, a.body.message]),
      [
        [401, M.missingKey],
        [401, M.missingKey],
        [401, M.missingKey],
        [401, M.missingKey],
        [401, M.listAccessKeysMissingKey],
      ],
    );
    const othersBin = await f.raw('POST', '/b', { 'X-Master-Key': f.other.key, ...json }, '{"a":1}');
    const id = (othersBin.body.metadata as { id: string }).id;
    const foreign = await f.raw('GET', `/b/${id}`, everything);
    assert.deepEqual([foreign.status, foreign.body.message], [401, M.readInvalidKey]);
  });

  it("charges the key's account for every request, refused ones too, and lets the master key win when both are sent", async () => {
    const account = f.service.addAccount('free', 3);
    const reader = f.service.addAccessKey(account, ['read']);
    const made = await f.raw('POST', '/b', { 'X-Master-Key': account.key, ...json }, '{"a":1}');
    const id = (made.body.metadata as { id: string }).id;
    const both = await f.raw('PUT', `/b/${id}`, { 'X-Master-Key': account.key, 'X-Access-Key': reader.key, ...json }, '{"a":2}');
    assert.equal(both.status, 200);
    assert.equal((await f.raw('DELETE', `/b/${id}`, { 'X-Access-Key': reader.key })).status, 401);
    assert.equal(account.used, 3);
    const exhausted = await f.raw('GET', `/b/${id}`, { 'X-Access-Key': reader.key });
    assert.deepEqual([exhausted.status, exhausted.body.message], [403, M.exhausted]);
  });

  it('logs which key header a request carried, never the key', async () => {
    const access = f.service.addAccessKey(f.free, ['read']);
    const mark = f.service.log.length;
    await f.raw('GET', `/b/${NO_BIN}`, { 'X-Access-Key': access.key });
    await f.raw('GET', `/b/${NO_BIN}`, master());
    await f.raw('GET', `/b/${NO_BIN}`, { ...master(), 'X-Access-Key': access.key });
    await f.raw('GET', `/b/${NO_BIN}`);
    const entries = f.service.requestsSince(mark);
    assert.deepEqual(
      entries.map((e) => [e.keyHeader, e.hasKey]),
      [
        ['access', true],
        ['master', true],
        ['both', true],
        [undefined, false],
      ],
    );
    const logged = JSON.stringify(entries);
    assert.ok(!logged.includes(access.key) && !logged.includes(f.free.key));
  });

  it('answers only the required fields in minimal mode, and has no access key routes with bare routes', async () => {
    f.service.minimal = true;
    const created = await f.raw('POST', '/a', { ...master(), ...json, 'X-Key-Name': 'k' }, grant(true, false, false, false));
    assert.deepEqual(Object.keys(created.body).sort(), ['accessKey', 'keyPermissions']);
    const [row] = (await f.raw('GET', '/a', master())).body as unknown as Record<string, unknown>[];
    assert.deepEqual(Object.keys(row).sort(), ['accessKey', 'accessKeyId', 'keyPermissions']);
    const bare = await startFixture({ bareRoutes: true });
    try {
      const listed = await fetch(`${bare.service.baseUrl}/a`, { headers: { 'X-Master-Key': bare.free.key } });
      assert.equal(listed.status, 404);
      assert.match(await listed.text(), /Cannot GET/);
    } finally {
      await bare.close();
    }
  });
});
