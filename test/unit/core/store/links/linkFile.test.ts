import * as assert from 'node:assert/strict';
import { formatLinks, parseLinks, withLink, withoutLink, type Link } from '../../../../../src/core/store/links/linkFile';

describe('the link file', () => {
  const account = { name: 'Work', apiUrl: 'https://api.jsonbin.io/v3' };
  const a: Link = { file: 'config/a.json', binId: 'bin-a', account };
  const b: Link = { file: 'b.json', binId: 'bin-b', account, pushOnSave: true };

  it('is written sorted by path, two spaces and a final newline, and read back the same', () => {
    const text = formatLinks([a, b]);
    assert.ok(text.endsWith('}\n'));
    assert.deepEqual(parseLinks(text), [b, a]);
    assert.equal(text, `${JSON.stringify({ links: [b, a] }, null, 2)}\n`);
  });

  it('keeps only the fields of the format: a key written into it by hand is dropped', () => {
    const text = JSON.stringify({ links: [{ ...a, key: 'secret', account: { ...account, key: 'secret' } }] });
    assert.deepEqual(parseLinks(text), [a]);
    assert.ok(!formatLinks(parseLinks(text)!).includes('secret'));
  });

  it('leaves out entries of another shape, and is no link file when it is not a JSON object (one being merged or emptied)', () => {
    assert.deepEqual(parseLinks(JSON.stringify({ links: [a, { file: 'x.json' }, { ...b, pushOnSave: 'yes' }, null] })), [a]);
    assert.deepEqual(parseLinks('{}'), []);
    for (const text of ['', '{ not json', 'null', '[]', '<<<<<<< HEAD']) {
      assert.equal(parseLinks(text), undefined, text);
    }
  });

  it('links a file once: a new link replaces its old one', () => {
    const links = withLink([a, b], { ...a, binId: 'other' });
    assert.deepEqual(
      links.map((l) => l.binId),
      ['bin-b', 'other'],
    );
    assert.deepEqual(withoutLink(links, 'b.json'), [{ ...a, binId: 'other' }]);
  });
});
