import * as assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OfflineCopyFiles } from '../../../../src/core/store/offlineCopyFiles';
import { nodeFolder } from './nodeFolder';

const SCOPE = 'http://127.0.0.1:1/v3';
const bytes = (text: string) => new TextEncoder().encode(text);
const text = (copy: { bytes: Uint8Array } | undefined) => (copy ? new TextDecoder().decode(copy.bytes) : undefined);

describe('offline copy files', () => {
  let folder: string;
  let clock: number;
  const now = () => clock;
  const store = (maxBytes = 1_000_000) => new OfflineCopyFiles(nodeFolder(folder), () => maxBytes, now);
  const allIn = async () => (await readdir(folder).catch(() => [] as string[])).sort();
  /** The copies, without the index. */
  const filesIn = async () => (await allIn()).filter((f) => f.endsWith('.copy'));

  beforeEach(async () => {
    folder = join(await mkdtemp(join(tmpdir(), 'kept-')), 'copies');
    clock = 1_700_000_000_000;
  });
  afterEach(() => rm(join(folder, '..'), { recursive: true, force: true }));

  it('keeps a copy per scope and bin, with its name and when it was kept, across a reload', async () => {
    const copies = store();
    await copies.keep(SCOPE, 'bin1', { bytes: bytes('{"a": 1}'), name: 'first' });
    await copies.keep('http://other/v3', 'bin1', { bytes: bytes('{"other": true}') });
    const reloaded = store();
    assert.deepEqual(await reloaded.get(SCOPE, 'bin1'), { bytes: bytes('{"a": 1}'), name: 'first', keptAt: clock });
    assert.equal(text(await reloaded.get('http://other/v3', 'bin1')), '{"other": true}');
    assert.equal(await reloaded.get(SCOPE, 'bin2'), undefined);
  });

  it('reads nothing from disk until first used', async () => {
    await rm(folder, { recursive: true, force: true });
    // Made before anything is on disk: a store that scanned when made would see nothing below.
    const later = store();
    const copies = store();
    // A folder that does not exist yet is no error: the first keep makes it.
    await copies.keep(SCOPE, 'bin1', { bytes: bytes('{}') });
    assert.equal((await filesIn()).length, 1);
    assert.equal((await later.usage()).copies, 1, 'scanned on first use, after the keep');
  });

  it('names files by a hash: neither the bin id nor the scope shows in a file name', async () => {
    await store().keep(SCOPE, 'the-bin-id', { bytes: bytes('{}') });
    const [file] = await filesIn();
    assert.match(file, /^[0-9a-f]{40}\.copy$/);
    assert.ok(!file.includes('the-bin-id'));
  });

  it('keeps within the byte budget, dropping the least recently kept or served first', async () => {
    const record = bytes('x'.repeat(100));
    const copies = store(500);
    for (const id of ['a', 'b', 'c']) {
      clock += 1000;
      await copies.keep(SCOPE, id, { bytes: record });
    }
    clock += 1000;
    assert.ok(await copies.get(SCOPE, 'a'), 'a is served: now the most recently used');
    clock += 1000;
    await copies.keep(SCOPE, 'd', { bytes: record });
    assert.equal(await copies.get(SCOPE, 'b'), undefined, 'b was the least recently used');
    assert.ok(await copies.get(SCOPE, 'a'));
    const usage = await copies.usage();
    assert.equal(usage.copies, 3);
    assert.ok(usage.bytes <= 500, `${usage.bytes} bytes`);
    assert.equal((await filesIn()).length, 3);
  });

  it('orders by its index after a reload: the least recently used goes first', async () => {
    const record = bytes('x'.repeat(100));
    const first = store(500);
    for (const id of ['a', 'b', 'c']) {
      clock += 1000;
      await first.keep(SCOPE, id, { bytes: record });
    }
    clock += 1000;
    await first.get(SCOPE, 'a');
    const reloaded = store(500);
    clock += 1000;
    await reloaded.keep(SCOPE, 'd', { bytes: record });
    assert.equal(await reloaded.get(SCOPE, 'b'), undefined);
    assert.ok(await reloaded.get(SCOPE, 'a'));
    assert.ok(await reloaded.get(SCOPE, 'c'));
  });

  it("puts the copies its index does not name (another window's, a lost index) first out", async () => {
    const record = bytes('x'.repeat(100));
    const first = store(500);
    const other = store(500);
    await other.usage();
    for (const id of ['a', 'b', 'c']) {
      await first.keep(SCOPE, id, { bytes: record });
    }
    // The other window listed the folder before those were kept: its index names its copy alone.
    await other.keep(SCOPE, 'd', { bytes: record });
    const reloaded = store(500);
    await reloaded.keep(SCOPE, 'e', { bytes: record });
    assert.ok(await reloaded.get(SCOPE, 'd'));
    assert.ok(await reloaded.get(SCOPE, 'e'));
    const left = await Promise.all(['a', 'b', 'c'].map((id) => reloaded.get(SCOPE, id)));
    assert.equal(left.filter(Boolean).length, 1, 'two of a, b, c went to make room');
  });

  it('passes over a broken index, and a half-written file left aside by a crash', async () => {
    const copies = store();
    await copies.keep(SCOPE, 'a', { bytes: bytes('{"a": 1}') });
    const [file] = await filesIn();
    await writeFile(join(folder, 'index.json'), '[["');
    await writeFile(join(folder, `${file}.0123456789ab.tmp`), '{"owner":"');
    await writeFile(join(folder, 'index.json.0123456789ab.tmp'), '[');
    const reloaded = store();
    assert.equal(text(await reloaded.get(SCOPE, 'a')), '{"a": 1}');
    assert.deepEqual(await reloaded.usageOf(SCOPE), await reloaded.usage());
    assert.equal((await reloaded.usage()).copies, 1);
    await reloaded.keep(SCOPE, 'b', { bytes: bytes('{}') });
    assert.equal((JSON.parse(await readFile(join(folder, 'index.json'), 'utf8')) as unknown[]).length, 2, 'the index is whole again');
  });

  it('keeps nothing bigger than the whole budget, and drops the older copy of that bin', async () => {
    const copies = store(200);
    await copies.keep(SCOPE, 'big', { bytes: bytes('{}') });
    await copies.keep(SCOPE, 'big', { bytes: bytes('x'.repeat(500)) });
    assert.equal(await copies.get(SCOPE, 'big'), undefined);
    assert.deepEqual(await filesIn(), []);
  });

  it('clear removes every copy and says what it freed', async () => {
    const copies = store();
    await copies.keep(SCOPE, 'a', { bytes: bytes('{"a": 1}') });
    await copies.keep(SCOPE, 'b', { bytes: bytes('{"b": 2}') });
    await writeFile(join(folder, 'left-aside.copy.0123456789ab.tmp'), '{');
    const freed = await copies.clear();
    assert.equal(freed.copies, 2);
    assert.ok(freed.bytes > 16, `${freed.bytes}`);
    assert.deepEqual(await allIn(), [], 'no copy, no index, nothing half-written');
    assert.equal(await copies.get(SCOPE, 'a'), undefined);
    assert.deepEqual(await store().usage(), { copies: 0, bytes: 0 });
  });

  it('writes the index once after a burst of keeps, and none after a clear that follows them', async () => {
    const written: string[] = [];
    const base = nodeFolder(folder);
    const copies = new OfflineCopyFiles({ ...base, rename: async (from, to) => (written.push(to), base.rename(from, to)) }, () => 1_000_000, now);
    await Promise.all(['a', 'b', 'c'].map((id) => copies.keep(SCOPE, id, { bytes: bytes(`{"${id}": 1}`) })));
    assert.equal(written.filter((name) => name === 'index.json').length, 1, written.join(', '));
    assert.equal((await store().usage()).copies, 3);
    const keeping = copies.keep(SCOPE, 'd', { bytes: bytes('{"d": 1}') });
    await copies.clear();
    await keeping;
    assert.deepEqual(await allIn(), [], 'the keep before the clear leaves no index behind');
  });

  it('serves nothing from a corrupt or missing file, and forgets it', async () => {
    const copies = store();
    await copies.keep(SCOPE, 'a', { bytes: bytes('{}') });
    await copies.keep(SCOPE, 'b', { bytes: bytes('{}') });
    const [one, two] = await filesIn();
    await writeFile(join(folder, one), 'not a copy');
    await rm(join(folder, two));
    assert.equal(await copies.get(SCOPE, 'a'), undefined);
    assert.equal(await copies.get(SCOPE, 'b'), undefined);
    assert.deepEqual(await copies.usage(), { copies: 0, bytes: 0 });
    assert.deepEqual(await filesIn(), []);
  });

  it("leaves one whole copy after concurrent keeps of one bin: the last asked for, or either window's", async () => {
    const copies = store();
    await Promise.all([1, 2, 3].map((n) => copies.keep(SCOPE, 'a', { bytes: bytes(`{"n": ${n}}`) })));
    assert.equal(text(await copies.get(SCOPE, 'a')), '{"n": 3}');
    // Another window keeps the same bin at the same time.
    await Promise.all([copies.keep(SCOPE, 'a', { bytes: bytes('{"n": 4}') }), store().keep(SCOPE, 'a', { bytes: bytes('{"n": 5}') })]);
    const files = await filesIn();
    assert.equal(files.length, 1, files.join());
    const content = await readFile(join(folder, files[0]), 'utf8');
    assert.match(content, /^\{"owner":"[0-9a-f]{16}","keptAt":\d+\}\n\{"n": [45]\}$/);
    assert.equal(text(await copies.get(SCOPE, 'a')), content.slice(content.indexOf('\n') + 1));
    assert.deepEqual(await copies.usage(), { copies: 1, bytes: content.length });
  });

  it('forget drops one bin only', async () => {
    const copies = store();
    await copies.keep(SCOPE, 'a', { bytes: bytes('{}') });
    await copies.keep(SCOPE, 'b', { bytes: bytes('{}') });
    await copies.forget(SCOPE, 'a');
    assert.equal(await copies.get(SCOPE, 'a'), undefined);
    assert.ok(await copies.get(SCOPE, 'b'));
  });

  it("forgets one account's copies (its scope) and says what they were, whatever their size; the scope is not in clear", async () => {
    const copies = store();
    const OTHER = 'http://127.0.0.1:1/v3#a1b2c3d4';
    await copies.keep(SCOPE, 'a', { bytes: bytes('{}') });
    await copies.keep(OTHER, 'a', { bytes: bytes(`{"big": "${'x'.repeat(100_000)}"}`), name: 'big' });
    await copies.keep(OTHER, 'b', { bytes: bytes('{}') });
    const before = await store().usageOf(OTHER);
    assert.equal(before.copies, 2);
    assert.ok(before.bytes > 100_000, `${before.bytes}`);
    for (const file of await allIn()) {
      assert.ok(!(await readFile(join(folder, file), 'utf8')).includes('127.0.0.1'), `no service URL in ${file}`);
    }
    assert.deepEqual(await copies.forgetScope(OTHER), before);
    assert.deepEqual(await copies.usageOf(OTHER), { copies: 0, bytes: 0 });
    assert.ok(await copies.get(SCOPE, 'a'), "another account's copy stays");
    assert.equal((await filesIn()).length, 1);
  });

  it("finds an account's copies that its index does not name by their first line", async () => {
    const OTHER = 'http://127.0.0.1:1/v3#a1b2c3d4';
    const copies = store();
    await copies.keep(SCOPE, 'a', { bytes: bytes('{}') });
    await copies.keep(OTHER, 'a', { bytes: bytes('{"other": 1}') });
    await rm(join(folder, 'index.json'));
    const reloaded = store();
    assert.equal((await reloaded.usageOf(OTHER)).copies, 1);
    assert.equal((await reloaded.forgetScope(OTHER)).copies, 1);
    assert.equal(await reloaded.get(OTHER, 'a'), undefined);
    assert.ok(await reloaded.get(SCOPE, 'a'));
  });
});
