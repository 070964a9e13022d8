import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { cliWorld, KEY } from './cliWorld';
import { linkTwo } from './links/linkedBins';

describe('jsonbin: help, version, usage errors and the key', () => {
  const w = cliWorld();

  it('--help lists every command, where the key comes from, and the exit codes', async () => {
    const ran = await w.jsonbin(['--help']);
    assert.equal(ran.code, 0);
    for (const usage of ['links status', 'links check', 'links push', 'links pull', 'validate <collectionId>']) {
      assert.ok(ran.stdout.includes(`jsonbin ${usage}`), usage);
    }
    assert.match(ran.stdout, /JSONBIN_MASTER_KEY.*JSONBIN_ACCESS_KEY/);
    assert.match(ran.stdout, /^ {2}0 {2}All good/m);
    assert.match(ran.stdout, /^ {2}1 {2}A difference or a problem/m);
    assert.match(ran.stdout, /^ {2}2 {2}A usage error or a refusal/m);
    const links = await w.jsonbin(['links', '--help']);
    assert.equal(links.code, 0);
    assert.doesNotMatch(links.stdout, /validate/);
  });

  it('--version says package.json’s version', async () => {
    const { version } = JSON.parse(readFileSync(`${__dirname}/../../../../package.json`, 'utf8')) as { version: string };
    const ran = await w.jsonbin(['--version']);
    assert.deepEqual([ran.code, ran.stdout], [0, `${version}\n`]);
  });

  /** A key typed on the command line, not the environment's: no redaction of the environment's key hides it. */
  const TYPED = 'typed-SECRET-5521-never-echoed';
  for (const args of [
    ['--key', TYPED],
    ['-k', TYPED],
    [`--master-key=${TYPED}`],
    ['--access-key', TYPED],
    ['--X-Master-Key', TYPED],
    ['-H', `X-Master-Key: ${TYPED}`],
    ['--api-key', KEY],
  ]) {
    it(`refuses a key on the command line (${args[0].split('=')[0]}): exit 2, the variables named, the key not repeated, nothing sent`, async () => {
      await linkTwo(w);
      const mark = w.service.log.length;
      const ran = await w.jsonbin(['links', 'status', ...args]);
      assert.equal(ran.code, 2);
      assert.match(ran.stderr, /JSONBIN_MASTER_KEY or JSONBIN_ACCESS_KEY/);
      assert.ok(!ran.stdout.includes(TYPED) && !ran.stderr.includes(TYPED), ran.stderr);
      assert.deepEqual(w.paths(mark), []);
      assert.equal(w.said(ran), 0);
    });
  }

  it('refuses a run with no key in the environment (exit 2), naming the variables', async () => {
    await linkTwo(w);
    const ran = await w.jsonbin(['links', 'status'], { JSONBIN_MASTER_KEY: undefined });
    assert.equal(ran.code, 2);
    assert.match(ran.stderr, /No key: set JSONBIN_MASTER_KEY \(or JSONBIN_ACCESS_KEY/);
  });

  it('uses an access key from JSONBIN_ACCESS_KEY, sent as X-Access-Key', async () => {
    const { a } = await linkTwo(w);
    const access = w.service.addAccessKey(w.account, ['read']);
    const mark = w.service.log.length;
    const ran = await w.jsonbin(['links', 'status', 'a.json'], { JSONBIN_MASTER_KEY: undefined, JSONBIN_ACCESS_KEY: access.key });
    assert.equal(ran.code, 0, ran.stderr);
    assert.deepEqual(
      w.service.requestsSince(mark).map((r) => [r.path, r.keyHeader]),
      [[`/v3/b/${a}/latest`, 'access']],
    );
    assert.ok(!ran.stdout.includes(access.key) && !ran.stderr.includes(access.key));
  });

  it('takes the service from --api-url before JSONBIN_API_URL', async () => {
    await linkTwo(w);
    const ran = await w.jsonbin(['links', 'status', '--api-url', w.service.baseUrl], { JSONBIN_API_URL: 'http://127.0.0.1:9/v3' });
    assert.equal(ran.code, 0, ran.stderr);
    const bad = await w.jsonbin(['links', 'status', '--api-url', 'not a url']);
    assert.equal(bad.code, 2);
  });

  it('says unknown commands and options are usage errors (exit 2), in --json mode too as one document', async () => {
    assert.equal((await w.jsonbin(['links', 'sync'])).code, 2);
    assert.equal((await w.jsonbin(['frobnicate'])).code, 2);
    const option = await w.jsonbin(['links', 'status', '--verbose']);
    assert.equal(option.code, 2);
    assert.match(option.stderr, /--verbose/);
    const format = await w.jsonbin(['links', 'status', '--format', 'github']);
    assert.equal(format.code, 2);
    const json = await w.jsonbin(['links', 'status', '--json']);
    assert.equal(json.code, 2, 'no link file');
    assert.deepEqual(Object.keys(JSON.parse(json.stdout) as object), ['error', 'exit', 'requests']);
  });
});
