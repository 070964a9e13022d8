/** The language model tools in the web worker host: a read with its request count, and a refused write that sends nothing. */
import * as vscode from 'vscode';
import { assert } from 'chai';
import { fault, pathsOf, requestsDuring, setup, TITLE_AND_TAGS, type World } from './world';

describe('language model tools in the web worker host', () => {
  let w: World;
  let collectionId: string;
  let binId: string;
  before(async () => {
    w = await setup();
    collectionId = (await w.other.createCollection('web chat')).id;
    await w.other.attachSchemaDoc(collectionId, (await w.other.createSchemaDoc('web chat course', TITLE_AND_TAGS)).metadata.id);
    binId = (await w.other.createBin({ record: { title: 't', tags: ['a', 'b'] }, collectionId, name: 'web chat bin' })).metadata.id;
    // Nothing else of the account is in flight: each answer's `requests` is the tool's alone.
    await w.api.whenIdle();
  });

  const invoke = async (name: string, input: object) => {
    const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
    const text = (result.content[0] as vscode.LanguageModelTextPart).value;
    assert.notInclude(text, w.key);
    return JSON.parse(text) as Record<string, unknown> & { requests: number; refused?: string };
  };

  it('reads a bin with one request, and again with none', async () => {
    let answer!: Awaited<ReturnType<typeof invoke>>;
    const first = await requestsDuring(w, async () => (answer = await invoke('jsonbin_readBin', { binId })));
    assert.deepEqual(pathsOf(first), [`GET /v3/b/${binId}/latest`]);
    assert.equal(answer.requests, 1);
    assert.deepEqual(answer.record, { title: 't', tags: ['a', 'b'] });
    const again = await requestsDuring(w, async () => (answer = await invoke('jsonbin_readBin', { binId })));
    assert.deepEqual(pathsOf(again), []);
    assert.equal(answer.requests, 0);
  });

  it('refuses an update that breaks the schema doc, sending no PUT, with the problem at its pointer', async () => {
    let answer!: Awaited<ReturnType<typeof invoke>>;
    const sent = await requestsDuring(
      w,
      async () => (answer = await invoke('jsonbin_updateBin', { binId, patch: [{ op: 'replace', path: '/title', value: 5 }] })),
    );
    assert.deepEqual(
      pathsOf(sent).filter((p) => !p.startsWith('GET')),
      [],
    );
    assert.equal(answer.requests, sent.length);
    assert.match(answer.refused!, /^Not saved: /);
    assert.deepEqual(
      (answer.problems as { path: string }[]).map((p) => p.path),
      ['/title'],
    );
    assert.deepEqual((await w.other.readBin(binId)).record, { title: 't', tags: ['a', 'b'] });
  });

  it('hands a record holding 1e400 as its text, exactly as stored, never as null', async () => {
    const id = (await w.other.createBin({ record: { n: 1 }, name: 'web unheld' })).metadata.id;
    await fault(w, {
      method: 'GET',
      path: `/b/${id}/latest`,
      raw: `{"record":{"n":1e400},"metadata":{"id":"${id}","private":true,"name":"web unheld"}}`,
    });
    try {
      let answer!: Awaited<ReturnType<typeof invoke>>;
      const sent = await requestsDuring(w, async () => (answer = await invoke('jsonbin_readBin', { binId: id })));
      assert.deepEqual(pathsOf(sent), [`GET /v3/b/${id}/latest`]);
      assert.strictEqual(answer.requests, 1);
      assert.strictEqual(answer.recordText, '{\n  "n": 1e400\n}');
      assert.match(answer.unheldNumber as string, /^The record holds the number 1e400 at \/n/);
    } finally {
      await w.control('/faults/clear', {});
    }
  });
});
