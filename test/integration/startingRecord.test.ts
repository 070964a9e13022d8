/** Create Bin into a collection with a schema doc offers a record that the schema doc accepts, not `{}`. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../src/commands/ids';
import type { Node } from '../../src/features/tree/nodes';
import type { Prompter } from '../../src/ui/prompter';
import { closeAll, labelOf, listCollectionsInView, pathsOf, requestsDuring, run, setup, type World } from './support';

describe('a new bin in a collection with a schema doc', function () {
  this.timeout(60_000);
  let w: World;
  let collectionId: string;
  let schemaDocId: string;
  const offered: (string | undefined)[] = [];

  before(async () => {
    w = await setup();
    collectionId = (await w.other.createCollection('starts valid')).id;
    const schema = {
      type: 'object',
      required: ['title', 'level', 'tags'],
      properties: { title: { type: 'string' }, level: { enum: ['beginner', 'advanced'] }, tags: { type: 'array', minItems: 1, items: { type: 'string' } } },
    };
    schemaDocId = (await w.other.createSchemaDoc('starting point', schema)).metadata.id;
    await w.other.attachSchemaDoc(collectionId, schemaDocId);
    await run(Command.refresh);
    await listCollectionsInView(w);
    const prompter: Prompter = {
      // The record: what is offered, accepted as it is; the name.
      input: async (options) => (offered.push(options.value), options.prompt?.startsWith('Name') ? 'started' : options.value),
      // The palette's collection, then privacy.
      pick: async (items) => items.find((i) => i.label === 'Public' || i.label === '$(folder) starts valid'),
      confirm: async (message) => assert.fail(`unexpected confirmation: ${message}`),
      progress: (_, work) => work({ report: () => undefined }, new vscode.CancellationTokenSource().token),
    };
    w.api.setPrompter(prompter);
  });
  after(async () => {
    w.api.setPrompter(undefined);
    await closeAll();
    // Create Bin revealed the new row, which shows the view: a visible view fetches on every change, and later suites count requests.
    await run('workbench.action.closeSidebar');
  });

  it('offers, from the collection’s row, the required properties with typed placeholders and the first enum value; accepted, it is created as offered', async () => {
    await closeAll();
    const [collections] = (await w.api.tree.getChildren()) ?? [];
    let row: Node | undefined;
    for (const node of (await w.api.tree.getChildren(collections)) ?? []) {
      if (labelOf(await w.api.tree.getTreeItem(node)) === 'starts valid') {
        row = node;
      }
    }
    assert.ok(row, 'the collection row');
    const requests = await requestsDuring(w.service, () => run(Command.rowCreateBin, row));
    assert.equal(offered[0], '{"title":"","level":"beginner","tags":[""]}');
    const posts = requests.filter((r) => r.method === 'POST');
    assert.equal(posts.length, 1);
    assert.equal(posts[0].body, offered[0], 'sent as offered');
    // The schema doc is read once a session, for this and for validation.
    assert.deepEqual(
      pathsOf(requests).filter((p) => p.startsWith('GET /v3/s/')),
      [`GET /v3/s/${schemaDocId}`],
    );
  });

  it('offers it from the palette too: the collection is asked first', async () => {
    await closeAll();
    offered.length = 0;
    const requests = await requestsDuring(w.service, () => run(Command.createBin));
    assert.equal(offered[0], '{"title":"","level":"beginner","tags":[""]}');
    const [post] = requests.filter((r) => r.method === 'POST');
    assert.equal(post?.body, offered[0], 'sent as offered');
    assert.equal(post?.headers['x-collection-id'], collectionId);
  });
});
