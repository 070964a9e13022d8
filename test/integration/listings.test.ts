/**
 * Every listing follows every change, whoever made it: a matrix of the paths that change bins
 * (rows: the view, the palette, a programmatic call, an agent's tool, upload, drops on the view,
 * Change Bins, a linked file's push, the table's save) by the places that list them (columns: the
 * view's rows, the agent's `jsonbin_listBins`, an open table and its grid, a table opened after).
 * After each change, every listing shows what the service itself lists, in its order, with no
 * request of its own: the change sends exactly what it needs, counted from the service's log.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { Command, VIEW_ID } from '../../src/extension/commands/idsAndContextKeys';
import { closeAll, idle, run } from './support';
import { ListingsWorld, type Listing, type Shown, type Snapshot } from './listings';
import { listingPaths, type Change, type Scene } from './listingPaths';

describe('every listing follows every change, whoever made it', function () {
  this.timeout(120_000);
  const l = new ListingsWorld();
  let made = 0;
  /** Pairs of bins in no collection made before anything listed them, one pair per scene there. */
  const loose: [Shown, Shown][] = [];
  /** A collection other than the scenes', whose bin is copied by a drop and which a bin is told to be in. */
  let elsewhere: { id: string; name: string; bin: Shown };
  let folder: string;
  /** The bins created here in no collection, most recent first: remembered, the view lists them first. */
  const remembered: string[] = [];

  async function madeBin(name: string, isPrivate: boolean, collectionId?: string): Promise<Shown> {
    const bin = await l.other.createBin({ record: { n: 1 }, name, private: isPrivate, collectionId });
    return { id: bin.metadata.id, name, private: isPrivate };
  }

  before(async () => {
    await l.start();
    folder = mkdtempSync(join(tmpdir(), 'jsonbin-listings-'));
    for (let i = 0; i < 9; i++) {
      const older = await madeBin(`loose ${i} private`, true);
      loose.push([await madeBin(`loose ${i} public`, false), older]);
    }
    const other = await l.other.createCollection('listed elsewhere');
    elsewhere = { id: other.id, name: 'listed elsewhere', bin: await madeBin('to copy', false, other.id) };
  });
  after(async () => {
    await closeAll();
    await l.stop();
    // The linked files' folder, emptied by each push's row.
    await vscode.workspace.fs
      .delete(vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, 'listings'), { recursive: true })
      .then(undefined, () => undefined);
  });
  afterEach(() => closeAll());

  /** A listing, fetched by every place that lists it, and a table of it open beside; `acted` takes two bins of the pool for a scene in no collection. */
  async function scene(where: 'collection' | 'none', acted: boolean): Promise<Scene> {
    let listing: Listing = { collectionId: null };
    let bins: Shown[] = [];
    if (where === 'collection') {
      const name = `listing ${++made}`;
      const collectionId = (await l.other.createCollection(name)).id;
      const older = await madeBin(`${name} private`, true, collectionId);
      bins = [await madeBin(`${name} public`, false, collectionId), older];
      listing = { collectionId, name };
    } else if (acted) {
      bins = loose.pop() ?? assert.fail('the pool of bins in no collection is empty');
    }
    // As the user opens them: the view lists the collections and the listing, the agent every page, a table beside.
    // VS Code itself asks nothing meanwhile: the view's rows are collapsed (a created bin's row was revealed), and the view is not shown.
    await run(`workbench.actions.treeView.${VIEW_ID}.collapseAll`).catch(() => undefined);
    await run('workbench.action.closeSidebar');
    await run(Command.refresh);
    await l.rowsOf((await l.roots())[0]);
    await l.view(listing);
    await l.agent(listing);
    const table = await l.openTableBeside(listing);
    await l.tableShowing(table, await l.view(listing));
    return { listing, bins, table };
  }

  const paths = listingPaths({ l, elsewhere: () => elsewhere, folder: () => folder });

  for (const path of paths) {
    for (const where of path.in) {
      it(`${path.change} by ${path.by}, in ${where === 'none' ? 'no collection' : 'a collection'}: every listing shows it, asking nothing`, async () => {
        const s = await scene(where, path.change !== 'created');
        await path.ready?.(s);
        await idle();
        const name = `${path.change} ${++made}`;
        const before = l.serviceListing(s.listing);
        const tableBefore = await l.snapshot(s.table);

        // The change, until the open table shows it (its grid included): exactly what the change needs.
        const mark = l.service.log.length;
        await path.run(s, name);
        await idle();
        const sent = l.since(mark);
        const after = l.serviceListing(s.listing);
        const id = path.change === 'created' ? after.find((b) => !before.some((o) => o.id === b.id))?.id : (path.target ?? ((t) => t.bins[0]))(s).id;
        assert.ok(id, 'the service lists no new bin');
        expectChange(
          path.change,
          before.find((b) => b.id === id),
          after.find((b) => b.id === id),
          name,
        );
        if (path.change === 'created' && where === 'none') {
          remembered.unshift(id);
        }
        const shows = expected(s, after);
        const newRecord = (t: Snapshot) => path.change !== 'updated' || t.rows.find((r) => r.id === id)?.cells.n === '2';
        const table = await l.tableShowing(s.table, shows, newRecord);
        // Read after the change: only rows of the open table that came into view (a deleted row's place taken), never the changed bin.
        const reads = l.since(mark).slice(sent.length);
        assert.deepEqual(
          [...sent, ...reads].sort(),
          [...path.sends(id, s), ...ListingsWorld.readsBetween(tableBefore, table, id)].sort(),
          'what the change sent, and the reads of rows that came into view',
        );

        // Every listing, looked at now: what the service lists, with no request.
        const looked = await l.during(async () => {
          assert.deepEqual(await l.view(s.listing), shows, 'the view');
          const agent = await l.agent(s.listing);
          assert.deepEqual(agent.shown, shows, "the agent's listing");
          assert.equal(agent.requests, 0, "the agent's listing says it sent nothing");
          const again = await run<string>(
            Command.openTable,
            s.listing.collectionId === null ? { uncategorized: true } : { collectionId: s.listing.collectionId },
          );
          await l.tableShowing(again, shows, newRecord);
        });
        assert.deepEqual(looked, [], 'no listing asks the service again');
      });
    }
  }

  /** What a listing shows: the service's listing; in no collection, the bins remembered here first, as the view lists them. */
  function expected(s: Scene, listed: Shown[]): Shown[] {
    if (s.listing.collectionId !== null) {
      return listed;
    }
    const first = remembered.flatMap((id) => listed.filter((b) => b.id === id));
    return [...first, ...listed.filter((b) => !remembered.includes(b.id))];
  }

  /** The service holds the change (a rename its name, a privacy change the other privacy). */
  function expectChange(change: Change, was: Shown | undefined, now: Shown | undefined, name: string): void {
    const expectations: Record<Change, () => void> = {
      created: () => assert.ok(now && !was),
      deleted: () => assert.ok(was && !now),
      renamed: () => assert.equal(now?.name, name),
      privacy: () => assert.equal(now?.private, !was?.private),
      moved: () => assert.deepEqual(now, was),
      updated: () => assert.deepEqual(now, was),
    };
    expectations[change]();
  }

  it("lists a bin an agent created in no collection in the agent's listing at once, asking nothing: the case found", async () => {
    await run('workbench.action.closeSidebar');
    await run(Command.refresh);
    // The view listed the bins in no collection, as when the case was found.
    await l.view({ collectionId: null });
    await idle();
    const created = await l.during(async () => {
      const answer = await l.tool('jsonbin_createBin', { record: { free: true }, name: 'loose one' });
      assert.equal(answer.requests, 1);
      remembered.unshift(answer.binId as string);
    });
    assert.deepEqual(created, ['POST /v3/b']);
    let listed!: Awaited<ReturnType<typeof l.tool>>;
    assert.deepEqual(await l.during(async () => (listed = await l.tool('jsonbin_listBins', {}))), []);
    assert.equal(listed.inNoCollection, true);
    assert.equal(listed.requests, 0);
    assert.deepEqual((listed.bins as Shown[])[0], { id: remembered[0], name: 'loose one', private: true });
  });
});
