/** The request counter: today's and this window's requests by action, kept per service URL, and the block after "Requests exhausted". */
import * as assert from 'node:assert/strict';
import { mock } from 'node:test';
import {
  BinServiceError,
  RequestCounter,
  breakdown,
  forgetRequestCounts,
  timeOf,
  warnsAbout,
  type CountStore,
  type RequestLogEntry,
} from '../../../../src/core/api';
import { StateKey } from '../../../../src/core/api/stateKeys';

class MemoryStore implements CountStore {
  readonly values = new Map<string, unknown>();
  get<T>(key: string): T | undefined {
    return this.values.get(key) as T | undefined;
  }
  async update(key: string, value: unknown): Promise<void> {
    this.values.set(key, JSON.parse(JSON.stringify(value)));
  }
}

const answered = (operation: RequestLogEntry['operation'], status = 200): RequestLogEntry => ({
  method: 'GET',
  path: '/v3/x',
  operation,
  status,
  ms: 1,
  reached: true,
});
const URL_A = 'http://127.0.0.1:1/v3';

describe('RequestCounter', () => {
  it('counts requests that reached the service, by action, in the window and today', () => {
    const counter = new RequestCounter(URL_A, new MemoryStore());
    counter.record(answered('readBin'));
    counter.record(answered('readBin'));
    counter.record(answered('listCollections', 404));
    counter.record({ method: 'GET', path: '/v3/c', operation: 'listCollections', ms: 1, reached: false, kind: 'network', error: 'ECONNREFUSED' });
    assert.equal(counter.window.total, 3);
    assert.equal(counter.day.total, 3);
    assert.deepEqual(counter.window.byAction, { readBin: 2, listCollections: 1 });
  });

  it("breaks the requests down by action, this window's and today's side by side, the most sent today first", async () => {
    const store = new MemoryStore();
    const earlier = new RequestCounter(URL_A, store);
    earlier.record(answered('listBins'));
    earlier.record(answered('listBins'));
    earlier.record(answered('listBins'));
    await earlier.flush();
    const counter = new RequestCounter(URL_A, store);
    counter.record(answered('readBin'));
    counter.record(answered('readBin'));
    counter.record(answered(undefined));
    assert.deepEqual(breakdown(counter.window, counter.day), [
      { action: 'listBins', name: 'List bins', window: 0, today: 3 },
      { action: 'readBin', name: 'Read bin', window: 2, today: 2 },
      { action: 'other', name: 'Other', window: 1, today: 1 },
    ]);
  });

  it('keeps today across reloads per service URL, never past the day', async () => {
    const store = new MemoryStore();
    let now = new Date(2026, 0, 5, 23, 0);
    const first = new RequestCounter(URL_A, store, () => now);
    first.record(answered('createBin'));
    first.record(answered('createBin'));
    await first.flush();
    const reloaded = new RequestCounter(URL_A, store, () => now);
    assert.equal(reloaded.window.total, 0, 'a new window starts at 0');
    assert.equal(reloaded.day.total, 2);
    assert.deepEqual(reloaded.day.byAction, { createBin: 2 });
    assert.equal(new RequestCounter('http://other/v3', store, () => now).day.total, 0, 'another service has its own count');
    now = new Date(2026, 0, 6, 0, 1);
    assert.equal(reloaded.day.total, 0, 'a new day starts at 0');
    assert.equal(new RequestCounter(URL_A, store, () => now).day.total, 0);
    assert.ok(!JSON.stringify([...store.values]).includes('key'), 'nothing but counts under the URL');
  });

  it('holds requests back after "Requests exhausted" until retried, saying when the service said it', () => {
    let now = new Date(2026, 0, 5, 9, 7, 42);
    const counter = new RequestCounter(URL_A, undefined, () => now);
    let changes = 0;
    counter.onDidChange(() => changes++);
    counter.check('readBin');
    assert.equal(counter.exhaustedAt, undefined);
    counter.record({
      ...answered('readBin', 403),
      kind: 'allowanceExhausted',
      message: 'Requests exhausted. Buy additional requests at https://jsonbin.io/pricing',
    });
    assert.match(counter.exhausted ?? '', /Requests exhausted/);
    assert.deepEqual(counter.exhaustedAt, now);
    now = new Date(2026, 0, 5, 9, 30);
    assert.throws(
      () => counter.check('updateBin'),
      (e: unknown) =>
        e instanceof BinServiceError &&
        e.kind === 'allowanceExhausted' &&
        e.local &&
        e.operation === 'updateBin' &&
        /^Not sent: at 09:07 the service said "Requests exhausted/.test(e.message),
    );
    counter.retry();
    assert.equal(counter.exhausted, undefined);
    assert.equal(counter.exhaustedAt, undefined);
    counter.check('readBin');
    assert.equal(changes, 2);
    assert.equal(counter.window.total, 1, 'the refusal reached the service: it counts');
  });

  it("counts a tried key's requests but holds nothing back when its allowance is exhausted", () => {
    const counter = new RequestCounter(URL_A);
    counter.record({ ...answered('listCollections', 403), kind: 'allowanceExhausted', message: 'Requests exhausted' }, false);
    assert.equal(counter.exhausted, undefined);
    counter.check('readBin');
    assert.equal(counter.window.total, 1);
  });
});

describe("a removed account's request count", () => {
  afterEach(() => mock.timers.reset());

  it('is not written once its counter is disposed, though a write was pending', () => {
    // VS Code's timers stand still: the pending write is due when the test says so.
    mock.timers.enable({ apis: ['setTimeout'] });
    const store = new MemoryStore();
    const kept = new RequestCounter(URL_A, store, undefined, `${URL_A}#keep1234`);
    const gone = new RequestCounter(URL_A, store, undefined, `${URL_A}#gone1234`);
    kept.record(answered('readBin'));
    gone.record(answered('readBin'));
    gone.dispose();
    // A request in flight when the account went answers afterwards.
    gone.record(answered('readBin'));
    mock.timers.tick(2000);
    assert.deepEqual(Object.keys(store.get<object>(StateKey.requestsToday) ?? {}), [`${URL_A}#keep1234`]);
  });

  it("is deleted, under whatever service URL it used, and no other account's", async () => {
    const store = new MemoryStore();
    const day = { day: '2026-11-25', total: 1, byAction: { readBin: 1 } };
    await store.update(StateKey.requestsToday, { [URL_A]: day, [`${URL_A}#gone1234`]: day, [`http://other/v3#gone1234`]: day, [`${URL_A}#keep1234`]: day });
    await forgetRequestCounts(store, 'gone1234');
    assert.deepEqual(Object.keys(store.get<object>(StateKey.requestsToday)!), [URL_A, `${URL_A}#keep1234`]);
  });
});

describe('requests ahead of an action', () => {
  it('warns only above a limit that is not 0', () => {
    assert.equal(warnsAbout(51, 50), true);
    assert.equal(warnsAbout(50, 50), false);
    assert.equal(warnsAbout(10_000, 0), false, '0 never warns');
  });

  it('says the time of day, and the day when it was another', () => {
    const at = new Date(2026, 0, 5, 23, 59, 59);
    assert.equal(timeOf(at, new Date(2026, 0, 5, 23, 59, 59)), '23:59');
    assert.equal(timeOf(at, new Date(2026, 0, 6, 0, 1)), '2026-01-05 23:59');
  });
});
