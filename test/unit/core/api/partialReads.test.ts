import * as assert from 'node:assert/strict';
import { RequestScope } from '../../../../src/core/api';
import { readRecord, selectJsonPath } from '../../../../src/core/api/partialReads';
import { startFixture, type Fixture, rejection } from '../../../support/fixture';

const record = { title: 'Graphs', modules: [{ name: 'Paths' }, { name: 'Trees' }] };

describe('reading the record alone and the parts a JSONPath selects', () => {
  let f: Fixture;
  let id: string;
  const sent = (mark: number) => f.service.requestsSince(mark).map((r) => `${r.path} ${r.headers['x-bin-meta'] ?? ''}${r.headers['x-json-path'] ?? ''}`);

  beforeEach(async () => {
    f = await startFixture();
    id = (await f.client(f.free).createBin({ record, name: 'course' })).metadata.id;
  });
  afterEach(() => f.close());

  it('reads the bare record with X-Bin-Meta: false, in one request', async () => {
    const mark = f.service.log.length;
    assert.deepEqual(await readRecord(f.client(f.free), id), record);
    assert.deepEqual(sent(mark), [`/v3/b/${id}/latest false`]);
  });

  it('takes the record out of a read answer when the service ignores X-Bin-Meta, and keeps a record that only looks like one', async () => {
    const client = f.client(f.free);
    f.service.fault({ times: 1, body: { record, metadata: { id, private: true } } });
    assert.deepEqual(await readRecord(client, id), record);
    const lookalike = { record: 1, metadata: { id: 'another' } };
    f.service.fault({ times: 1, body: lookalike });
    assert.deepEqual(await readRecord(client, id), lookalike);
  });

  it('selects with X-JSON-Path: the matches as a list, with the metadata of the read', async () => {
    const mark = f.service.log.length;
    const selected = await selectJsonPath(f.client(f.free), id, '$.modules[*].name');
    assert.deepEqual(selected.matches, ['Paths', 'Trees']);
    assert.equal(selected.metadata?.name, 'course');
    assert.deepEqual(sent(mark), [`/v3/b/${id}/latest $.modules[*].name`]);
  });

  it('takes a bare list of matches as well', async () => {
    f.service.fault({ times: 1, body: ['Paths'] });
    const selected = await selectJsonPath(f.client(f.free), id, '$.modules[0].name');
    assert.deepEqual(selected, { matches: ['Paths'], metadata: undefined });
  });

  it("rejects a path the service cannot read with the service's message", async () => {
    const error = await rejection(selectJsonPath(f.client(f.free), id, '$.modules['));
    assert.equal(error.kind, 'invalidInput');
    assert.equal(error.status, 400);
    assert.match(error.message, /^Invalid X-JSON-Path provided: /);
  });

  it('refuses a blank path or one a header cannot carry before any request', async () => {
    const mark = f.service.log.length;
    const client = f.client(f.free);
    assert.equal((await rejection(selectJsonPath(client, id, ' '))).kind, 'invalidInput');
    assert.match((await rejection(selectJsonPath(client, id, '$.a\n.b'))).message, /line breaks/);
    assert.match((await rejection(selectJsonPath(client, id, "$['名']"))).message, /Latin-1/);
    assert.deepEqual(sent(mark), []);
  });

  describe('from a service with the contract routes only', () => {
    let bare: Fixture;
    let bareId: string;
    beforeEach(async () => {
      bare = await startFixture({ minimal: true, bareRoutes: true });
      bareId = (await bare.client(bare.free).createBin({ record })).metadata.id;
    });
    afterEach(() => bare.close());

    it('reads the record alone through /b/<id>, though the service ignores X-Bin-Meta', async () => {
      const mark = bare.service.log.length;
      assert.deepEqual(await readRecord(bare.client(bare.free), bareId), record);
      assert.deepEqual(
        bare.service.requestsSince(mark).map((r) => `${r.status} ${r.path}`),
        [`404 /v3/b/${bareId}/latest`, `200 /v3/b/${bareId}`],
      );
    });

    it('says that the service ignores X-JSON-Path rather than passing the whole record off as the selection, and does not ask again', async () => {
      const client = bare.client(bare.free);
      await client.readBin(bareId);
      const mark = bare.service.log.length;
      // Learnt through one action's view of the client: known to the client and every other view.
      const first = await rejection(selectJsonPath(client.within(new RequestScope()), bareId, '$.title'));
      assert.equal(first.kind, 'unsupported');
      assert.match(first.message, /ignores X-JSON-Path/);
      assert.equal(bare.service.requestsSince(mark).length, 1);
      const again = await rejection(selectJsonPath(client, bareId, '$.modules'));
      assert.match(again.message, /ignores X-JSON-Path/);
      assert.match((await rejection(selectJsonPath(client.within(new RequestScope()), bareId, '$.modules'))).message, /ignores X-JSON-Path/);
      assert.equal(bare.service.requestsSince(mark).length, 1, 'no second request');
    });
  });
});
