import * as assert from 'node:assert/strict';
import { startFixture, type Fixture } from '../../../support/fixture';
import { startProxy, type TestProxy } from '../../../support/proxy';

describe('service client behind a proxy', () => {
  let f: Fixture;
  let proxy: TestProxy;
  before(async () => {
    f = await startFixture();
    proxy = await startProxy();
  });
  after(async () => {
    await f.close();
    await proxy.close();
  });

  it('sends every request through the configured proxy', async () => {
    const client = f.client(f.free, { proxyUrl: proxy.url });
    const id = (await client.createBin({ record: { via: 'proxy' } })).metadata.id;
    assert.deepEqual((await client.readBin(id)).record, { via: 'proxy' });
    const host = new URL(f.service.baseUrl).host;
    assert.ok(proxy.carried.length >= 1);
    assert.ok(
      proxy.carried.every((target) => target === host),
      proxy.carried.join(', '),
    );
    assert.equal(f.service.requestsSince(0).filter((e) => e.path.includes(id) || e.path === '/v3/b').length, 2);
  });
});
