import * as assert from 'node:assert/strict';
import { recordText } from '../../../../src/core/api/record';
import { cliWorld } from '../cliWorld';
import { linkTwo, shape } from './linkedBins';

describe('jsonbin links pull', () => {
  const w = cliWorld();

  it('writes the differing file with its bin’s record, as the extension’s Pull does, with one read per link', async () => {
    const { a, b } = await linkTwo(w);
    const record = { title: 'changed there', list: [1, 2.5, { deep: true }] };
    await w.client.updateBin(b, record);
    const aBefore = await w.read('a.json');
    const mark = w.service.log.length;
    const ran = await w.jsonbin(['links', 'pull']);
    assert.equal(ran.code, 0, ran.stderr);
    assert.deepEqual(shape(w.paths(mark), { a, b }), ['GET /v3/b/<a>/latest', 'GET /v3/b/<b>/latest']);
    assert.equal(w.said(ran), 2);
    assert.equal(await w.read('b.json'), recordText(record));
    assert.equal(await w.read('a.json'), aBefore, 'a file that holds its bin is not written');
    assert.match(ran.stdout, /^pulled +b\.json ← /m);
    const status = await w.jsonbin(['links', 'status']);
    assert.equal(status.code, 0);
  });

  it('says a bin that is gone (exit 1) and still pulls the others (--json)', async () => {
    const { a, b } = await linkTwo(w);
    await w.client.deleteBin(a);
    await w.client.updateBin(b, { title: 'new' });
    const ran = await w.jsonbin(['links', 'pull', '--json']);
    assert.equal(ran.code, 1);
    const result = JSON.parse(ran.stdout) as { links: { file: string; outcome: string }[]; requests: number };
    assert.deepEqual(
      result.links.map((l) => [l.file, l.outcome]),
      [
        ['a.json', 'notPulled'],
        ['b.json', 'pulled'],
      ],
    );
    assert.equal(result.requests, 2);
    assert.deepEqual(JSON.parse(await w.read('b.json')), { title: 'new' });
  });
});
