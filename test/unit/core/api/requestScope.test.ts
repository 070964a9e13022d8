import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { BinClient, BinServiceError, RequestScope } from '../../../../src/core/api';
import { rejection, startFixture, type Fixture } from '../../../support/fixture';

/** What an action sent, counted by the transport, against what the service's log received meanwhile. */
async function counted(f: Fixture, action: (scope: RequestScope) => Promise<unknown>): Promise<{ sent: number; logged: string[] }> {
  const mark = f.service.log.length;
  const scope = new RequestScope();
  await action(scope).catch((error: unknown) => {
    if (!(error instanceof BinServiceError)) {
      throw error;
    }
  });
  return { sent: scope.sent, logged: f.service.requestsSince(mark).map((r) => `${r.method} ${r.path}`) };
}

describe("an action's requests, counted where they are sent", () => {
  let f: Fixture;
  let owner: BinClient;
  let id: string;
  beforeEach(async () => {
    f = await startFixture();
    owner = f.client(f.free);
    id = (await owner.createBin({ record: { a: 1 } })).metadata.id;
  });
  afterEach(() => f.close());

  it('counts every attempt the service received: a read repeated after a busy gateway and after a dropped connection', async () => {
    f.service.fault({ method: 'GET', path: `/b/${id}/latest`, status: 503, times: 1 });
    const busy = await counted(f, (scope) => owner.within(scope).readBin(id));
    assert.deepEqual(busy, { sent: 2, logged: [`GET /v3/b/${id}/latest`, `GET /v3/b/${id}/latest`] });
    f.service.fault({ method: 'GET', path: `/b/${id}/latest`, drop: true, times: 1 });
    const dropped = await counted(f, (scope) => owner.within(scope).readBin(id));
    assert.deepEqual(dropped, { sent: 2, logged: [`GET /v3/b/${id}/latest`, `GET /v3/b/${id}/latest`] });
  });

  it("counts a read asked again without the key (another account's public bin), and a read on the route a service has", async () => {
    await owner.setPrivacy(id, false);
    const stranger = f.client(f.other, { keyChecked: true });
    const keyless = await counted(f, (scope) => stranger.within(scope).readBin(id));
    assert.equal(keyless.sent, 2);
    assert.equal(keyless.logged.length, 2);
    // Learnt through the scope's view, known to the client itself: its next read goes without the key at once.
    const mark = f.service.log.length;
    await stranger.readBin(id);
    assert.deepEqual(
      f.service.requestsSince(mark).map((r) => r.hasKey),
      [false],
    );
    const bare = await startFixture({ bareRoutes: true });
    try {
      const client = bare.client(bare.free);
      const bin = (await client.createBin({ record: { b: 2 } })).metadata.id;
      const fallback = await counted(bare, (scope) => client.within(scope).readBin(bin));
      assert.deepEqual(fallback, { sent: 2, logged: [`GET /v3/b/${bin}/latest`, `GET /v3/b/${bin}`] });
    } finally {
      await bare.close();
    }
  });

  it('counts a request that timed out (it may have reached the service), not one refused before it left', async () => {
    const slow = f.client(f.free, { timeoutMs: 100 });
    f.service.fault({ method: 'GET', path: `/b/${id}/latest`, delayMs: 400, times: 1 });
    assert.deepEqual(await counted(f, (scope) => slow.within(scope).readBin(id)), { sent: 1, logged: [`GET /v3/b/${id}/latest`] });
    const held = f.client(f.free, {
      beforeSend: () => {
        throw new BinServiceError('allowanceExhausted', 'held back');
      },
    });
    assert.deepEqual(await counted(f, (scope) => held.within(scope).readBin(id)), { sent: 0, logged: [] });
    // Over the free plan's size: refused by the client's check.
    assert.deepEqual(await counted(f, (scope) => owner.within(scope).updateBin(id, { big: 'x'.repeat(600_000) })), { sent: 0, logged: [] });
  });

  it('counts nothing for a connection that could not be opened, attempts included', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = createServer().listen(0, '127.0.0.1', () => {
        const free = (server.address() as { port: number }).port;
        server.close(() => resolve(free));
      });
    });
    const client = new BinClient({ baseUrl: `http://127.0.0.1:${port}/v3`, key: () => 'k', retries: 2, backoffMs: 1 });
    const scope = new RequestScope();
    assert.equal((await rejection(client.within(scope).listCollections())).kind, 'network');
    assert.equal(scope.sent, 0);
    await client.close();
  });

  it('counts for the scope given alone, and for the action it is part of; the client without a scope counts for none', async () => {
    const tool = new RequestScope();
    const search = new RequestScope(tool);
    const other = new RequestScope();
    await Promise.all([owner.within(search).readBin(id), owner.within(other).listCollections(), owner.readBin(id), owner.within(tool).versionCount(id)]);
    assert.deepEqual([search.sent, tool.sent, other.sent], [1, 2, 1]);
    assert.equal(owner.within(undefined), owner);
  });
});
