import * as assert from 'node:assert/strict';
import { cliWorld } from '../cliWorld';
import { linkTwo, shape } from './linkedBins';

describe('jsonbin links check', () => {
  const w = cliWorld();

  it('prints a schema problem as file:line:column and exits 1; after the file is fixed it exits 0 (the issue’s “done when”)', async () => {
    const { a, b, schemaDocId } = await linkTwo(w);
    await w.write('a.json', '{\n  "title": 3\n}\n');
    const mark = w.service.log.length;
    const ran = await w.jsonbin(['links', 'check']);
    assert.equal(ran.code, 1, ran.stderr);
    assert.match(ran.stdout, /^a\.json:2:12: .*string/m);
    assert.equal(ran.stdout.trim().split('\n').length, 1, 'one problem, in a.json only');
    // One read per link, the collections once, the schema doc once for both files.
    assert.deepEqual(shape(w.paths(mark), { a, b, doc: schemaDocId }), ['GET /v3/b/<a>/latest', 'GET /v3/b/<b>/latest', 'GET /v3/c', 'GET /v3/s/<doc>']);
    assert.equal(w.said(ran), 4);
    await w.write('a.json', '{\n  "title": "three"\n}\n');
    const fixed = await w.jsonbin(['links', 'check']);
    assert.equal(fixed.code, 0, fixed.stdout + fixed.stderr);
    assert.equal(fixed.stdout, '');
    assert.match(fixed.stderr, /Linked files checked: 2\. Problems: 0/);
  });

  it('--format github writes workflow commands, escaped, at 1-based lines and columns', async () => {
    const { b } = await linkTwo(w);
    await w.write('we,ird:name.json', '{\n  "title": "b",\n  "x": [1,\n}\n');
    await w.link('we,ird:name.json', b);
    const ran = await w.jsonbin(['links', 'check', '--format', 'github']);
    assert.equal(ran.code, 1);
    const lines = ran.stdout.trim().split('\n');
    assert.ok(lines.length > 0 && lines.every((l) => /^::error file=we%2Cird%3Aname\.json,line=\d+,col=\d+::\S/.test(l)), ran.stdout);
    assert.ok(
      lines.some((l) => l.startsWith('::error file=we%2Cird%3Aname.json,line=4,col=1::')),
      ran.stdout,
    );
    assert.match(ran.stderr, /Requests sent: \d+/);
  });

  it('--format json: one document, each link with its state and placed problems', async () => {
    const { a, b } = await linkTwo(w);
    await w.write('b.json', '{"title": "b2"}');
    await w.write('a.json', '{"title": null}');
    const mark = w.service.log.length;
    const ran = await w.jsonbin(['links', 'check', '--format', 'json']);
    assert.equal(ran.code, 1);
    const result = JSON.parse(ran.stdout) as {
      links: { file: string; binId: string; state: string; problems: { line: number; column: number; message: string }[] }[];
      requests: number;
    };
    assert.deepEqual(
      result.links.map((l) => [l.file, l.binId, l.state, l.problems.map((p) => [p.line, p.column])]),
      [
        ['a.json', a, 'differs', [[1, 11]]],
        ['b.json', b, 'differs', []],
      ],
    );
    assert.equal(result.requests, w.service.log.length - mark);
  });

  it('refuses what a push would refuse beyond the schema doc (a number the service would change)', async () => {
    await linkTwo(w);
    await w.write('b.json', '{"title": "b", "n": 12345678901234567890}');
    const ran = await w.jsonbin(['links', 'check']);
    assert.equal(ran.code, 1);
    assert.match(ran.stdout, /^b\.json: Would not be pushed: /m);
  });

  it('checks a linked structured-output definition against each provider asked, at its nodes', async () => {
    const id = (await w.client.createBin({ record: { name: 'd' } })).metadata.id;
    const definition =
      '{\n  "name": "answer",\n  "strict": true,\n  "schema": {\n    "type": "object",\n    "properties": { "a": { "type": "string", "maxLength": 3 } }\n  }\n}\n';
    await w.write('answer.json', definition);
    await w.link('answer.json', id);
    const openai = await w.jsonbin(['links', 'check']);
    assert.equal(openai.code, 1, openai.stderr);
    assert.match(openai.stdout, /^answer\.json:\d+:\d+: .*OpenAI/m);
    assert.doesNotMatch(openai.stdout, /Anthropic/);
    const both = await w.jsonbin(['links', 'check', '--providers', 'openai,anthropic', '--format', 'json']);
    const messages = (JSON.parse(both.stdout) as { links: { problems: { message: string }[] }[] }).links[0].problems.map((p) => p.message);
    assert.ok(messages.some((m) => m.includes('Anthropic')) && messages.some((m) => m.includes('OpenAI')), messages.join('\n'));
    const unknown = await w.jsonbin(['links', 'check', '--providers', 'acme']);
    assert.equal(unknown.code, 2);
    assert.equal(w.said(unknown), 0);
  });
});
