/**
 * Upload as Bin (programmatic) and drag and drop onto the view, against the local service: every
 * file is checked before anything is sent, and each bin costs exactly its one create.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import type { Node } from '../../src/extension/features/tree/nodes';
import { closeAll, kindOf, labelOf, requestsDuring, run, setup, type World } from './support';

interface Uploaded {
  created: { uri: vscode.Uri; id: string; binUri: vscode.Uri }[];
  refused: { uri: vscode.Uri; reason: string }[];
}

describe('Upload as Bin and drag and drop', function () {
  this.timeout(60_000);
  let w: World;
  let folder: string;
  let validated: { id: string; name: string; schemaDocId: string };
  let plain: { id: string; name: string };
  const confirms: string[] = [];
  let confirmAnswer = true;
  /** A progress message on which the user presses Cancel. */
  let cancelOn: RegExp | undefined;
  const token = new vscode.CancellationTokenSource().token;

  const file = (name: string, content: string | Buffer) => {
    writeFileSync(join(folder, name), content);
    return vscode.Uri.file(join(folder, name));
  };
  const upload = async (uris: vscode.Uri[], options: object) => {
    let result!: Uploaded;
    const requests = await requestsDuring(w.service, async () => (result = await run<Uploaded>(Command.uploadAsBin, uris, options)));
    return { result, requests };
  };
  const namesOf = (refused: Uploaded['refused']) => refused.map((r) => basename(r.uri.fsPath));

  async function rowsUnder(parent: Node | undefined): Promise<Node[]> {
    return (await w.api.tree.getChildren(parent)) ?? [];
  }
  async function labelsUnder(parent: Node): Promise<string[]> {
    return Promise.all((await rowsUnder(parent)).map(async (n) => labelOf(await w.api.tree.getTreeItem(n))));
  }
  async function row(parent: Node | undefined, label: string): Promise<Node> {
    for (const node of await rowsUnder(parent)) {
      if (labelOf(await w.api.tree.getTreeItem(node)) === label) {
        return node;
      }
    }
    assert.fail(`no row ${label}`);
  }
  /** A drop as VS Code makes it: on a row, with the transfer of the drag. */
  const drop = async (target: Node, transfer: vscode.DataTransfer) => {
    await w.api.dragAndDrop.handleDrop!(target, transfer, token);
  };
  const collectionRow = async (name: string) => row((await rowsUnder(undefined))[0], name);
  const uncategorizedRow = async () => (await rowsUnder(undefined))[1];

  before(async () => {
    w = await setup();
    folder = mkdtempSync(join(tmpdir(), 'jsonbin-upload-'));
    const doc = await w.other.createSchemaDoc('upload schema', { type: 'object', required: ['a'] });
    const withSchema = await w.other.createCollection('Upload validated');
    await w.other.attachSchemaDoc(withSchema.id, doc.metadata.id);
    validated = { id: withSchema.id, name: 'Upload validated', schemaDocId: doc.metadata.id };
    plain = { id: (await w.other.createCollection('Upload plain')).id, name: 'Upload plain' };
    w.api.setPrompter({
      input: async (options) => assert.fail(`unexpected question: ${options.prompt}`),
      pick: async (_, options) => assert.fail(`unexpected pick: ${options.placeHolder}`),
      confirm: async (message) => (confirms.push(message), confirmAnswer),
      progress: (_, work) => {
        const cancel = new vscode.CancellationTokenSource();
        return work({ report: ({ message }) => cancelOn?.test(message ?? '') && cancel.cancel() }, cancel.token);
      },
    });
    // A visible view fetches again on every change: its requests would mix with the command's.
    await run('workbench.action.closeSidebar');
    await run(Command.refresh);
    // The collection list and the schema doc are read once a session (see docs/requests.md): read them
    // now, with a file refused for being blank, so that the counts below are the uploads' own.
    const warm = await upload([file('warm.json', '{}')], { collectionId: validated.id });
    assert.deepEqual([...new Set(warm.requests.map((r) => `${r.method} ${r.path}`))], ['GET /v3/c', `GET /v3/s/${validated.schemaDocId}`]);
  });
  beforeEach(() => {
    confirms.length = 0;
    confirmAnswer = true;
    cancelOn = undefined;
  });
  after(async () => {
    w.api.setPrompter(undefined);
    await closeAll();
  });

  it('refuses each invalid file by name, saying why, and sends nothing for it', async () => {
    const refusals: [vscode.Uri, RegExp][] = [
      [file('broken.json', '{"a": '), /^the text has \d+ JSON syntax errors?$/],
      [file('no a.json', '{"b": 1}'), /^1 schema problem against schema doc "upload schema": Missing property "a"/],
      [file('blank.json', '[]'), /^Bin cannot be blank$/],
      [file('too big.json', JSON.stringify({ a: 'x'.repeat(600 * 1024) })), /over the free plan's limit of 500 KB/],
      [file('digits.json', '{"a": 12345678901234567890}'), /at \/a would be stored as 1234567890123456/],
      [file('Ωmega.json', '{"a": 1}'), /only Latin-1 characters.*"Ω"/],
      [file('notes.txt', '{"a": 1}'), /^Not a \.json file$/],
      [file('latin-1.json', Buffer.from('{"a": "caf\xe9"}', 'latin1')), /^Not UTF-8 text$/],
    ];
    const { result, requests } = await upload(
      refusals.map(([uri]) => uri),
      { collectionId: validated.id },
    );
    assert.deepEqual(requests, []);
    assert.deepEqual(result.created, []);
    assert.deepEqual(
      namesOf(result.refused),
      refusals.map(([uri]) => basename(uri.fsPath)),
    );
    result.refused.forEach((r, i) => assert.match(r.reason, refusals[i][1], basename(r.uri.fsPath)));
  });

  it('imports 100 files into a collection with exactly 100 creates and no other request, skipping the invalid ones', async () => {
    const texts = Array.from({ length: 100 }, (_, i) => `{"a": ${i},\n   "title":"module ${i}", "weight": 1.50}`);
    const names = texts.map((_, i) => `module ${String(i).padStart(3, '0')}`);
    const valid = texts.map((text, i) => file(`${names[i]}.json`, text));
    const invalid = [file('still broken.json', '[1,'), file('still no a.json', '{"title": "x"}')];
    const { result, requests } = await upload([...valid.slice(0, 50), invalid[0], ...valid.slice(50), invalid[1]], { collectionId: validated.id });
    assert.equal(requests.length, 100);
    for (const r of requests) {
      assert.deepEqual([r.method, r.path, r.headers['x-collection-id'], r.headers['x-bin-private']], ['POST', '/v3/b', validated.id, 'true']);
    }
    // Each file's text as written, under its name.
    assert.deepEqual(
      requests.map((r) => [r.headers['x-bin-name'], r.body]),
      texts.map((text, i) => [names[i], text]),
    );
    assert.deepEqual(
      result.created.map((c) => c.uri.toString()),
      valid.map(String),
    );
    assert.deepEqual(namesOf(result.refused), ['still broken.json', 'still no a.json']);
    const stored = await w.other.readBin(result.created[42].id);
    assert.deepEqual([stored.record, stored.metadata.collectionId], [JSON.parse(texts[42]), validated.id]);
    assert.ok(result.created[0].binUri.path.endsWith(`/bin/${result.created[0].id}/module 000.json`));
    const shown = await labelsUnder(await collectionRow(validated.name));
    assert.deepEqual(shown.slice(0, 3), ['Schema doc', 'module 099', 'module 098']);
  });

  it('uploads into no collection, public when asked, named after the file cut to 128 characters: remembered and shown', async () => {
    const long = 'n'.repeat(140);
    const { result, requests } = await upload([file('loose one.json', '{"loose": 1}'), file(`${long}.json`, '[0]')], { collectionId: null, private: false });
    assert.deepEqual(
      requests.map((r) => [r.method, r.headers['x-collection-id'], r.headers['x-bin-private'], r.headers['x-bin-name']]),
      [
        ['POST', undefined, 'false', 'loose one'],
        ['POST', undefined, 'false', 'n'.repeat(128)],
      ],
    );
    const rows = await Promise.all((await rowsUnder(await uncategorizedRow())).map(async (n) => w.api.tree.getTreeItem(n)));
    const remembered = rows.filter((r) => kindOf(r) === 'bin.remembered').map(labelOf);
    assert.ok(remembered.includes('loose one') && remembered.includes('n'.repeat(128)), remembered.join());
    assert.equal(result.created.length, 2);
  });

  it('stops at a refusal that would repeat for every file, and cancelling stops before the next create', async () => {
    w.service.fault({
      method: 'POST',
      path: '/b',
      status: 403,
      message: 'Requests exhausted. Buy additional requests at https://jsonbin.io/pricing',
      times: 1,
    });
    const three = [1, 2, 3].map((i) => file(`exhausted ${i}.json`, `{"a": ${i}}`));
    const exhausted = await upload(three, { collectionId: plain.id });
    assert.equal(exhausted.requests.length, 1);
    assert.deepEqual(
      exhausted.result.refused.map((r) => r.reason.slice(0, 30)),
      ['Requests exhausted. Buy additi', 'Not sent: the service refused ', 'Not sent: the service refused '],
    );
    // Requests are held back after "Requests exhausted" until the user retries.
    assert.equal(w.api.requestStatus.exhausted, true);
    await run(Command.retryRequests);

    cancelOn = /^created 2 of/;
    const five = [1, 2, 3, 4, 5].map((i) => file(`cancelled ${i}.json`, `{"a": ${i}}`));
    const cancelled = await upload(five, {});
    assert.deepEqual(
      cancelled.requests.map((r) => r.headers['x-bin-name']),
      ['cancelled 1', 'cancelled 2'],
    );
    assert.deepEqual(
      cancelled.result.refused.map((r) => [basename(r.uri.fsPath), r.reason]),
      [3, 4, 5].map((i) => [`cancelled ${i}.json`, 'Not sent: cancelled']),
    );
  });

  it('rejects a call without files, or into a collection the account lacks, sending nothing', async () => {
    const requests = await requestsDuring(w.service, async () => {
      await assert.rejects(run(Command.uploadAsBin, undefined), /jsonbin\.uploadAsBin needs uris/);
      await assert.rejects(run(Command.uploadAsBin, [], {}), /jsonbin\.uploadAsBin needs uris/);
      await assert.rejects(
        run(Command.uploadAsBin, [file('lost.json', '{"a": 1}')], { collectionId: '0123456789abcdef01234567' }),
        /There is no collection 0123456789abcdef01234567/,
      );
    });
    // Not in the list known: listed once more, in case it was just created.
    assert.deepEqual(
      requests.map((r) => `${r.method} ${r.path}`),
      ['GET /v3/c'],
    );
  });

  it('makes files dropped from the Explorer bins of the collection row, or of none on "Bins in no collection"', async () => {
    const dropped = (uris: vscode.Uri[]) => {
      const transfer = new vscode.DataTransfer();
      transfer.set('text/uri-list', new vscode.DataTransferItem(uris.map(String).join('\r\n')));
      return transfer;
    };
    const target = await collectionRow(plain.name);
    const texts = ['{"dropped": 1}', '{ "dropped": 2 }'];
    const uris = texts.map((text, i) => file(`dropped ${i}.json`, text));
    const requests = await requestsDuring(w.service, () => drop(target, dropped([...uris, file('dropped bad.json', '{')])));
    assert.deepEqual(
      requests.map((r) => [r.method, r.headers['x-collection-id'], r.headers['x-bin-name'], r.body]),
      [
        ['POST', plain.id, 'dropped 0', texts[0]],
        ['POST', plain.id, 'dropped 1', texts[1]],
      ],
    );
    assert.deepEqual((await labelsUnder(target)).slice(0, 2), ['dropped 1', 'dropped 0']);

    const none = await requestsDuring(w.service, async () => drop(await uncategorizedRow(), dropped([file('dropped loose.json', '{"x": 1}')])));
    assert.deepEqual(
      none.map((r) => [r.method, r.headers['x-collection-id']]),
      [['POST', undefined]],
    );
    assert.ok((await labelsUnder(await uncategorizedRow())).includes('dropped loose'));
  });

  it('copies a bin row dropped on another collection only after a yes: one read, checked, one create', async () => {
    const record = { a: 'copied', list: [1.5, 2] };
    const source = (await w.other.createBin({ record, name: 'to copy', collectionId: plain.id, private: false })).metadata.id;
    const refused = (await w.other.createBin({ record: { no: 'a' }, name: 'not valid there', collectionId: plain.id })).metadata.id;
    await run(Command.refresh);
    const from = await collectionRow(plain.name);
    const rows = { 'to copy': await row(from, 'to copy'), 'not valid there': await row(from, 'not valid there') };
    /** The transfer VS Code fills when the user starts dragging a row: with the row's URI (its resourceUri) as a uri-list. */
    const drag = async (label: keyof typeof rows) => {
      const transfer = new vscode.DataTransfer();
      transfer.set('text/uri-list', new vscode.DataTransferItem(String((await w.api.tree.getTreeItem(rows[label])).resourceUri)));
      await w.api.dragAndDrop.handleDrag!([rows[label]], transfer, token);
      return transfer;
    };
    const onto = await collectionRow(validated.name);
    // Refreshing forgot the schema doc: read it again before counting.
    await run(Command.uploadAsBin, [file('warm again.json', '{}')], { collectionId: validated.id });

    confirmAnswer = false;
    const declined = await requestsDuring(w.service, async () => drop(onto, await drag('to copy')));
    assert.deepEqual([declined, confirms], [[], ['Create a copy of bin to copy in collection "Upload validated"?']]);

    confirmAnswer = true;
    const copied = await requestsDuring(w.service, async () => drop(onto, await drag('to copy')));
    assert.deepEqual(
      copied.map((r) => `${r.method} ${r.path}`),
      [`GET /v3/b/${source}/latest`, 'POST /v3/b'],
    );
    const post = copied[1];
    assert.deepEqual(
      [post.headers['x-collection-id'], post.headers['x-bin-name'], post.headers['x-bin-private'], JSON.parse(post.body!)],
      [validated.id, 'to copy', 'false', record],
    );
    assert.deepEqual((await w.other.readBin(source)).metadata.collectionId, plain.id, 'the original stays');
    assert.ok((await labelsUnder(onto)).includes('to copy'));

    const invalid = await requestsDuring(w.service, async () => drop(onto, await drag('not valid there')));
    assert.deepEqual(
      invalid.map((r) => `${r.method} ${r.path}`),
      [`GET /v3/b/${refused}/latest`],
      'the schema doc refuses it before the create',
    );

    confirms.length = 0;
    const ownCollection = await requestsDuring(w.service, async () => drop(from, await drag('to copy')));
    assert.deepEqual([ownCollection, confirms], [[], []]);

    // Rows marked with an empty value (before their nodes are added): their URIs are not files to upload.
    const marked = await drag('to copy');
    marked.set('application/vnd.jsonbin.bin-rows', new vscode.DataTransferItem(''));
    assert.deepEqual(await requestsDuring(w.service, () => drop(onto, marked)), []);
  });
});
