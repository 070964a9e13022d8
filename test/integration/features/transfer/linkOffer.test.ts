/**
 * Linking a file just written to or from a bin is an offer, never a question that stops the work:
 * Save Bin as File and Upload as Bin say what they did and offer, in the same notification, to
 * link the file, with answers that say what they do; nothing modal is asked before. The bin is
 * named by its name, in those messages and in the link's tooltip, which follows a rename with no
 * request. A bin's tab and its linked file's tab read differently.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../../../src/extension/commands/idsAndContextKeys';
import { binUri } from '../../../../src/extension/fs/uris';
import { closeAll, config, pathsOf, prompter, requestsDuring, run, setup, until, type World } from '../../support';

interface Status {
  file: vscode.Uri;
  binId: string;
  state: string;
}

describe('the offer to link a file to its bin', function () {
  this.timeout(60_000);
  let w: World;
  let folder: vscode.Uri;
  /** Each notification's offer, as the user would read it, and the answer the test gives. */
  const offers: { message: string; actions: string[] }[] = [];
  let answer: string | undefined;
  const token = new vscode.CancellationTokenSource().token;

  const fileIn = (name: string) => vscode.Uri.joinPath(folder, 'offers', name);
  const stateOf = async (uri: vscode.Uri) => (await run<Status[]>(Command.linkStatus)).find((s) => s.file.toString() === uri.toString())?.state;
  const tooltipOf = async (uri: vscode.Uri) => (await w.api.linkDecorations.provideFileDecoration(uri, token))?.tooltip;

  before(async () => {
    w = await setup();
    folder = vscode.workspace.workspaceFolders![0].uri;
  });
  beforeEach(() => {
    offers.length = 0;
    answer = undefined;
    w.api.setPrompter(
      prompter({
        pick: async (items) => items.find((i) => i.label.includes('No collection')) ?? items[0],
        offer: async (message, actions) => (offers.push({ message, actions }), answer),
        saveDialog: async (options) => options.defaultUri,
      }),
    );
  });
  afterEach(() => w.api.setPrompter(undefined));
  after(async () => {
    await config().update('links.offerAfterTransfer', undefined, vscode.ConfigurationTarget.Global);
    await closeAll();
  });

  it("Save Bin as File says which bin by its name and offers the link in its notification; the link's tooltip names the bin, and follows a rename with no request", async () => {
    const id = (await w.other.createBin({ record: { topic: 'light' }, name: 'Photosynthesis offered', private: true })).metadata.id;
    // The tab's form: the file is named after the tab's title, in the workspace folder (the save dialog's default, accepted).
    const tab = binUri(id, 'Photosynthesis offered');
    const file = vscode.Uri.joinPath(folder, 'Photosynthesis offered.json');
    answer = 'Link File to Bin';
    const saved = await requestsDuring(w.service, async () => {
      await run(Command.tabSaveBinAsFile, tab);
      await until(async () => (await stateOf(file)) === 'same', 'the file linked');
    });
    // The record is read once; linking sends nothing.
    assert.deepEqual(pathsOf(saved), [`GET /v3/b/${id}/latest`]);
    assert.deepEqual(offers, [
      {
        message:
          'JSONBin: Saved bin "Photosynthesis offered" as Photosynthesis offered.json. Link the file to the bin? Push to Bin and Pull from Bin then keep them together; linking sends no request.',
        actions: ['Link File to Bin', 'Open File'],
      },
    ]);
    assert.match((await tooltipOf(file))!, /^Linked to bin "Photosynthesis offered": the same as the bin\./);

    const renamed = await requestsDuring(w.service, async () => {
      await run(Command.renameBin, id, 'Photosynthesis, renamed');
      await until(async () => (await tooltipOf(file))?.startsWith('Linked to bin "Photosynthesis, renamed"'), 'the tooltip to follow the rename');
    });
    assert.deepEqual(pathsOf(renamed), [`PUT /v3/b/${id}/meta/name`], 'the rename alone: the link follows the store');
    await run(Command.unlinkFile, file);
  });

  it('saying nothing to the offer links nothing; Save Bin as File asks nothing before it saves', async () => {
    const id = (await w.other.createBin({ record: { topic: 'ignored' }, name: 'Not linked' })).metadata.id;
    const file = vscode.Uri.joinPath(folder, 'Not linked.json');
    await run(Command.tabSaveBinAsFile, binUri(id, 'Not linked'));
    assert.equal(offers.length, 1);
    assert.deepEqual(offers[0].actions, ['Link File to Bin', 'Open File']);
    assert.equal(await stateOf(file), undefined);
    // With the setting "always", the file is linked as it is saved, and the message says so: no offer.
    await config().update('links.offerAfterTransfer', 'always', vscode.ConfigurationTarget.Global);
    try {
      await run(Command.tabSaveBinAsFile, binUri(id, 'Not linked'));
      assert.equal(await stateOf(file), 'same');
      assert.deepEqual(offers[1], { message: 'JSONBin: Saved bin "Not linked" as Not linked.json, linked to the bin.', actions: ['Open File'] });
    } finally {
      await config().update('links.offerAfterTransfer', undefined, vscode.ConfigurationTarget.Global);
    }
    await run(Command.unlinkFile, file);
  });

  it("Upload as Bin offers the link in its result's notification, as jsonbin.links.offerAfterTransfer says", async () => {
    const offered = fileIn('offered upload.json');
    await vscode.workspace.fs.writeFile(offered, new TextEncoder().encode('{ "name": "offered" }'));
    answer = 'Link File to Bin';
    await run(Command.explorerUploadAsBin, offered, [offered]);
    assert.equal(offers.length, 1);
    assert.match(offers[0].message, /^JSONBin: Created 1 bin in no collection\. Link the file to the bin\? /);
    assert.deepEqual(offers[0].actions, ['Link File to Bin', 'Open Bin', 'Reveal in View']);
    await until(async () => (await stateOf(offered)) === 'same', 'the uploaded file linked');
    assert.match((await tooltipOf(offered))!, /^Linked to bin "offered upload": the same as the bin\./);

    await config().update('links.offerAfterTransfer', 'never', vscode.ConfigurationTarget.Global);
    try {
      const notOffered = fileIn('not offered upload.json');
      await vscode.workspace.fs.writeFile(notOffered, new TextEncoder().encode('{ "name": "not offered" }'));
      await run(Command.explorerUploadAsBin, notOffered, [notOffered]);
      assert.deepEqual(offers[1].actions, ['Open Bin', 'Reveal in View']);
      assert.doesNotMatch(offers[1].message, /Link/);
      assert.equal(await stateOf(notOffered), undefined);
    } finally {
      await config().update('links.offerAfterTransfer', undefined, vscode.ConfigurationTarget.Global);
    }
    await run(Command.unlinkFile, offered);
  });

  it("tells a bin's tab from its linked file's tab by their names", async () => {
    const id = (await w.other.createBin({ record: { topic: 'tabs' }, name: 'Two tabs' })).metadata.id;
    const file = vscode.Uri.joinPath(folder, 'Two tabs.json');
    await config().update('links.offerAfterTransfer', 'always', vscode.ConfigurationTarget.Global);
    try {
      await run(Command.tabSaveBinAsFile, binUri(id, 'Two tabs'));
    } finally {
      await config().update('links.offerAfterTransfer', undefined, vscode.ConfigurationTarget.Global);
    }
    await vscode.window.showTextDocument(binUri(id, 'Two tabs'), { preview: false });
    await vscode.window.showTextDocument(file, { preview: false });
    const labels = vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .filter((t) => t.input instanceof vscode.TabInputText && [binUri(id, 'Two tabs').toString(), file.toString()].includes(t.input.uri.toString()))
      .map((t) => `${(t.input as vscode.TabInputText).uri.scheme}: ${t.label}`)
      .sort();
    assert.deepEqual(labels, [`${folder.scheme}: Two tabs.json`, 'jsonbin: Two tabs.json · JSONBin'].sort());
    await run(Command.unlinkFile, file);
  });
});
