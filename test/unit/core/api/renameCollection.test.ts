/** Renaming a collection: the client's request and local checks, and the local service's route. */
import * as assert from 'node:assert/strict';
import { BinServiceError } from '../../../../src/core/api';
import { M } from '../../../service/messages';
import { startFixture, type Fixture } from '../../../support/fixture';

describe('renaming a collection', () => {
  let f: Fixture;
  let collectionId: string;
  beforeEach(async () => {
    f = await startFixture();
    collectionId = (await f.client(f.free).createCollection('before')).id;
  });
  afterEach(() => f.close());

  it('sends one PUT /c/<id>/meta/name with X-Collection-Name, and the listing shows the new name', async () => {
    const owner = f.client(f.free);
    const mark = f.service.log.length;
    await owner.renameCollection(collectionId, 'après 32 characters at most.....');
    const [sent] = f.service.requestsSince(mark);
    assert.deepEqual(
      [sent.method, sent.path, sent.hasKey, sent.headers['x-collection-name'], sent.body],
      ['PUT', `/v3/c/${collectionId}/meta/name`, true, 'après 32 characters at most.....', undefined],
    );
    assert.equal(f.service.requestsSince(mark).length, 1);
    assert.deepEqual(
      (await owner.listCollections()).map((c) => c.name),
      ['après 32 characters at most.....'],
    );
  });

  it('refuses a name over 32 characters, blank or not Latin-1 before any request', async () => {
    const owner = f.client(f.free);
    const mark = f.service.log.length;
    for (const [name, problem] of [
      ['x'.repeat(33), /over 32 characters/],
      [' ', /cannot be blank/],
      ['Συλλογή', /Latin-1/],
    ] as const) {
      await assert.rejects(owner.renameCollection(collectionId, name), (e: BinServiceError) => e.kind === 'invalidInput' && problem.test(e.message));
    }
    await assert.rejects(owner.renameCollection('../c', 'x'), /Invalid Collection Id/);
    assert.equal(f.service.log.length, mark);
  });

  it("answers the route with the contract's messages: key, then collection, then name", async () => {
    const key = { 'X-Master-Key': f.free.key };
    const path = `/c/${collectionId}/meta/name`;
    const cases: [Record<string, string>, string, number, string][] = [
      [{ 'X-Collection-Name': 'x' }, path, 401, M.missingKey],
      [{ 'X-Master-Key': 'wrong', 'X-Collection-Name': 'x' }, path, 401, M.invalidKey],
      [{ ...key, 'X-Collection-Name': 'x' }, '/c/000000000000000000000000/meta/name', 400, M.collectionNotFound],
      [{ 'X-Master-Key': f.other.key, 'X-Collection-Name': 'x' }, path, 400, M.collectionNotFound],
      [key, path, 400, M.collectionName],
      [{ ...key, 'X-Collection-Name': 'y'.repeat(33) }, path, 400, M.collectionName],
      [{ ...key, 'X-Collection-Name': 'after' }, path, 200, ''],
    ];
    for (const [headers, at, status, message] of cases) {
      const answer = await f.raw('PUT', at, headers);
      assert.equal(answer.status, status, `${at} ${JSON.stringify(answer.body)}`);
      if (status === 200) {
        assert.deepEqual(answer.body, { record: collectionId, metadata: { name: 'after' } });
      } else {
        assert.equal(answer.body.message, message);
      }
    }
    assert.equal(f.service.store.collections.get(collectionId)?.name, 'after');
  });

  it('is a route the bare service lacks: the client says so', async () => {
    const bare = await startFixture({ bareRoutes: true });
    try {
      const owner = bare.client(bare.free);
      const id = (await owner.createCollection('bare')).id;
      await assert.rejects(
        owner.renameCollection(id, 'x'),
        (e: BinServiceError) => e.kind === 'unsupported' && /does not offer PUT \/c\/…\/meta\/name/.test(e.message),
      );
    } finally {
      await bare.close();
    }
  });
});
