/** Sharing a bin: its public URL, snippets that read it, its dashboard page; the key is never in what is copied. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import type { Prompter } from '../../src/extension/ui/prompter';
import { asHostedService, binUriOf, closeAll, pathsOf, requestsDuring, run, setup, TEST_KEY, type World } from './support';

describe('sharing a bin', function () {
  this.timeout(30_000);
  let w: World;
  before(async () => (w = await setup()));
  afterEach(async () => {
    w.api.setPrompter(undefined);
    w.api.setOpener(undefined);
    await closeAll();
  });

  const newBin = async (isPrivate: boolean) =>
    (await w.other.createBin({ record: { shared: isPrivate ? 'privately' : 'publicly' }, name: 'shared', private: isPrivate })).metadata.id;
  const urlOf = (id: string) => `${w.service.baseUrl}/b/${id}/latest`;

  it('copies the public URL of a public bin; a bin never read here is read once to learn its privacy', async () => {
    const id = await newBin(false);
    let copied: unknown;
    const first = await requestsDuring(w.service, async () => (copied = await run(Command.copyPublicUrl, id)));
    assert.deepEqual(pathsOf(first), [`GET /v3/b/${id}/latest`]);
    assert.equal(copied, urlOf(id));
    assert.equal(await vscode.env.clipboard.readText(), urlOf(id));
    // Known now; the read also serves an open by the view's row, which knows the bin's name.
    assert.deepEqual(await requestsDuring(w.service, () => run(Command.copyPublicUrl, id)), []);
    assert.deepEqual(await requestsDuring(w.service, () => run(Command.openBin, id, 'shared')), []);
    await assert.rejects(run(Command.copyPublicUrl, undefined), /jsonbin\.copyPublicUrl needs a bin id/);
  });

  it('refuses a private bin programmatically unless told to make it public, which costs one request', async () => {
    const id = await newBin(true);
    await vscode.env.clipboard.writeText('before');
    const refused = await requestsDuring(w.service, () =>
      assert.rejects(run(Command.copyPublicUrl, id), /is private: its public URL would not read it\. Pass \{ makePublic: true \}/),
    );
    assert.deepEqual(pathsOf(refused), [`GET /v3/b/${id}/latest`]);
    assert.equal(await vscode.env.clipboard.readText(), 'before');
    assert.equal((await w.other.readBin(id)).metadata.private, true);
    const made = await requestsDuring(w.service, () => run(Command.copyPublicUrl, id, { makePublic: true }));
    assert.deepEqual(
      made.map((r) => `${r.method} ${r.path} ${r.headers['x-bin-private']}`),
      [`PUT /v3/b/${id}/meta/privacy false`],
    );
    assert.equal((await w.other.readBin(id)).metadata.private, false);
    assert.equal(await vscode.env.clipboard.readText(), urlOf(id));
    // What the extension knows of the bin says public now: the next copy costs nothing.
    assert.deepEqual(await requestsDuring(w.service, () => run(Command.copyPublicUrl, id)), []);
  });

  it('from the palette, offers in a modal to make a private bin public, and does nothing when declined', async () => {
    const id = await newBin(true);
    await vscode.window.showTextDocument(binUriOf(await run(Command.openBin, id)));
    const asked: string[] = [];
    let accept = false;
    const prompter: Prompter = {
      input: async () => assert.fail('the active tab names the bin'),
      pick: async () => assert.fail('nothing to pick'),
      confirm: async (message, _detail, action) => {
        asked.push(`${message} [${action}]`);
        return accept;
      },
    };
    w.api.setPrompter(prompter);
    await vscode.env.clipboard.writeText('before');
    assert.deepEqual(await requestsDuring(w.service, () => run(Command.copyPublicUrl)), []);
    assert.deepEqual(asked, [`${id} is private: make it public? [Make Public and Copy URL]`]);
    assert.equal(await vscode.env.clipboard.readText(), 'before');
    accept = true;
    const made = await requestsDuring(w.service, () => run(Command.copyPublicUrl));
    assert.deepEqual(pathsOf(made), [`PUT /v3/b/${id}/meta/privacy`]);
    assert.equal(await vscode.env.clipboard.readText(), urlOf(id));
  });

  it("from a bin tab's editor title and a bin row, offers to make a private bin public too", async () => {
    const fromTab = await newBin(true);
    const uri = binUriOf(await run(Command.openBin, fromTab));
    await vscode.window.showTextDocument(uri);
    const asked: string[] = [];
    w.api.setPrompter({
      input: async () => assert.fail('the tab and the row name the bin'),
      pick: async () => assert.fail('nothing to pick'),
      confirm: async (message) => (asked.push(message), true),
    });
    // The editor title passes the tab's Uri.
    const made = await requestsDuring(w.service, () => run(Command.tabCopyPublicUrl, uri));
    assert.deepEqual(pathsOf(made), [`PUT /v3/b/${fromTab}/meta/privacy`]);
    assert.equal(await vscode.env.clipboard.readText(), urlOf(fromTab));

    // A row passes its node: the bin as the view listed it, privacy included.
    const fromRow = await newBin(true);
    await run(Command.refresh);
    const [, uncategorized] = (await w.api.tree.getChildren()) ?? [];
    const rows = (await w.api.tree.getChildren(uncategorized)) ?? [];
    const row = rows.find((n) => (n as { id?: string }).id === fromRow);
    assert.ok(row, 'the private bin is listed');
    const fromRowMade = await requestsDuring(w.service, () => run(Command.rowCopyPublicUrl, row));
    assert.deepEqual(pathsOf(fromRowMade), [`PUT /v3/b/${fromRow}/meta/privacy`]);
    assert.equal(await vscode.env.clipboard.readText(), urlOf(fromRow));
    assert.equal(asked.length, 2, 'each place asked once');
    assert.ok(
      asked.every((m) => m.endsWith('is private: make it public?')),
      asked.join('; '),
    );
  });

  it("copies fetch and curl snippets: a private bin's key comes from the environment, a public bin's snippet sends none", async () => {
    const privateId = await newBin(true);
    const publicId = await newBin(false);
    // Opened: their privacy is known, so the snippets cost nothing.
    await run(Command.openBin, privateId);
    await run(Command.openBin, publicId);
    const texts: Record<string, string> = {};
    const requests = await requestsDuring(w.service, async () => {
      for (const [command, id] of [
        [Command.copyFetchSnippet, privateId],
        [Command.copyCurlSnippet, privateId],
        [Command.copyFetchSnippet, publicId],
        [Command.copyCurlSnippet, publicId],
      ]) {
        const text = await run<string>(command, id);
        assert.equal(await vscode.env.clipboard.readText(), text, 'the programmatic form returns what it copied');
        texts[`${command} ${id === privateId ? 'private' : 'public'}`] = text;
      }
    });
    assert.deepEqual(requests, []);
    assert.match(texts[`${Command.copyFetchSnippet} private`], /"X-Master-Key": process\.env\.JSONBIN_MASTER_KEY/);
    assert.equal(texts[`${Command.copyCurlSnippet} private`], `curl -sS -H "X-Master-Key: $JSONBIN_MASTER_KEY" '${urlOf(privateId)}'\n`);
    assert.doesNotMatch(texts[`${Command.copyFetchSnippet} public`], /X-Master-Key/);
    assert.equal(texts[`${Command.copyCurlSnippet} public`], `curl -sS '${urlOf(publicId)}'\n`);
    for (const text of Object.values(texts)) {
      assert.ok(!text.includes(TEST_KEY), 'the key is never copied');
    }
    await assert.rejects(run(Command.copyCurlSnippet, undefined), /jsonbin\.copyCurlSnippet needs a bin id/);
  });

  it('opens the dashboard only for the hosted service, through the opener; refuses elsewhere', async () => {
    const id = await newBin(false);
    const opened: string[] = [];
    w.api.setOpener(async (uri) => {
      opened.push(uri.toString(true));
      return true;
    });
    await assert.rejects(
      run(Command.openInDashboard, id),
      /dashboard shows only the bins of the hosted service \(https:\/\/api\.jsonbin\.io\/v3\), not of http:\/\/127\.0\.0\.1/,
    );
    assert.deepEqual(opened, []);
    const requests = await requestsDuring(w.service, () => asHostedService(w, () => run(Command.openInDashboard, id)));
    assert.deepEqual(requests, []);
    assert.deepEqual(opened, [`https://jsonbin.io/app/bins/${id}`]);
  });
});
