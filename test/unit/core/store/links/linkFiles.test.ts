import * as assert from 'node:assert/strict';
import { formatLinks, parseLinks, withLink, withoutLink, type Link } from '../../../../../src/core/store/links/linkFile';
import { LinkFiles, type LinkFileAccess } from '../../../../../src/core/store/links/linkFiles';

const account = { name: 'Work', apiUrl: 'https://api.jsonbin.io/v3' };
const link = (file: string): Link => ({ file, binId: `bin-${file}`, account });

/** A folder's link file as a file service keeps it: empty from the moment a write starts until its bytes land. */
class Disk implements LinkFileAccess {
  text: string | undefined;
  reads = 0;
  writes = 0;
  /** Called while a write is under way, the file then empty. */
  duringWrite: () => void = () => undefined;

  async read(): Promise<string | undefined> {
    this.reads++;
    return this.text;
  }

  async write(_folder: string, text: string): Promise<void> {
    this.writes++;
    this.text = '';
    await Promise.resolve();
    this.duringWrite();
    await new Promise((resolve) => setImmediate(resolve));
    this.text = text;
  }
}

describe('the link files of a workspace', () => {
  it('reads a folder once, and again only once told the file changed', async () => {
    const disk = new Disk();
    disk.text = formatLinks([link('a.json')]);
    const files = new LinkFiles(disk);
    assert.deepEqual(await files.links('f'), [link('a.json')]);
    assert.deepEqual(await files.links('f'), [link('a.json')]);
    assert.equal(disk.reads, 1);
    files.forget();
    await files.links('f');
    assert.equal(disk.reads, 2);
  });

  it('never reads its own write half done: a change to the file heard during a write loses no link', async () => {
    const disk = new Disk();
    disk.text = formatLinks([link('kept.json')]);
    const files = new LinkFiles(disk);
    const asked: Promise<Link[]>[] = [];
    // What the file watcher does while the write is under way: forget, and the views read again.
    disk.duringWrite = () => {
      files.forget();
      asked.push(files.links('f'));
    };
    await files.change('f', (links) => withLink(links, link('other.json')));
    assert.deepEqual(
      (await Promise.all(asked)).map((links) => links.map((l) => l.file)),
      [['kept.json', 'other.json']],
    );
    await files.change('f', (links) => withoutLink(links, 'other.json'));
    assert.deepEqual(parseLinks(disk.text), [link('kept.json')]);
    assert.deepEqual(await files.links('f'), [link('kept.json')]);
  });

  it('makes a change asked for during another, after the file changed on disk and was asked for, without waiting on itself', async () => {
    const disk = new Disk();
    disk.text = formatLinks([link('kept.json')]);
    const files = new LinkFiles(disk);
    let second: Promise<Link[]> | undefined;
    let asked: Promise<Link[]> | undefined;
    disk.duringWrite = () => {
      if (!second) {
        // Queued behind the write under way; then the watcher's echo, and a view asking.
        second = files.change('f', (links) => withLink(links, link('b.json')));
        files.forget();
        asked = files.links('f');
      }
    };
    await files.change('f', (links) => withLink(links, link('a.json')));
    assert.deepEqual((await second!).map((l) => l.file).sort(), ['a.json', 'b.json', 'kept.json']);
    assert.deepEqual((await asked!).map((l) => l.file).sort(), ['a.json', 'b.json', 'kept.json']);
    assert.deepEqual(
      parseLinks(disk.text)!.map((l) => l.file),
      ['a.json', 'b.json', 'kept.json'],
    );
  });

  it('makes changes asked at once one after another, each on the last one written', async () => {
    const disk = new Disk();
    const files = new LinkFiles(disk);
    await Promise.all(['a.json', 'b.json', 'c.json'].map((file) => files.change('f', (links) => withLink(links, link(file)))));
    assert.deepEqual(
      parseLinks(disk.text!)!.map((l) => l.file),
      ['a.json', 'b.json', 'c.json'],
    );
    assert.equal(disk.writes, 3);
  });

  it('never writes over a file that is not a link file, saying so, and shows it as holding no link', async () => {
    const disk = new Disk();
    disk.text = '<<<<<<< HEAD\n{ "links": [] }';
    const files = new LinkFiles(disk);
    assert.deepEqual(await files.links('f'), []);
    await assert.rejects(
      files.change('f', (links) => withLink(links, link('a.json'))),
      /jsonbin-links\.json is not a link file.*correct or delete it/,
    );
    assert.equal(disk.writes, 0);
    // Corrected by hand: the next change reads it again.
    disk.text = formatLinks([link('kept.json')]);
    await files.change('f', (links) => withLink(links, link('a.json')));
    assert.deepEqual(
      parseLinks(disk.text)!.map((l) => l.file),
      ['a.json', 'kept.json'],
    );
  });

  it('forgets a change whose write failed, reading the file again', async () => {
    const disk = new Disk();
    disk.text = formatLinks([link('kept.json')]);
    const files = new LinkFiles(disk);
    disk.write = async () => {
      throw new Error('disk full');
    };
    await assert.rejects(
      files.change('f', (links) => withLink(links, link('a.json'))),
      /disk full/,
    );
    assert.deepEqual(await files.links('f'), [link('kept.json')]);
  });
});
