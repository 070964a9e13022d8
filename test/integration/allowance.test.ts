/** The requests sent, in the status bar, and nothing sent after "Requests exhausted" until the user retries. */
import * as assert from 'node:assert/strict';
import { Command } from '../../src/commands/ids';
import { closeAll, requestsDuring, run, setup, sleep, TEST_KEY, type World } from './support';


describe('the allowance in sight', () => {
  let w: World;
  const shown = () => Number(/(\d+)$/.exec(w.api.requestStatus.text)?.[1]);
  before(async () => {
    w = await setup();
    // A visible view fetches on every change: only the commands' requests are wanted here.
    await run('workbench.action.closeSidebar');
  });
  afterEach(() => closeAll());

  it('counts in the status bar every request the service received from this window', async () => {
    const before = shown();
    assert.ok(Number.isInteger(before), w.api.requestStatus.text);
    const requests = await requestsDuring(w.service, async () => {
      const { id } = await run<{ id: string }>(Command.createBin, { record: { counted: 1 }, name: 'counted' });
      await run(Command.renameBin, id, 'counted again');
      await run(Command.setPrivacy, id, false);
      await run(Command.deleteBin, id);
    });
    assert.ok(requests.length >= 4, `${requests.length} requests`);
    assert.equal(shown() - before, requests.length, w.api.requestStatus.tooltip);
    assert.equal(w.api.requestStatus.exhausted, false);
    assert.match(w.api.requestStatus.tooltip, /^JSONBin requests: \d+ in this window, \d+ today \(http:\/\/127\.0\.0\.1:\d+\/v3\)/);
    assert.match(w.api.requestStatus.tooltip, /createBin: \d+/);
    assert.match(w.api.requestStatus.tooltip, /deleteBin: \d+/);
  });

  it('sends nothing after "Requests exhausted" until Retry Requests, then one request', async () => {
    const small = w.service.addAccount('free', 3);
    try {
      await run(Command.setApiKey, small.key);
      await run(Command.createBin, { record: { n: 1 } });
      await run(Command.createBin, { record: { n: 2 } });
      await assert.rejects(run(Command.createBin, { record: { n: 3 } }), /Requests exhausted/);
      assert.equal(w.api.requestStatus.exhausted, true);
      assert.match(w.api.requestStatus.tooltip, /The service said: Requests exhausted/);
      assert.equal(w.api.requestStatus.command?.command, Command.retryRequests);

      const held = await requestsDuring(w.service, async () => {
        await assert.rejects(run(Command.createBin, { record: { n: 4 } }), (e: Error) => /^Not sent: .*Requests exhausted/.test(e.message));
        await assert.rejects(run(Command.createCollection, 'held back'), /Not sent/);
      });
      assert.deepEqual(held, [], 'nothing reached the service while held back');

      await run(Command.retryRequests);
      assert.equal(w.api.requestStatus.exhausted, false);
      const again = await requestsDuring(w.service, () => assert.rejects(run(Command.createCollection, 'after retry'), /Requests exhausted/));
      assert.deepEqual(
        again.map((r) => `${r.method} ${r.path}`),
        ['POST /v3/c'],
      );
      assert.equal(w.api.requestStatus.exhausted, true, 'held back again');
    } finally {
      // Another key lifts the block too.
      await run(Command.setApiKey, TEST_KEY);
      await sleep(0);
    }
    assert.equal(w.api.requestStatus.exhausted, false);
  });
});
