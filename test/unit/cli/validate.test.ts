import * as assert from 'node:assert/strict';
import type { Json } from '../../../src/core/api';
import { cliWorld } from './cliWorld';
import { shape, SCHEMA } from './links/linkedBins';

describe('jsonbin validate', () => {
  const w = cliWorld();
  const collection = async (...records: Json[]) => {
    const made = await w.client.createCollection('checked');
    const doc = await w.client.createSchemaDoc('module', SCHEMA);
    const ids = [];
    for (const record of records) {
      ids.push((await w.client.createBin({ record, collectionId: made.id })).metadata.id);
    }
    // Attached after the bins were stored: the service did not check them against it.
    await w.client.attachSchemaDoc(made.id, doc.metadata.id);
    return { id: made.id, doc: doc.metadata.id, ids };
  };

  it('checks every bin of the collection against its schema doc: failing bins’ problems at their lines, exit 1', async () => {
    const c = await collection({ title: 'ok' }, { title: 5 });
    const mark = w.service.log.length;
    const ran = await w.jsonbin(['validate', c.id]);
    assert.equal(ran.code, 1, ran.stderr);
    assert.equal(ran.stdout, `${c.ids[1]}:2:12: Expected a string at /title\n`);
    assert.deepEqual(shape(w.paths(mark), { c: c.id, doc: c.doc, one: c.ids[0], two: c.ids[1] }), [
      'GET /v3/b/<one>/latest',
      'GET /v3/b/<two>/latest',
      'GET /v3/c',
      'GET /v3/c/<c>/bins',
      'GET /v3/s/<doc>',
    ]);
    assert.equal(w.said(ran), 5);
    assert.match(ran.stderr, /Bins checked: 2\. Failing: 1, not read: 0/);
  });

  it('exits 0 when every bin passes; --format json and github', async () => {
    const good = await collection({ title: 'ok' });
    const ran = await w.jsonbin(['validate', good.id, '--format', 'json']);
    assert.equal(ran.code, 0);
    const result = JSON.parse(ran.stdout) as { checked: number; failing: unknown[]; requests: number };
    assert.deepEqual([result.checked, result.failing, result.requests], [1, [], 4]);
    const bad = await collection({ title: [] });
    const github = await w.jsonbin(['validate', bad.id, '--format', 'github']);
    assert.equal(github.code, 1);
    assert.equal(github.stdout, `::error file=${bad.ids[0]},line=2,col=12::Expected a string at /title\n`);
  });

  it('needs exactly one collection id (exit 2, nothing sent)', async () => {
    const ran = await w.jsonbin(['validate']);
    assert.equal(ran.code, 2);
    assert.match(ran.stderr, /validate takes one collection id/);
    assert.equal(w.said(ran), 0);
  });
});
