/** Public URLs and snippets: well formed, keyless, and runnable against the local service as written. */
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ACCESS_KEY_VARIABLE, curlSnippet, dashboardUrl, fetchSnippet, isHostedService, KEY_VARIABLE, publicUrl } from '../../../../src/core/api/share';
import { startFixture, type Fixture } from '../../../support/fixture';

const run = promisify(execFile);
const ID = '6a039589250b1311c33f0d79';

describe('sharing a bin', () => {
  it('reads the latest record at <apiUrl>/b/<id>/latest, whatever the trailing slashes', () => {
    assert.equal(publicUrl('https://api.jsonbin.io/v3', ID), `https://api.jsonbin.io/v3/b/${ID}/latest`);
    assert.equal(publicUrl(' http://127.0.0.1:8787/v3// ', ID), `http://127.0.0.1:8787/v3/b/${ID}/latest`);
    assert.throws(() => publicUrl('https://api.jsonbin.io/v3', '../c'), /Invalid Bin Id/);
    assert.throws(() => publicUrl('https://api.jsonbin.io/v3?x=1', ID), /cannot carry a query/);
  });

  it('knows the hosted service and its dashboard links', () => {
    assert.equal(isHostedService('https://api.jsonbin.io/v3/'), true);
    assert.equal(isHostedService('http://127.0.0.1:8787/v3'), false);
    assert.equal(dashboardUrl(ID), `https://jsonbin.io/app/bins/${ID}`);
  });

  it('puts a placeholder for the key of a private bin, and no key header at all for a public one', () => {
    const privateFetch = fetchSnippet('https://api.jsonbin.io/v3', ID, 'master');
    assert.match(privateFetch, /"X-Master-Key": process\.env\.JSONBIN_MASTER_KEY/);
    assert.match(
      curlSnippet('https://api.jsonbin.io/v3', ID, 'master'),
      /^curl -sS -H "X-Master-Key: \$JSONBIN_MASTER_KEY" 'https:\/\/api\.jsonbin\.io\/v3\/b\/\w+\/latest'\n$/,
    );
    for (const snippet of [fetchSnippet('https://api.jsonbin.io/v3', ID, undefined), curlSnippet('https://api.jsonbin.io/v3', ID, undefined)]) {
      assert.doesNotMatch(snippet, /X-Master-Key|JSONBIN_MASTER_KEY/i);
      assert.ok(snippet.includes(`https://api.jsonbin.io/v3/b/${ID}/latest`));
    }
  });

  it('quotes the URL for the shell', () => {
    assert.equal(curlSnippet("http://127.0.0.1:1/it's", ID, undefined), `curl -sS 'http://127.0.0.1:1/it'\\''s/b/${ID}/latest'\n`);
  });

  describe('run as written against the local service', () => {
    let f: Fixture;
    let privateId: string;
    let publicId: string;
    before(async () => {
      f = await startFixture();
      const owner = f.client(f.free);
      privateId = (await owner.createBin({ record: { secret: 'kept' } })).metadata.id;
      publicId = (await owner.createBin({ record: { open: 'to all' }, private: false })).metadata.id;
    });
    after(() => f.close());

    const env = (key?: string) => ({ PATH: process.env.PATH, ...(key ? { [KEY_VARIABLE]: key } : {}) });

    it('the fetch snippet prints the record, with the key from the environment for a private bin', async () => {
      const mark = f.service.log.length;
      const { stdout: secret } = await run(process.execPath, ['-e', fetchSnippet(f.service.baseUrl, privateId, 'master')], { env: env(f.free.key) });
      assert.match(secret, /secret: 'kept'/);
      const { stdout: open } = await run(process.execPath, ['-e', fetchSnippet(f.service.baseUrl, publicId, undefined)], { env: env() });
      assert.match(open, /open: 'to all'/);
      assert.deepEqual(
        f.service.requestsSince(mark).map((r) => `${r.path} ${r.hasKey} ${r.status}`),
        [`/v3/b/${privateId}/latest true 200`, `/v3/b/${publicId}/latest false 200`],
      );
      // Without the key, a private bin's snippet fails with the service's status, not silently.
      await assert.rejects(run(process.execPath, ['-e', fetchSnippet(f.service.baseUrl, privateId, 'master')], { env: env() }), /JSONBin answered 401/);
    });

    it('the curl snippet prints the bin, with the key from the environment for a private bin', async () => {
      const { stdout: secret } = await run('sh', ['-c', curlSnippet(f.service.baseUrl, privateId, 'master')], { env: env(f.free.key) });
      assert.deepEqual((JSON.parse(secret) as { record: unknown }).record, { secret: 'kept' });
      const { stdout: open } = await run('sh', ['-c', curlSnippet(f.service.baseUrl, publicId, undefined)], { env: env() });
      assert.deepEqual((JSON.parse(open) as { record: unknown }).record, { open: 'to all' });
    });

    it("an access key account's snippets send X-Access-Key from JSONBIN_ACCESS_KEY", async () => {
      const reader = f.service.addAccessKey(f.free, ['read']);
      const mark = f.service.log.length;
      const { stdout: fetched } = await run(process.execPath, ['-e', fetchSnippet(f.service.baseUrl, privateId, 'access')], {
        env: { PATH: process.env.PATH, [ACCESS_KEY_VARIABLE]: reader.key },
      });
      assert.match(fetched, /secret: 'kept'/);
      const { stdout: curled } = await run('sh', ['-c', curlSnippet(f.service.baseUrl, privateId, 'access')], {
        env: { PATH: process.env.PATH, [ACCESS_KEY_VARIABLE]: reader.key },
      });
      assert.deepEqual((JSON.parse(curled) as { record: unknown }).record, { secret: 'kept' });
      assert.deepEqual(
        f.service.requestsSince(mark).map((r) => `${r.keyHeader} ${r.status}`),
        ['access 200', 'access 200'],
      );
    });
  });
});
