/** The client with access keys: `X-Access-Key` alone, refusals by permission, and creating, listing and deleting keys. */
import * as assert from 'node:assert/strict';
import { classify, RequestCounter, type BinClient, type KeyPermissions } from '../../../../src/core/api';
import type { StoredAccessKey } from '../../../service/store';
import { startFixture, type Fixture, rejection } from '../../../support/fixture';

const grant = (...actions: Array<keyof KeyPermissions['bins']>): KeyPermissions => ({
  bins: { create: actions.includes('create'), read: actions.includes('read'), update: actions.includes('update'), delete: actions.includes('delete') },
});

describe('service client with access keys', () => {
  let f: Fixture;
  beforeEach(async () => (f = await startFixture()));
  afterEach(() => f.close());

  const accessClient = (access: StoredAccessKey): BinClient => f.client(undefined, { key: () => access.key, keyKind: 'access' });

  it('sends only X-Access-Key, and reads and updates as far as the key is granted', async () => {
    const id = (await f.client(f.free).createBin({ record: { v: 0 } })).metadata.id;
    const client = accessClient(f.service.addAccessKey(f.free, ['read', 'update']));
    const mark = f.service.log.length;
    assert.deepEqual((await client.readBin(id)).record, { v: 0 });
    await client.updateBin(id, { v: 1 });
    assert.equal((await client.versionCount(id)).versionCount, 0);
    await client.renameBin(id, 'renamed by an access key');
    const sent = f.service.requestsSince(mark);
    assert.deepEqual(
      sent.map((e) => `${e.keyHeader} ${e.status}`),
      ['access 200', 'access 200', 'access 200', 'access 200'],
    );
    assert.ok(sent.every((e) => !('x-master-key' in e.headers) && !('x-access-key' in e.headers)));
    assert.equal(f.service.store.bins.get(id)?.name, 'renamed by an access key');
    const master = f.service.log.length;
    await f.client(f.free).readBin(id);
    assert.equal(f.service.requestsSince(master)[0].keyHeader, 'master', 'a master key client still sends X-Master-Key');
  });

  it("gives a refused action the service's message and the kind notPermitted, in one request, even on a public bin", async () => {
    const owner = f.client(f.free);
    const privateId = (await owner.createBin({ record: { v: 0 } })).metadata.id;
    const publicId = (await owner.createBin({ record: { v: 0 }, private: false })).metadata.id;
    const client = accessClient(f.service.addAccessKey(f.free, ['read']));
    await client.readBin(privateId);
    const mark = f.service.log.length;
    const refused = [
      await rejection(client.updateBin(publicId, { v: 1 })),
      await rejection(client.deleteBin(privateId)),
      await rejection(client.createBin({ record: { v: 1 } })),
      await rejection(client.setPrivacy(privateId, false)),
    ];
    assert.deepEqual(
      refused.map((e) => `${e.kind} ${e.status} ${e.message}`),
      ['update', 'delete', 'create', 'update'].map((action) => `notPermitted 401 X-Access-Key does not have the permission to ${action} bins`),
    );
    assert.equal(f.service.requestsSince(mark).length, 4, 'no second try without the key');
    assert.deepEqual(f.service.store.bins.get(publicId)?.base, { v: 0 });
  });

  it('refuses without a request what only the master key can do', async () => {
    const client = accessClient(f.service.addAccessKey(f.free, ['create', 'read', 'update', 'delete']));
    const mark = f.service.log.length;
    const refused = [
      await rejection(client.listCollections()),
      await rejection(client.listBins('uncategorized')),
      await rejection(client.createSchemaDoc('s', { type: 'object' })),
      await rejection(client.createAccessKey('k', grant('read'))),
    ];
    assert.deepEqual(new Set(refused.map((e) => `${e.kind} ${e.local}`)), new Set(['notPermitted true']));
    assert.equal(f.service.requestsSince(mark).length, 0);
  });

  it('creates an access key, counted by action; a key the service deleted is an invalid key', async () => {
    const counter = new RequestCounter(f.service.baseUrl);
    const owner = f.client(f.free, { onRequest: (entry) => counter.record(entry) });
    const created = await owner.createAccessKey('Reader of bins', grant('read', 'create'));
    assert.deepEqual({ ...created, key: typeof created.key }, { key: 'string', id: created.id, name: 'Reader of bins', permissions: grant('read', 'create') });
    assert.match(created.id!, /^[0-9a-f]{24}$/);
    const client = f.client(undefined, { key: () => created.key, keyKind: 'access' });
    const id = (await client.createBin({ record: { made: 'by key' } })).metadata.id;
    assert.equal(f.service.store.bins.get(id)?.owner, f.free.id);
    // Deleted on the service (by its owner, elsewhere).
    f.service.store.accessKeys.delete(created.key);
    const gone = await rejection(client.readBin(id));
    assert.deepEqual([gone.kind, gone.status, gone.message], ['invalidKey', 401, 'Invalid X-Access-Key provided']);
    assert.deepEqual(counter.window.byAction, { createAccessKey: 1 });
    assert.ok(!JSON.stringify(f.service.log).includes(created.key), 'the new key is in no request log');
  });

  it('refuses a key name over 32 characters and partial permissions before sending', async () => {
    const owner = f.client(f.free);
    const mark = f.service.log.length;
    const long = await rejection(owner.createAccessKey('x'.repeat(33), grant('read')));
    assert.deepEqual([long.kind, long.local, long.message], ['invalidInput', true, 'X-Key-Name cannot be over 32 characters (it has 33)']);
    const partial = await rejection(owner.createAccessKey('k', { bins: { read: true } } as unknown as KeyPermissions));
    assert.equal(partial.kind, 'invalidInput');
    assert.equal(f.service.requestsSince(mark).length, 0);
    assert.equal((await owner.createAccessKey('é'.repeat(32), grant())).name, 'é'.repeat(32));
  });

  it('copes with answers that leave out the key id and names, and with a service without access keys', async () => {
    f.service.minimal = true;
    const owner = f.client(f.free);
    const created = await owner.createAccessKey('minimal', grant('read'));
    assert.deepEqual({ ...created, key: typeof created.key }, { key: 'string', name: 'minimal', permissions: grant('read') });
    const bare = await startFixture({ bareRoutes: true });
    try {
      assert.equal((await rejection(bare.client(bare.free).createAccessKey('k', grant('read')))).kind, 'unsupported');
    } finally {
      await bare.close();
    }
  });

  it('classifies a refusal of an access key by status first, its wording only as a hint', () => {
    const facts = (sentAccessKey: boolean) => ({ operation: 'updateBin' as const, sentKey: true, sentAccessKey, sentBody: true, askedForVersioning: false });
    assert.equal(classify(401, 'X-Access-Key does not have the permission to update bins', facts(true)), 'notPermitted');
    assert.equal(classify(403, 'Access key not allowed to update bins', facts(true)), 'notPermitted');
    assert.equal(classify(401, 'You need to pass X-Master-Key in the header', facts(true)), 'notPermitted');
    assert.equal(classify(401, 'Invalid X-Access-Key provided', facts(true)), 'invalidKey');
    assert.equal(classify(400, 'X-Access-Key does not have the permission to update bins', facts(true)), 'invalidInput');
    assert.equal(classify(401, 'No permission', facts(false)), 'invalidKey');
    assert.equal(classify(403, 'Requests exhausted', facts(true)), 'allowanceExhausted');
  });
});
