import * as assert from 'node:assert/strict';
import { activity } from '../../../../src/core/api/activity';
import { StateKey, type Memory } from '../../../../src/core/api/stateKeys';
import { RememberedBins, type RememberedBin } from '../../../../src/core/store/rememberedBins';
import type { StoredBins } from '../../../../src/core/store/rememberedIndex';

/** VS Code's global state as the extension sees it (shared by its windows), counting the reads and writes of the lists. */
class MemoryState implements Memory {
  readonly values = new Map<string, unknown>();
  listsRead = 0;
  listsWritten = 0;
  get<T>(key: string): T | undefined {
    if (key === StateKey.bins) this.listsRead++;
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    if (key === StateKey.bins) this.listsWritten++;
    this.values.set(key, value);
  }
  /** The stored list of a service URL. */
  list(url: string): unknown {
    return (this.values.get(StateKey.bins) as Record<string, unknown> | undefined)?.[url];
  }
  setList(url: string, list: unknown): void {
    this.values.set(StateKey.bins, { ...(this.values.get(StateKey.bins) as object), [url]: list });
  }
  mark(url: string): unknown {
    return (this.values.get(StateKey.binsWrite) as Record<string, unknown> | undefined)?.[url];
  }
  setMark(url: string, mark: unknown): void {
    this.values.set(StateKey.binsWrite, { ...(this.values.get(StateKey.binsWrite) as object), [url]: mark });
  }
}

const A = 'https://a.example/v3';
const B = 'https://b.example/v3';
const ids = (bins: RememberedBin[]) => bins.map((b) => b.id);
/** The bins a stored list holds, in order. */
/** Bins as the state stores them, most recent first. */
const storedOf = (bins: RememberedBin[]): StoredBins => ({ order: bins.map((b) => b.id), bins: Object.fromEntries(bins.map((b) => [b.id, b])) });

const listOf = (stored: unknown) => {
  const { order, bins } = stored as StoredBins;
  assert.equal(Object.keys(bins).length, order.length, 'one bin per id in the order');
  return order.map((id) => bins[id]);
};

describe('remembered bins', () => {
  it('lists the most recently remembered first, a page at a time', () => {
    const bins = new RememberedBins(new MemoryState(), () => A);
    for (const id of ['a', 'b', 'c', 'd']) bins.remember({ id });
    bins.remember({ id: 'b', name: 'again' });
    assert.deepEqual(ids(bins.page(0, 10)), ['b', 'd', 'c', 'a']);
    assert.deepEqual(ids(bins.page(1, 2)), ['d', 'c']);
    assert.deepEqual(ids(bins.page(3, 5)), ['a']);
    assert.deepEqual(bins.page(4, 5), []);
    assert.equal(bins.page(0, 1)[0].name, 'again', 'remembering again replaces what was remembered');
    assert.equal(bins.count, 4);
  });

  it('updates a bin in place, forgets it, and ignores bins it does not remember', async () => {
    const memory = new MemoryState();
    const bins = new RememberedBins(memory, () => A);
    for (const id of ['a', 'b', 'c']) bins.remember({ id, private: true });
    bins.update('b', { name: 'renamed', private: false });
    assert.deepEqual(bins.page(0, 3), [
      { id: 'c', private: true },
      { id: 'b', name: 'renamed', private: false },
      { id: 'a', private: true },
    ]);
    bins.forget('c');
    bins.forget('a');
    assert.deepEqual(ids(bins.all()), ['b']);
    assert.equal(bins.has('c'), false);
    assert.equal(bins.has('b'), true);
    await bins.flush();
    bins.update('never', { name: 'x' });
    bins.forget('never');
    await bins.flush();
    assert.equal(memory.listsWritten, 1, 'nothing changed, nothing written');
    assert.deepEqual(ids(bins.all()), ['b']);
  });

  it('reads the state once and writes 1,000 changes in one write', async () => {
    const memory = new MemoryState();
    const bins = new RememberedBins(memory, () => A);
    for (let i = 0; i < 1000; i++) {
      bins.remember({ id: `bin${i}` });
      assert.ok(bins.has(`bin${i}`));
    }
    bins.forget('bin0');
    bins.update('bin1', { name: 'one' });
    assert.equal(bins.count, 999);
    assert.equal(memory.listsWritten, 0, 'written only once the burst is over');
    assert.equal(memory.listsRead, 1);
    await bins.flush();
    assert.equal(memory.listsWritten, 1);
    assert.equal(memory.listsRead, 2, 'read once more to write it beside the other URLs’ lists');
    const stored = listOf(memory.list(A));
    assert.equal(stored.length, 999);
    assert.equal(stored[0].id, 'bin999');
    assert.deepEqual(stored[998], { id: 'bin1', name: 'one' });
  });

  it('writes on its own shortly after a change', async () => {
    const memory = new MemoryState();
    new RememberedBins(memory, () => A).remember({ id: 'a' });
    await activity.idle();
    assert.equal(memory.listsWritten, 1);
    assert.deepEqual(listOf(memory.list(A)), [{ id: 'a' }]);
  });

  it('is kept across a reload, in order', async () => {
    const memory = new MemoryState();
    const first = new RememberedBins(memory, () => A);
    for (const id of ['a', 'b', 'c']) first.remember({ id });
    await first.flush();
    const reloaded = new RememberedBins(memory, () => A);
    assert.deepEqual(ids(reloaded.all()), ['c', 'b', 'a']);
  });

  it('keeps each service URL to its own bins, reading each once', async () => {
    const memory = new MemoryState();
    let url = A;
    const bins = new RememberedBins(memory, () => url);
    bins.remember({ id: 'on a' });
    url = B;
    assert.equal(bins.count, 0);
    assert.equal(bins.has('on a'), false);
    bins.remember({ id: 'on b' });
    url = A;
    assert.deepEqual(ids(bins.all()), ['on a']);
    assert.equal(memory.listsRead, 2);
    await bins.flush();
    assert.equal(memory.listsWritten, 1, 'both lists in one write');
    assert.deepEqual(listOf(memory.list(A)), [{ id: 'on a' }]);
    assert.deepEqual(listOf(memory.list(B)), [{ id: 'on b' }]);
  });

  it("writes its list beside the other URLs' lists, as stored", async () => {
    const memory = new MemoryState();
    memory.setList(B, storedOf([{ id: 'kept by another window' }]));
    const bins = new RememberedBins(memory, () => A);
    bins.remember({ id: 'a' });
    await bins.flush();
    assert.deepEqual(listOf(memory.list(B)), [{ id: 'kept by another window' }]);
    assert.deepEqual(listOf(memory.list(A)), [{ id: 'a' }]);
  });

  it('keeps what another window wrote, with its own changes not yet written on top', async () => {
    const memory = new MemoryState();
    memory.setList(A, storedOf([{ id: 'shared' }, { id: 'gone' }]));
    const here = new RememberedBins(memory, () => A);
    const there = new RememberedBins(memory, () => A);
    assert.equal(here.count, 2);
    assert.equal(there.count, 2);
    there.remember({ id: 'from there' });
    there.forget('gone');
    await there.flush();
    here.remember({ id: 'from here' });
    here.update('shared', { name: 'renamed here' });
    assert.deepEqual(ids(here.all()), ['from here', 'from there', 'shared']);
    await here.flush();
    assert.deepEqual(listOf(memory.list(A)), [{ id: 'from here' }, { id: 'from there' }, { id: 'shared', name: 'renamed here' }]);
    assert.deepEqual(ids(there.all()), ['from here', 'from there', 'shared']);
    assert.equal(memory.listsRead, 2 + 2 + 2, 'each window read it once, once more after the other wrote, and once to write it');
  });

  it('keeps its own later changes when VS Code echoes an older write of its own back into the state', async () => {
    const state = new MemoryState();
    const bins = new RememberedBins(state, () => A);
    bins.remember({ id: 'first' });
    await bins.flush();
    const older = { list: state.list(A), mark: state.mark(A) };
    bins.remember({ id: 'second' });
    await bins.flush();
    // The state holds the first write again for a moment, as VS Code's echo of it arrives late.
    state.setList(A, older.list);
    state.setMark(A, older.mark);
    bins.remember({ id: 'third' });
    assert.deepEqual(ids(bins.all()), ['third', 'second', 'first']);
    await bins.flush();
    assert.deepEqual(ids(listOf(state.list(A))), ['third', 'second', 'first']);
  });

  it('two windows that both changed the list before either wrote keep both changes', async () => {
    const state = new MemoryState();
    const first = new RememberedBins(state, () => A);
    const second = new RememberedBins(state, () => A);
    first.remember({ id: 'shared' });
    await first.flush();
    assert.equal(first.count + second.count, 2);
    first.remember({ id: 'from here' });
    second.remember({ id: 'from there' });
    await second.flush();
    await first.flush();
    assert.deepEqual(ids(listOf(state.list(A))), ['from here', 'from there', 'shared']);
  });

  it('lists the first page and answers lookups without building anything, whatever the length', () => {
    const order = Array.from({ length: 100_000 }, (_, i) => `bin${i}`);
    const stored: StoredBins = { order, bins: Object.fromEntries(order.map((id) => [id, { id }])) };
    const memory = new MemoryState();
    memory.setList(A, stored);
    const bins = new RememberedBins(memory, () => A);
    assert.deepEqual(ids(bins.page(0, 3)), ['bin0', 'bin1', 'bin2']);
    assert.ok(bins.has('bin99999') && !bins.has('constructor'));
    bins.remember({ id: 'bin5' });
    assert.deepEqual(ids(bins.page(0, 2)), ['bin5', 'bin0']);
    assert.equal(stored.order[5], 'bin5', "the state's own object is not changed in place");
  });
});
