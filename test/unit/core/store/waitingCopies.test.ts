import * as assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OfflineCopyFiles } from '../../../../src/core/store/offlineCopyFiles';
import { WaitingCopies } from '../../../../src/core/store/waitingCopies';
import { nodeFolder } from './nodeFolder';

const SCOPE = 'http://127.0.0.1:1/v3';
const record = (size: number, fill = 'x') => new TextEncoder().encode(fill.repeat(size));
const text = (copy: { bytes: Uint8Array } | undefined) => (copy ? new TextDecoder().decode(copy.bytes) : undefined);

describe('offline copies waiting to be written', () => {
  it('drops the oldest waiting copy over the bound, and keeps the newest however big', () => {
    const waiting = new WaitingCopies(250);
    const a = waiting.put('a', { bytes: record(100), keptAt: 1 });
    const b = waiting.put('b', { bytes: record(100), keptAt: 2 });
    const c = waiting.put('c', { bytes: record(100), keptAt: 3 });
    assert.equal(waiting.take('a', a), undefined, 'a was the oldest: 300 bytes were over 250');
    assert.equal(waiting.take('b', b)?.keptAt, 2);
    const d = waiting.put('d', { bytes: record(300), keptAt: 4 });
    assert.equal(waiting.take('c', c), undefined, 'dropped to make room for d');
    assert.equal(waiting.take('d', d)?.bytes.byteLength, 300, 'the newest waits alone, bigger than the bound');
  });

  it('replaces a waiting copy of the same file by the newer one, and gives each copy once', () => {
    const waiting = new WaitingCopies(1000);
    const older = waiting.put('a', { bytes: record(10, '1'), keptAt: 1 });
    const newer = waiting.put('a', { bytes: record(10, '2'), keptAt: 2 });
    assert.equal(waiting.take('a', older), undefined);
    assert.equal(text(waiting.take('a', newer)), '2'.repeat(10));
    assert.equal(waiting.take('a', newer), undefined, 'taken already');
    // The replaced copy's bytes no longer count: three more of 300 fit in the bound.
    const turns = ['b', 'c', 'd'].map((file) => waiting.put(file, { bytes: record(300), keptAt: 3 }));
    assert.ok(['b', 'c', 'd'].every((file, i) => waiting.take(file, turns[i])));
  });

  describe('in the offline copy files, while a write takes long', () => {
    let folder: string;
    let clock: number;
    beforeEach(async () => {
      folder = join(await mkdtemp(join(tmpdir(), 'waiting-')), 'copies');
      clock = 1_700_000_000_000;
    });
    afterEach(() => rm(join(folder, '..'), { recursive: true, force: true }));

    it('keeps a dropped bin as old as its copy was, or without one, and writes the rest as old as their reads', async () => {
      const base = nodeFolder(folder);
      let open!: () => void;
      const gate = new Promise<void>((done) => (open = done));
      let writing!: () => void;
      const started = new Promise<void>((done) => (writing = done));
      let held = false;
      const copies = new OfflineCopyFiles(
        {
          ...base,
          write: async (name, bytes) => {
            if (held) {
              writing();
              await gate;
            }
            return base.write(name, bytes);
          },
        },
        () => 1_000_000,
        () => clock,
        250,
      );
      const kept = clock;
      await copies.keep(SCOPE, 'a', { bytes: record(100, '1') });
      held = true;
      clock += 60_000;
      const read = clock;
      const keeps = [copies.keep(SCOPE, 'x', { bytes: record(100) })];
      await started;
      // While x is written, a burst: a's newer record waits with b and c, then d needs room.
      for (const [id, size] of [
        ['a', 100],
        ['b', 100],
        ['c', 100],
        ['d', 300],
      ] as const) {
        keeps.push(copies.keep(SCOPE, id, { bytes: record(size, '2') }));
      }
      clock += 60_000;
      open();
      await Promise.all(keeps);
      const a = await copies.get(SCOPE, 'a');
      assert.deepEqual([text(a), a?.keptAt], ['1'.repeat(100), kept], "a's newer record was dropped: its copy says when it was kept");
      assert.equal(await copies.get(SCOPE, 'b'), undefined);
      assert.equal(await copies.get(SCOPE, 'c'), undefined);
      assert.equal((await copies.get(SCOPE, 'd'))?.keptAt, read, 'kept as of its read, not of its write');
      assert.equal((await copies.get(SCOPE, 'x'))?.keptAt, read);
      assert.deepEqual(await copies.usage(), await new OfflineCopyFiles(base, () => 1_000_000).usage(), 'the index names what is on disk');
    });
  });
});
