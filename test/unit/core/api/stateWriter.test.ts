import * as assert from 'node:assert/strict';
import { StateKey } from '../../../../src/core/api/stateKeys';
import { StateWriter } from '../../../../src/core/api/stateWriter';
import { RememberedBins } from '../../../../src/core/store/rememberedBins';
import { ExtensionHostState } from './extensionHostState';

const URL = 'https://a.example/v3';
const storedOrder = (state: ExtensionHostState) => (state.stored[StateKey.bins] as Record<string, { order: string[] }> | undefined)?.[URL]?.order;

/** A remembered bin is written while the echo of another key's write is still on its way, as a request count's or an account's is. */
async function rememberDuringAnEcho(memory: ExtensionHostState | StateWriter, state: ExtensionHostState): Promise<void> {
  const remembered = new RememberedBins(memory, () => URL);
  void memory.update(StateKey.requestsToday, { [URL]: { total: 1 } });
  await state.turn();
  assert.ok(state.send(), 'the count is sent');
  remembered.remember({ id: 'kept' });
  const flushed = remembered.flush();
  await state.turn();
  // The echo of the count's write arrives before the memento sends again.
  assert.ok(state.deliver(), "the count's echo arrives");
  await state.settle();
  await flushed;
}

describe('StateWriter: the window’s one writer of VS Code’s global state', () => {
  it('VS Code’s state alone drops an update made between a write and its echo (the cause)', async () => {
    const state = new ExtensionHostState();
    await rememberDuringAnEcho(state, state);
    assert.equal(storedOrder(state), undefined, 'the model drops it as code-server 1.139 did');
  });

  it('keeps an update made between a write and its echo', async () => {
    const state = new ExtensionHostState();
    await rememberDuringAnEcho(new StateWriter(state), state);
    assert.deepEqual(storedOrder(state), ['kept']);
  });

  it('answers reads with what waits to be written, and sends the updates made meanwhile together, after the write before', async () => {
    const state = new ExtensionHostState();
    const writer = new StateWriter(state);
    const first = writer.update('a', 1);
    await state.turn();
    assert.ok(state.send());
    const second = writer.update('b', 2);
    const third = writer.update('c', 3);
    assert.equal(second, third, 'one batch');
    assert.deepEqual([writer.get('a'), writer.get('b'), writer.get('c')], [1, 2, 3]);
    await state.turn();
    assert.equal(state.send(), false, 'nothing more is sent before the first write is stored');
    await state.settle();
    await Promise.all([first, second]);
    assert.deepEqual(state.stored, { a: 1, b: 2, c: 3 });
    assert.equal(state.sent, 2);
  });

  it('keeps a failed write waiting and writes it with the next', async () => {
    const state = new ExtensionHostState();
    const writer = new StateWriter(state);
    state.failNext = true;
    const failed = writer.update('a', 1);
    await state.settle();
    await assert.rejects(failed);
    assert.equal(writer.get('a'), 1, 'still read as written');
    const next = writer.update('b', 2);
    await state.settle();
    await next;
    assert.deepEqual(state.stored, { a: 1, b: 2 });
  });

  it('lists the keys with what waits to be written, a deleted one left out', async () => {
    const state = new ExtensionHostState();
    const writer = new StateWriter(state);
    await Promise.all([writer.update('a', 1), writer.update('b', 2), state.settle()]);
    void writer.update('a', undefined);
    void writer.update('c', 3);
    assert.deepEqual([...writer.keys()].sort(), ['b', 'c']);
    await state.settle();
    assert.deepEqual([...writer.keys()].sort(), ['b', 'c']);
  });
});
