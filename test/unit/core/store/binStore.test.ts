import * as assert from 'node:assert/strict';
import { Refused } from '../../../../src/core/store/refused';
import type { Fixture } from '../../../support/fixture';
import { eachTestWithABin, type AccountBins } from './accountBins';

const DOC = 'jsonbin:/bin/x/tab.json';
const decoder = new TextDecoder();

describe('the account store of bins', () => {
  const world = eachTestWithABin();
  const { paths } = world;
  let f: Fixture;
  let a: AccountBins;
  let id: string;
  beforeEach(() => ({ f, a, id } = world));

  it('opens a tab with one read: stat and read share it, and concurrent readers share one request', async () => {
    const mark = f.service.log.length;
    const [stat, again] = await Promise.all([a.bins.stat({ kind: 'bin', id }, DOC), a.bins.fetch({ kind: 'bin', id })]);
    const bytes = await a.bins.read({ kind: 'bin', id }, DOC);
    assert.deepEqual(paths(mark), [`GET /v3/b/${id}/latest`]);
    assert.equal(stat.entry, again);
    assert.deepEqual(JSON.parse(decoder.decode(bytes)), { a: 1 });
    assert.equal(stat.entry.size, bytes.byteLength);
    assert.equal(stat.entry.name, 'one');
    assert.equal(stat.readOnly, false);
  });

  it('answers a stat from what it knows, and a version or a part is read-only', async () => {
    await a.bins.fetch({ kind: 'bin', id });
    const mark = f.service.log.length;
    await a.bins.stat({ kind: 'bin', id }, DOC);
    assert.deepEqual(paths(mark), []);
    assert.equal((await a.bins.stat({ kind: 'bin', id, version: 0 }, DOC)).readOnly, true);
    assert.equal((await a.bins.stat({ kind: 'peek', id }, DOC)).readOnly, true);
  });

  it('says a deleted bin is gone without asking the service, and tells its documents', async () => {
    const changes: unknown[] = [];
    a.bins.onDidChange((c) => changes.push(c));
    a.bins.onDidChangeBins((c) => changes.push(...c));
    a.bins.markDeleted({ kind: 'bin', id }, [DOC]);
    const mark = f.service.log.length;
    await assert.rejects(
      a.bins.stat({ kind: 'bin', id }, DOC),
      (e: unknown) => e instanceof Refused && e.kind === 'notFound' && e.message === 'This bin was deleted',
    );
    assert.deepEqual(paths(mark), []);
    assert.deepEqual(changes, [
      { docs: [DOC], deleted: true },
      { kind: 'deleted', id },
    ]);
  });

  it('tells that the user said which collection a bin is in, and sends nothing', async () => {
    const told: unknown[] = [];
    a.bins.onDidChangeBins((c) => told.push(...c));
    const mark = f.service.log.length;
    a.bins.collectionTold(id, null);
    assert.deepEqual(told, [{ kind: 'moved', id, collectionId: null }]);
    assert.deepEqual(paths(mark), []);
  });

  it('turns a refused read into "Could not open" with the service\'s words, and says so to whoever listens', async () => {
    const failures: string[] = [];
    a.bins.onDidFailToRead((e) => failures.push(e.kind));
    await assert.rejects(
      a.bins.read({ kind: 'bin', id: 'aaaaaaaaaaaaaaaaaaaaaaaa' }, DOC),
      (e: unknown) => e instanceof Refused && e.kind === 'notFound' && /^Could not open: /.test(e.message),
    );
    assert.deepEqual(failures, ['notFound']);
  });

  it('serves the offline copy when the service cannot be reached, read-only', async () => {
    await a.bins.read({ kind: 'bin', id }, DOC);
    a.bins.forgetAll();
    f.service.fault({ method: 'GET', path: `/b/${id}/latest`, drop: true });
    const { entry, readOnly } = await a.bins.stat({ kind: 'bin', id }, DOC);
    assert.equal(readOnly, true);
    assert.ok(entry.offline);
    assert.deepEqual(a.offline.shown, [DOC]);
  });

  it('keeps the base of a document with unsaved edits when the record is read again', async () => {
    await a.bins.read({ kind: 'bin', id }, DOC);
    const base = a.bins.baselines.of(DOC);
    await a.client.updateBin(id, { a: 2 });
    a.dirty.add(DOC);
    await a.bins.read({ kind: 'bin', id }, DOC);
    assert.equal(a.bins.baselines.of(DOC), base);
    a.dirty.delete(DOC);
    await a.bins.read({ kind: 'bin', id }, DOC);
    assert.notEqual(a.bins.baselines.of(DOC), base);
  });

  it('shows a record holding a number JavaScript cannot hold exactly as served, and saves its fix without a false conflict', async () => {
    const served = `{"record":{"n":1e400,"m":12345678901234567890},"metadata":{"id":"${id}","private":true,"name":"one"}}`;
    f.service.fault({ method: 'GET', path: `/b/${id}/latest`, raw: served });
    const shown = decoder.decode(await a.bins.read({ kind: 'bin', id }, DOC));
    assert.equal(shown, '{\n  "n": 1e400,\n  "m": 12345678901234567890\n}');
    // Saved with 1e400 still in it, its numbers are refused as any save's are: nothing sent.
    const mark = f.service.log.length;
    const half = shown.replace('12345678901234567890', '"12345678901234567890"');
    await assert.rejects(
      a.writes.save({ kind: 'bin', id }, new TextEncoder().encode(half), DOC),
      /The number 1e400 at \/n is beyond what a JSON number can hold/,
    );
    assert.deepEqual(paths(mark), []);
    // Written as strings, they are kept: the conflict check reads the record as served, the one the tab was read from.
    const fixed = '{\n  "n": "1e400",\n  "m": "12345678901234567890"\n}';
    a.conflicts.asked.length = 0;
    await a.writes.save({ kind: 'bin', id }, new TextEncoder().encode(fixed), DOC);
    assert.deepEqual(a.conflicts.asked, []);
    assert.deepEqual(paths(mark), [`GET /v3/b/${id}/latest`, `PUT /v3/b/${id}`]);
    f.service.clearFaults();
    assert.deepEqual((await a.client.readBin(id)).record, { n: '1e400', m: '12345678901234567890' });
  });
});
