/** Proof that this suite, and the extension under test, run in the browser's web worker host. */
import * as vscode from 'vscode';
import { assert } from 'chai';
import { EXTENSION_ID, openBin, requestsDuring, setup, type World } from './world';

describe('the web worker extension host', () => {
  let w: World;
  before(async () => (w = await setup()));

  it('runs this suite in a web worker: no process, a navigator', () => {
    assert.strictEqual(typeof (globalThis as { process?: unknown }).process, 'undefined');
    assert.notStrictEqual(typeof (globalThis as { navigator?: unknown }).navigator, 'undefined');
    assert.strictEqual(typeof (globalThis as { importScripts?: unknown }).importScripts, 'function', 'a worker global scope');
  });

  it('runs the extension here too: this host sees it active, and its requests come from the browser', async () => {
    // getExtension sees only the extensions of the calling host.
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension?.isActive, 'active in this host');
    const id = (await w.other.createBin({ record: { where: 'browser' } })).metadata.id;
    const requests = await requestsDuring(w, () => openBin(id));
    assert.isAbove(requests.length, 0);
    for (const request of requests) {
      // Node's undici sends no Origin; a browser's fetch across origins always does.
      assert.match(request.headers.origin ?? '', /^https?:\/\/127\.0\.0\.1:\d+$/, `${request.method} ${request.path} came from the browser`);
    }
  });
});
