import * as assert from 'node:assert/strict';
import { JsonPathError, select } from '../../service/jsonPath';
import { startFixture, type Fixture } from '../../support/fixture';

const course = {
  title: 'Graphs',
  modules: [
    { name: 'Paths', weeks: 2, tags: ['bfs', 'dfs'] },
    { name: 'Trees', weeks: 3, tags: ['mst'] },
    { name: 'Flows', weeks: 1, tags: [] },
    { name: 'Cuts', weeks: 4, tags: ['min-cut'] },
  ],
  staff: { lead: { name: 'Ada' }, 'teaching assistant': { name: 'Bo' } },
};

describe('X-JSON-Path of the local service', () => {
  const cases: [string, unknown[]][] = [
    ['$', [course]],
    ['$.title', ['Graphs']],
    ["$['title']", ['Graphs']],
    ['$["staff"]["teaching assistant"].name', ['Bo']],
    ['$.modules[1].name', ['Trees']],
    ['$.modules[-1].name', ['Cuts']],
    ['$.modules[*].weeks', [2, 3, 1, 4]],
    ['$.staff.*.name', ['Ada', 'Bo']],
    ['$..name', ['Paths', 'Trees', 'Flows', 'Cuts', 'Ada', 'Bo']],
    ['$..tags[0]', ['bfs', 'mst', 'min-cut']],
    ['$.modules[1:3].name', ['Trees', 'Flows']],
    ['$.modules[:2].name', ['Paths', 'Trees']],
    ['$.modules[-2:].name', ['Flows', 'Cuts']],
    ['$.modules[::2].name', ['Paths', 'Flows']],
    ['$.modules[::-1].weeks', [4, 1, 3, 2]],
    ['$.modules[0,3].name', ['Paths', 'Cuts']],
    ["$.staff['lead','nobody'].name", ['Ada']],
    ['modules[0].name', ['Paths']],
    ['$.missing', []],
    ['$.modules[9]', []],
    ['$.title[0]', []],
    ['$.modules.name', []],
  ];
  for (const [path, expected] of cases) {
    it(`${path} selects ${JSON.stringify(expected).slice(0, 60)}`, () => {
      assert.deepEqual(select(course, path), expected);
    });
  }

  it('selects every value below the root with ..*, in document order', () => {
    assert.deepEqual(select({ a: [1, { b: 2 }] }, '$..*'), [[1, { b: 2 }], 1, { b: 2 }, 2]);
  });

  it('refuses what it cannot read, saying where', () => {
    for (const [path, message] of [
      ['', /empty/],
      ['$.', /member name or \* expected at position 3/],
      ['$.modules[', /name, an index, a slice or \* expected/],
      ['$.modules[0', /"\]" or "," expected/],
      ["$['title", /unterminated/],
      ['$ title', /Unexpected " "|Unexpected "t"/],
      ['$.modules[?(@.weeks > 2)]', /Filter and script expressions/],
      ['$.modules[(@.length-1)]', /Filter and script expressions/],
    ] as [string, RegExp][]) {
      assert.throws(
        () => select(course, path),
        (e: Error) => e instanceof JsonPathError && message.test(e.message),
        path,
      );
    }
  });

  describe('over HTTP', () => {
    let f: Fixture;
    let id: string;
    before(async () => {
      f = await startFixture();
      id = (await f.client(f.free).createBin({ record: course, name: 'course' })).metadata.id;
    });
    after(() => f.close());

    it('answers the selection as the record, with the metadata of a read', async () => {
      const answer = await f.raw('GET', `/b/${id}/latest`, { 'X-Master-Key': f.free.key, 'X-JSON-Path': '$.modules[*].name' });
      assert.equal(answer.status, 200);
      assert.deepEqual(answer.body.record, ['Paths', 'Trees', 'Flows', 'Cuts']);
      assert.equal((answer.body.metadata as { id: string }).id, id);
    });

    it('answers the bare selection with X-Bin-Meta: false', async () => {
      const answer = await f.raw('GET', `/b/${id}/latest`, { 'X-Master-Key': f.free.key, 'X-JSON-Path': '$.title', 'X-Bin-Meta': 'false' });
      assert.deepEqual(answer.body, ['Graphs']);
    });

    it('answers 400 with a message for a path it cannot read', async () => {
      const answer = await f.raw('GET', `/b/${id}/latest`, { 'X-Master-Key': f.free.key, 'X-JSON-Path': '$.modules[' });
      assert.equal(answer.status, 400);
      assert.match(answer.body.message!, /^Invalid X-JSON-Path provided: /);
    });
  });
});
