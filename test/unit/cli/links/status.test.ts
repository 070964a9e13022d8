import * as assert from 'node:assert/strict';
import { cliWorld } from '../cliWorld';
import { linkTwo, shape } from './linkedBins';

describe('jsonbin links status', () => {
  const w = cliWorld();

  it('says same for every file that holds its bin, with one read per link, and exits 0', async () => {
    const { a, b } = await linkTwo(w);
    const mark = w.service.log.length;
    const ran = await w.jsonbin(['links', 'status']);
    assert.equal(ran.code, 0, ran.stderr);
    assert.deepEqual(shape(w.paths(mark), { a, b }), ['GET /v3/b/<a>/latest', 'GET /v3/b/<b>/latest']);
    assert.equal(w.said(ran), 2);
    assert.match(ran.stdout, /^same +a\.json → /m);
    assert.match(ran.stdout, /^same +b\.json → /m);
  });

  it('says differs and gone, exits 1, and counts what it sent', async () => {
    const { b } = await linkTwo(w);
    await w.write('a.json', '{ "title": "a",\n  "more": 1 }');
    // The same value, formatted otherwise: no difference.
    await w.write('b.json', '{"title":"b"}');
    await w.client.deleteBin(b);
    const mark = w.service.log.length;
    const ran = await w.jsonbin(['links', 'status']);
    assert.equal(ran.code, 1);
    assert.match(ran.stdout, /^differs +a\.json → /m);
    assert.match(ran.stdout, /^gone +b\.json → /m);
    assert.equal(w.said(ran), w.service.log.length - mark);
    assert.equal(w.said(ran), 2);
  });

  it('--json prints one document with each state and the requests sent', async () => {
    const { a, b } = await linkTwo(w);
    await w.client.updateBin(b, { title: 'changed there' });
    const mark = w.service.log.length;
    const ran = await w.jsonbin(['links', 'status', '--json']);
    assert.equal(ran.code, 1);
    const result = JSON.parse(ran.stdout) as { links: { file: string; binId: string; state: string }[]; requests: number; exit: number };
    assert.deepEqual(
      result.links.map((l) => [l.file, l.binId, l.state]),
      [
        ['a.json', a, 'same'],
        ['b.json', b, 'differs'],
      ],
    );
    assert.equal(result.requests, 2);
    assert.equal(result.requests, w.service.log.length - mark);
    assert.equal(result.exit, 1);
    assert.doesNotMatch(ran.stderr, /Requests sent/, 'the count is in the document');
  });

  it('reads only the files named, and refuses a file that is not linked (exit 2, nothing sent)', async () => {
    const { b } = await linkTwo(w);
    let mark = w.service.log.length;
    const ran = await w.jsonbin(['links', 'status', 'b.json']);
    assert.equal(ran.code, 0, ran.stderr);
    assert.deepEqual(shape(w.paths(mark), { b }), ['GET /v3/b/<b>/latest']);
    mark = w.service.log.length;
    const refused = await w.jsonbin(['links', 'status', 'c.json']);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /Not a linked file of .*: c\.json/);
    assert.deepEqual(w.paths(mark), []);
    assert.equal(w.said(refused), 0);
  });

  it('leaves out links to another service, saying so', async () => {
    await linkTwo(w);
    await w.link('elsewhere.json', '0123456789abcdef01234567', 'https://api.example.com/v3');
    const ran = await w.jsonbin(['links', 'status']);
    assert.equal(ran.code, 0, ran.stderr);
    assert.match(ran.stderr, /elsewhere\.json: left out, linked to https:\/\/api\.example\.com\/v3/);
    assert.equal(w.said(ran), 2);
  });

  it('refuses a folder (--cwd) with no link file: exit 2, nothing sent', async () => {
    const ran = await w.jsonbin(['links', 'status', '--cwd', 'nowhere']);
    assert.equal(ran.code, 2);
    assert.match(ran.stderr, /No \.vscode\/jsonbin-links\.json in /);
    assert.equal(w.said(ran), 0);
  });
});
