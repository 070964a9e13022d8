/** Validate Collection: stored bins checked against their schema doc, problems in the Problems panel though their tabs are closed. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import type { ValidateResult } from '../../src/extension/features/schemaDocs/validateCollection';
import { binUri } from '../../src/extension/fs/uris';
import { closeAll, pathsOf, replaceText, requestsDuring, run, setup, until, type World, prompter } from './support';

describe('Validate Collection', function () {
  this.timeout(60_000);
  let w: World;
  let collectionId: string;
  let schemaDocId: string;
  /** The 25 bins, oldest first: every third lacks its title. */
  const made: { id: string; name: string; fails: boolean }[] = [];
  const confirmed: string[] = [];
  let answer = true;
  let cancelAt: string | undefined;

  before(async () => {
    w = await setup();
    collectionId = (await w.other.createCollection('validated later')).id;
    for (let i = 0; i < 25; i++) {
      const fails = i % 3 === 0;
      const name = `checked ${i}`;
      made.push({ id: (await w.other.createBin({ record: fails ? { n: i } : { title: `t${i}` }, collectionId, name })).metadata.id, name, fails });
    }
    // Attached after the bins were stored: the service checked none of them.
    schemaDocId = (await w.other.createSchemaDoc('needs a title', { type: 'object', required: ['title'] })).metadata.id;
    await w.other.attachSchemaDoc(collectionId, schemaDocId);
    await run(Command.refresh);
    const source = { token: undefined as vscode.CancellationTokenSource | undefined };
    const answers = prompter({
      confirm: async (message) => (confirmed.push(message), answer),
      progress: (_, work) => {
        source.token = new vscode.CancellationTokenSource();
        const token = source.token;
        return work({ report: ({ message }) => message === cancelAt && token.cancel() }, token.token);
      },
    });
    w.api.setPrompter(answers);
  });
  beforeEach(() => {
    confirmed.length = 0;
    answer = true;
    cancelAt = undefined;
  });
  afterEach(() => closeAll());
  after(() => w.api.setPrompter(undefined));

  const reads = (paths: string[]) => paths.filter((p) => p.startsWith('GET /v3/b/'));
  const pages = (paths: string[]) => paths.filter((p) => p.startsWith(`GET /v3/c/${collectionId}/bins`));
  const uriOf = (bin: { id: string; name: string }) => binUri(bin.id, bin.name);
  const problemsOf = (uri: vscode.Uri) => vscode.languages.getDiagnostics(uri).filter((d) => d.source?.startsWith('JSONBin'));

  it('reads 25 bins in 3 pages and 25 reads, and shows the failing ones in the Problems panel at their nodes, tabs closed', async () => {
    let result!: ValidateResult;
    const first = pathsOf(await requestsDuring(w.service, async () => (result = await run<ValidateResult>(Command.validateCollection, collectionId))));
    // Validation reads the collection list and the schema doc once a session.
    assert.deepEqual(first.filter((p) => !p.startsWith('GET /v3/b/') && !p.includes('/bins')).sort(), ['GET /v3/c', `GET /v3/s/${schemaDocId}`]);
    assert.equal(pages(first).length, 3);
    assert.equal(reads(first).length, 25);
    assert.equal(result.checked, 25);
    assert.deepEqual(result.notRead, []);
    assert.deepEqual(
      result.failing.map((b) => b.id).sort(),
      made
        .filter((b) => b.fails)
        .map((b) => b.id)
        .sort(),
    );
    assert.deepEqual(result.failing[0].problems, [{ path: '', message: 'Missing property "title"' }]);

    const again = pathsOf(await requestsDuring(w.service, () => run(Command.validateCollection, collectionId)));
    assert.equal(again.length, 3 + 25, again.join(', '));

    const failing = made.find((b) => b.fails)!;
    const [problem] = problemsOf(uriOf(failing));
    assert.equal(problem.code, 'required');
    assert.equal(problem.source, 'JSONBin schema doc "needs a title"');
    assert.deepEqual(problemsOf(uriOf(made.find((b) => !b.fails)!)), []);
    // Opening the bin from the Problems panel lands on the node: the tab's own check agrees.
    const document = await vscode.workspace.openTextDocument(uriOf(failing));
    assert.equal(document.getText(problem.range), '{');
    await until(() => problemsOf(document.uri).length === 1 || undefined, 'the tab to check itself');
    assert.deepEqual(problemsOf(document.uri)[0].range, problem.range);
  });

  it("checks a tab's unsaved text without reading that bin", async () => {
    const fixed = made.find((b) => b.fails)!;
    const document = await vscode.workspace.openTextDocument(uriOf(fixed));
    await replaceText(document, '{"title": "fixed here"}');
    let result!: ValidateResult;
    const paths = pathsOf(await requestsDuring(w.service, async () => (result = await run<ValidateResult>(Command.validateCollection, collectionId))));
    assert.ok(!paths.some((p) => p.includes(fixed.id)), 'the bin with unsaved edits is not read');
    assert.equal(reads(paths).length, 24);
    assert.ok(!result.failing.some((b) => b.id === fixed.id));
  });

  it('asks before more requests than jsonbin.warnAboveRequests; declined, it reads no bin', async () => {
    answer = false;
    const paths = pathsOf(
      await requestsDuring(w.service, () => assert.rejects(run(Command.validateCollection, collectionId, { warnAboveRequests: 10 }), /cancel/i)),
    );
    assert.deepEqual(confirmed, ['Validating 25 bins sends 25 requests. Send them?']);
    assert.equal(pages(paths).length, 3);
    assert.deepEqual(reads(paths), []);
  });

  it('stops when cancelled, keeping what it found', async () => {
    cancelAt = '5 of 25 checked';
    let result!: ValidateResult;
    const paths = pathsOf(await requestsDuring(w.service, async () => (result = await run<ValidateResult>(Command.validateCollection, collectionId))));
    assert.equal(result.stopped, true);
    assert.ok(result.checked < 25 && result.checked >= 5, String(result.checked));
    assert.equal(reads(paths).length, result.checked, 'nothing read after the cancel goes unchecked');
  });

  it('refuses a schema passed in that is not valid JSON Schema, before any request', async () => {
    const paths = await requestsDuring(w.service, () =>
      assert.rejects(run(Command.validateCollection, collectionId, { schema: { type: 'no such type' } }), /not a valid JSON Schema/),
    );
    assert.deepEqual(paths, []);
  });
});
