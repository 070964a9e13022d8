import * as assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OfflineCopyFiles } from '../../../src/bins/offlineCopyFiles';

const SCOPE = 'http://127.0.0.1:1/v3';
const bytes = (text: string) => new TextEncoder().encode(text);
const text = (copy: { bytes: Uint8Array } | undefined) => (copy ? new TextDecoder().decode(copy.bytes) : undefined);

describe('offline copy files', () => {
  let folder: string;
  let clock: number;
  const now = () => clock;
  const store = (maxBytes = 1_000_000) => new OfflineCopyFiles(folder, () => maxBytes, now);
  const filesIn = async () => (await readdir(folder).catch(() => [] as string[])).sort();

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

  it('orders by file time after a reload: the least recently used goes first', async () => {
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
    const freed = await copies.clear();
    assert.equal(freed.copies, 2);
    assert.ok(freed.bytes > 16, `${freed.bytes}`);
    assert.deepEqual(await filesIn(), []);
    assert.equal(await copies.get(SCOPE, 'a'), undefined);
    assert.deepEqual(await store().usage(), { copies: 0, bytes: 0 });
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
    for (const file of await filesIn()) {
      assert.ok(!(await readFile(join(folder, file), 'utf8')).includes('127.0.0.1'), 'no service URL in a copy');
    }
    assert.deepEqual(await copies.forgetScope(OTHER), before);
    assert.deepEqual(await copies.usageOf(OTHER), { copies: 0, bytes: 0 });
    assert.ok(await copies.get(SCOPE, 'a'), "another account's copy stays");
    assert.equal((await filesIn()).length, 1);
  });
});
