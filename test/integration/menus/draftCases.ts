/** Cases for schema docs drafted from records, created from their draft, and TypeScript types copied. */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { Command } from '../../../src/extension/commands/idsAndContextKeys';
import { binUri } from '../../../src/extension/fs/uris';
import { until } from '../support';
import { activeUri, pathsOf, run, type Answer, type Case, type MenuContext } from './context';

export function draftCases(c: MenuContext): Record<string, Case> {
  const { invoke, argsFor, newBin } = c;

  const draftTab = () =>
    until(() => (vscode.window.activeTextEditor?.document.uri.scheme === 'untitled' ? vscode.window.activeTextEditor.document : undefined), 'the draft tab');
  const lensTitles = async (document: vscode.TextDocument) =>
    (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', document.uri)).map((l) => l.command?.title);
  /** Every bin of a collection, page by page, as someone else lists them. */
  const allBins = async (collectionId: string) => {
    const bins: { id: string }[] = [];
    for (let page: { id: string }[] | undefined; !page || page.length === 10;) {
      page = await c.w.other.listBins(collectionId, bins.at(-1)?.id);
      bins.push(...page);
    }
    return bins;
  };
  const withoutListing = (requests: { method: string; path: string }[]) => pathsOf(requests).filter((p) => p !== 'GET /v3/c');

  /** A bin's row or tab drafts from its record; a collection's row from its bins; the palette from bins it is given. */
  const draftCase: Case = async (place, kind) => {
    if (kind?.startsWith('collection')) {
      const collection = kind === 'collection' ? c.plainCollection : c.collectionWithSchema;
      if ((await allBins(collection.id)).length === 0) {
        await c.w.other.createBin({ record: { a: 1 }, collectionId: collection.id });
      }
      const bins = await allBins(collection.id);
      const args = await argsFor(place, kind);
      // Over jsonbin.warnAboveRequests (50), the user is asked first.
      const requests = await invoke(place.entry.command, args, ...((bins.length > 50 ? [true] : []) as Answer[]));
      const sent = withoutListing(requests);
      assert.equal(sent.filter((p) => p.startsWith(`GET /v3/c/${collection.id}/bins`)).length, Math.floor(bins.length / 10) + 1, 'its pages');
      assert.deepEqual(sent.filter((p) => !p.startsWith('GET /v3/c/')).sort(), bins.map((b) => `GET /v3/b/${b.id}/latest`).sort());
      assert.deepEqual(await lensTitles(await draftTab()), ['$(cloud-upload) Create Schema Doc', `$(link) Create and Attach to ${collection.name}`]);
      return;
    }
    const bin = await newBin(kind ?? 'bin');
    const args = await argsFor(place, kind, bin);
    const fromPalette = place.menu === 'palette';
    const requests = await invoke(place.entry.command, args, ...(fromPalette ? ['Bins by id or link', bin.id] : []));
    assert.deepEqual(withoutListing(requests), [`GET /v3/b/${bin.id}/latest`], 'a clean tab is read: only unsaved edits are taken from the tab');
    const draft = await draftTab();
    assert.deepEqual((JSON.parse(draft.getText()) as { properties: unknown }).properties, { n: { type: 'integer' } });
    assert.deepEqual(await lensTitles(draft), ['$(cloud-upload) Create Schema Doc']);
  };

  /** A bin's types from its record, read; a schema doc's from the schema doc. */
  const typesCase: Case = async (place, kind) => {
    if (kind === 'schemaDoc') {
      // Named as the rename cases left it.
      await invoke(place.entry.command, await argsFor(place, kind));
      assert.match(await vscode.env.clipboard.readText(), /^\/\/ Types for the records of schema doc "menu schema[^"]*"[^]+export interface MenuSchema\w* \{/);
      return;
    }
    const bin = await newBin(kind ?? 'bin');
    const args = await argsFor(place, kind, bin);
    const requests = await invoke(place.entry.command, args, ...(place.menu === 'palette' ? [bin.id] : []));
    assert.deepEqual(pathsOf(requests), [`GET /v3/b/${bin.id}/latest`]);
    assert.match(await vscode.env.clipboard.readText(), /export interface \w+ \{\s+n: number/);
  };

  /** The palette creates the active draft, as edited: one POST, and its tab gives way to the schema doc's. */
  const createCase: Case = async (place) => {
    const bin = await newBin();
    const uri = binUri(bin.id, bin.name);
    await vscode.window.showTextDocument(uri);
    await run(Command.tabDraftSchemaDoc, uri);
    const drafted = (await draftTab()).getText();
    const name = `from draft ${c.next()}`;
    const requests = await invoke(place.entry.command, [], name);
    assert.deepEqual(pathsOf(requests), ['POST /v3/s']);
    assert.equal(requests[0].body, drafted);
    await until(() => (activeUri()?.includes('/schema/') && decodeURIComponent(activeUri()!).endsWith(`/${name}.json`)) || undefined, 'the schema doc tab');
  };

  /** The palette creates the active draft of a collection and attaches it there, after reading its stored bins. */
  const createAndAttachCase: Case = async (place) => {
    const name = `drafted collection ${c.next()}`;
    const collection = await c.w.other.createCollection(name);
    const ids = [];
    for (const n of [1, 2]) {
      ids.push((await c.w.other.createBin({ record: { n }, collectionId: collection.id })).metadata.id);
    }
    await run(Command.refresh);
    await invoke(Command.draftSchemaDoc, [], name);
    await draftTab();
    const requests = await invoke(place.entry.command, [], `${name} schema`);
    assert.deepEqual(withoutListing(requests), [
      `GET /v3/c/${collection.id}/bins`,
      ...ids.reverse().map((id) => `GET /v3/b/${id}/latest`),
      'POST /v3/s',
      `PUT /v3/c/${collection.id}/schemadoc/add`,
    ]);
    assert.ok((await c.w.other.listCollections()).find((found) => found.id === collection.id)?.schemaDocId);
  };

  /**
   * A bin's row or the palette checks the bin against its collection's schema doc: one read, its
   * problem in the Problems panel. A remembered bin is in no collection: said not validated, unread.
   */
  const validateCase: Case = async (place, kind) => {
    const bin = await newBin(kind ?? 'bin');
    if (kind === 'bin.remembered') {
      const requests = await invoke(place.entry.command, await argsFor(place, kind, bin));
      assert.deepEqual(
        pathsOf(requests).filter((p) => p.startsWith('GET /v3/b/') || !p.startsWith('GET')),
        [],
      );
      return;
    }
    // The plain collection validates for this case only: its bins lack the required "a".
    await c.w.other.attachSchemaDoc(c.plainCollection.id, c.collectionWithSchema.schemaDocId);
    try {
      const args = await argsFor(place, kind, bin);
      if (place.menu === 'palette') {
        // The bin's collection is known once the view listed it, as the palette's user saw it there.
        await run(Command.refresh);
        await c.rowsOf(await c.row((await c.roots())[0], c.plainCollection.name));
      }
      const requests = await invoke(place.entry.command, args, ...(place.menu === 'palette' ? [bin.id] : []));
      assert.deepEqual(
        pathsOf(requests).filter((p) => p.startsWith('GET /v3/b/') || !p.startsWith('GET')),
        [`GET /v3/b/${bin.id}/latest`],
      );
      const problems = () => vscode.languages.getDiagnostics(binUri(bin.id, bin.name)).filter((d) => d.source?.startsWith('JSONBin'));
      await until(() => problems().length > 0 || undefined, 'the problem in the Problems panel');
    } finally {
      await c.w.other.detachSchemaDoc(c.plainCollection.id);
    }
  };

  return {
    [Command.validateBins]: validateCase,
    [Command.draftSchemaDoc]: draftCase,
    [Command.copyTypeScriptTypes]: typesCase,
    [Command.createSchemaDocFromDraft]: createCase,
    [Command.createAndAttachSchemaDocFromDraft]: createAndAttachCase,
  };
}
