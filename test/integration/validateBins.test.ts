/** Validate Bins: the selected bins checked against their collections' schema docs, one read each, problems in the Problems panel. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import type { Node } from '../../src/extension/features/tree/nodes';
import type { ValidateResult } from '../../src/extension/features/schemaDocs/validateCollection';
import { binUri } from '../../src/extension/fs/uris';
import { closeAll, labelOf, pathsOf, prompter, replaceText, requestsDuring, run, setup, until, type World } from './support';

describe('Validate Bins', function () {
  this.timeout(60_000);
  let w: World;
  let schemaDocId: string;
  /** Four bins of a validated collection, oldest first: the odd ones lack their title. */
  const made: { id: string; name: string; fails: boolean }[] = [];
  /** A bin of a collection without a schema doc. */
  let plain: { id: string; name: string };
  const confirmed: string[] = [];
  let answer = true;

  before(async () => {
    w = await setup();
    // A visible view fetches again on every change: its requests would mix with the commands'.
    await run('workbench.action.closeSidebar');
    const collectionId = (await w.other.createCollection('titled')).id;
    for (let i = 0; i < 4; i++) {
      const fails = i % 2 === 1;
      const name = `titled ${i}`;
      made.push({ id: (await w.other.createBin({ record: fails ? { n: i } : { title: `t${i}` }, collectionId, name })).metadata.id, name, fails });
    }
    // Attached after the bins were stored: the service checked none of them.
    schemaDocId = (await w.other.createSchemaDoc('needs a title', { type: 'object', required: ['title'] })).metadata.id;
    await w.other.attachSchemaDoc(collectionId, schemaDocId);
    const plainId = (await w.other.createCollection('unchecked')).id;
    plain = { id: (await w.other.createBin({ record: { n: 1 }, collectionId: plainId, name: 'unchecked 0' })).metadata.id, name: 'unchecked 0' };
    w.api.setPrompter(prompter({ confirm: async (message) => (confirmed.push(message), answer) }));
  });
  beforeEach(() => {
    confirmed.length = 0;
    answer = true;
  });
  afterEach(() => closeAll());
  after(() => w.api.setPrompter(undefined));

  /** The rows of a collection, as the view lists them, by name; and the collection's row. */
  async function rowsOf(collection: string): Promise<{ row: Node; bins: Map<string, Node> }> {
    await run(Command.refresh);
    const [collections] = (await w.api.tree.getChildren())!;
    let row: Node | undefined;
    for (const node of (await w.api.tree.getChildren(collections))!) {
      row = labelOf(await w.api.tree.getTreeItem(node)) === collection ? node : row;
    }
    assert.ok(row, `no row ${collection}`);
    const bins = new Map<string, Node>();
    for (const node of (await w.api.tree.getChildren(row))!) {
      bins.set(labelOf(await w.api.tree.getTreeItem(node)), node);
    }
    return { row, bins };
  }
  const reads = (paths: string[]) => paths.filter((p) => p.startsWith('GET /v3/b/'));
  const problemsOf = (bin: { id: string; name: string }) =>
    vscode.languages.getDiagnostics(binUri(bin.id, bin.name)).filter((d) => d.source?.startsWith('JSONBin'));

  it('checks the selected rows as VS Code passes them: one read each, the failing ones in the Problems panel at their nodes', async () => {
    const { bins } = await rowsOf('titled');
    const selected = made.map((b) => bins.get(b.name)!);
    let result!: ValidateResult;
    const paths = pathsOf(await requestsDuring(w.service, async () => (result = (await run<ValidateResult>(Command.rowValidateBins, selected[2], selected))!)));
    // The schema doc is read once a session, and the collections' list with it.
    const once = ['GET /v3/c', `GET /v3/s/${schemaDocId}`];
    assert.ok(
      paths.filter((p) => !p.startsWith('GET /v3/b/')).every((p) => once.includes(p)),
      paths.join(', '),
    );
    assert.deepEqual(reads(paths).sort(), made.map((b) => `GET /v3/b/${b.id}/latest`).sort());
    assert.equal(result.checked, 4);
    assert.deepEqual(result.notRead, []);
    assert.deepEqual(
      result.failing.map((b) => b.id).sort(),
      made
        .filter((b) => b.fails)
        .map((b) => b.id)
        .sort(),
    );
    assert.deepEqual(result.failing[0].problems, [{ path: '', message: 'Missing property "title"' }]);
    const [problem] = problemsOf(made[1]);
    assert.equal(problem.source, 'JSONBin schema doc "needs a title"');
    assert.deepEqual(problemsOf(made[0]), []);

    const alone = pathsOf(await requestsDuring(w.service, () => run(Command.rowValidateBins, selected[0])));
    assert.deepEqual(alone, [`GET /v3/b/${made[0].id}/latest`], 'a row alone: that bin only');
  });

  it("checks a tab's unsaved text without reading that bin", async () => {
    const { bins } = await rowsOf('titled');
    const document = await vscode.workspace.openTextDocument(binUri(made[1].id, made[1].name));
    await replaceText(document, '{"title": "fixed here"}');
    let result!: ValidateResult;
    const rows = made.slice(0, 2).map((b) => bins.get(b.name)!);
    const paths = pathsOf(await requestsDuring(w.service, async () => (result = (await run<ValidateResult>(Command.rowValidateBins, rows[0], rows))!)));
    assert.deepEqual(paths, [`GET /v3/b/${made[0].id}/latest`]);
    assert.equal(result.checked, 2);
    assert.deepEqual(result.failing, []);
  });

  it('says a bin whose collection has no schema doc not validated, unread, and still checks the others', async () => {
    const checked = await rowsOf('titled');
    const unchecked = await rowsOf('unchecked');
    const rows = [checked.bins.get(made[1].name)!, unchecked.bins.get(plain.name)!];
    let result!: ValidateResult;
    const paths = pathsOf(await requestsDuring(w.service, async () => (result = (await run<ValidateResult>(Command.rowValidateBins, rows[1], rows))!)));
    assert.deepEqual(reads(paths), [`GET /v3/b/${made[1].id}/latest`]);
    assert.deepEqual(
      result.failing.map((b) => b.id),
      [made[1].id],
    );
    assert.equal(result.notRead.length, 1);
    assert.equal(result.notRead[0].id, plain.id);
    assert.match(result.notRead[0].reason, /has no schema doc/);
  });

  it('refuses a selection that holds a collection row, sending nothing', async () => {
    const { row, bins } = await rowsOf('titled');
    const first = bins.get(made[0].name)!;
    assert.deepEqual(await requestsDuring(w.service, () => run(Command.rowValidateBins, first, [first, row])), []);
  });

  it('programmatic: bins by id, asked first above warnAboveRequests; declined, nothing is read; a bare list of ids is refused', async () => {
    // Their collection is known from its listing, as after the view showed it.
    await rowsOf('titled');
    const ids = made.map((b) => b.id);
    answer = false;
    const declined = await requestsDuring(w.service, () => assert.rejects(run(Command.validateBins, { binIds: ids }, { warnAboveRequests: 2 }), /cancel/i));
    assert.deepEqual(confirmed, ['Validating 4 bins sends 4 requests. Send them?']);
    assert.deepEqual(reads(pathsOf(declined)), []);
    answer = true;
    let result!: ValidateResult;
    const paths = pathsOf(await requestsDuring(w.service, async () => (result = (await run<ValidateResult>(Command.validateBins, { binIds: ids }))!)));
    assert.equal(reads(paths).length, 4);
    assert.equal(result.failing.length, 2);
    await until(() => problemsOf(made[3]).length === 1 || undefined, 'the failing bin in the Problems panel');
    // A list of ids is not the form: said, and nothing is read.
    const refused = await requestsDuring(w.service, () => assert.rejects(run(Command.validateBins, ids), /binIds/));
    assert.deepEqual(reads(pathsOf(refused)), []);
  });
});
