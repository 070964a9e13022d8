import * as assert from 'node:assert/strict';
import { cliWorld } from '../cliWorld';
import { linkTwo, shape } from './linkedBins';

describe('jsonbin links push', () => {
  const w = cliWorld();

  it('sends only the differing file, through the checks of a save, with one PUT of its text, and says what changed', async () => {
    const { a, b, schemaDocId } = await linkTwo(w);
    await w.write('b.json', '{"title": "b2",  "n": 1.50}');
    const mark = w.service.log.length;
    const ran = await w.jsonbin(['links', 'push']);
    assert.equal(ran.code, 0, ran.stdout + ran.stderr);
    assert.deepEqual(shape(w.paths(mark), { a, b, doc: schemaDocId }), [
      'GET /v3/b/<a>/latest',
      'GET /v3/b/<b>/latest',
      'GET /v3/c',
      'GET /v3/s/<doc>',
      'PUT /v3/b/<b>',
    ]);
    assert.equal(w.service.requestsSince(mark, 'PUT')[0].body, '{"title": "b2",  "n": 1.50}', 'the text as written');
    assert.equal(w.said(ran), 5);
    assert.match(ran.stdout, new RegExp(`^pushed +b\\.json → ${b}$`, 'm'));
    assert.doesNotMatch(ran.stdout, /a\.json/);
    assert.match(ran.stderr, /Pushed: 1, unchanged: 1, not pushed: 0, conflicts: 0/);
    assert.deepEqual((await w.client.readBin(b)).record, { title: 'b2', n: 1.5 });
  });

  it('--dry-run runs the same checks and sends no write', async () => {
    const { b } = await linkTwo(w);
    await w.write('b.json', { title: 'b2' });
    const mark = w.service.log.length;
    const ran = await w.jsonbin(['links', 'push', '--dry-run']);
    assert.equal(ran.code, 0, ran.stderr);
    assert.ok(
      w.service.requestsSince(mark).every((r) => r.method === 'GET'),
      'only reads',
    );
    assert.equal(w.said(ran), w.service.log.length - mark);
    assert.match(ran.stdout, /^would push +b\.json → /m);
    assert.match(ran.stderr, /Dry run, nothing sent\. Would push: 1/);
    assert.deepEqual((await w.client.readBin(b)).record, { title: 'b' });
  });

  it('refuses to overwrite a bin changed on the service since the base (exit 2), sending no write', async () => {
    const { b } = await linkTwo(w);
    await w.write('b.json', { title: 'mine' });
    await w.client.updateBin(b, { title: 'theirs' });
    const mark = w.service.log.length;
    const ran = await w.jsonbin(['links', 'push']);
    assert.equal(ran.code, 2);
    assert.match(ran.stdout, /^conflict +b\.json → .*changed on the service since HEAD/m);
    assert.equal(w.service.requestsSince(mark, 'PUT').length, 0);
    assert.deepEqual((await w.client.readBin(b)).record, { title: 'theirs' });
    // Against a base that held what the bin holds now, the push goes through.
    await w.write('b.json', { title: 'theirs' });
    await w.commit();
    await w.write('b.json', { title: 'mine' });
    const again = await w.jsonbin(['links', 'push', '--json']);
    const result = JSON.parse(again.stdout) as { links: { file: string; outcome: string }[]; base: string; requests: number };
    assert.deepEqual(
      result.links.map((l) => [l.file, l.outcome]),
      [
        ['a.json', 'unchanged'],
        ['b.json', 'pushed'],
      ],
    );
    assert.equal(again.code, 0);
    assert.equal(result.base, 'HEAD');
    assert.deepEqual((await w.client.readBin(b)).record, { title: 'mine' });
  });

  it('does not push a file its schema doc refuses (exit 1), sending no write', async () => {
    const { b } = await linkTwo(w);
    await w.write('b.json', { title: 7 });
    const mark = w.service.log.length;
    const ran = await w.jsonbin(['links', 'push', 'b.json']);
    assert.equal(ran.code, 1);
    assert.match(ran.stdout, /^not pushed +b\.json → .*: Not pushed: 1 schema problem against schema doc "module"/m);
    assert.equal(w.service.requestsSince(mark, 'PUT').length, 0);
    assert.equal(w.said(ran), w.service.log.length - mark);
    assert.deepEqual((await w.client.readBin(b)).record, { title: 'b' });
  });
});
