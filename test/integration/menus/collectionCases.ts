/** Cases for the account key, refreshing, and the collections and schema docs. */
import * as assert from 'node:assert/strict';
import { Command } from '../../../src/extension/commands/idsAndContextKeys';
import { requestsDuring, TEST_KEY, until } from '../support';
import { activeUri, pathsOf, run, type Case, type MenuContext } from './context';

export function collectionCases(c: MenuContext): Record<string, Case> {
  const { invoke, argsFor, roots, rowsOf, row } = c;

  const openSchemaDocCase: Case = async (place, kind) => {
    const { collectionWithSchema } = c;
    const requests = await invoke(place.entry.command, await argsFor(place, kind), ...(place.menu === 'palette' ? [collectionWithSchema.name] : []));
    assert.ok(pathsOf(requests).includes(`GET /v3/s/${collectionWithSchema.schemaDocId}`), pathsOf(requests).join(', '));
    assert.ok(activeUri()?.includes(`/schema/${collectionWithSchema.schemaDocId}/`));
  };

  /** The collection's pages, then one read per bin; the collection list and its schema doc are validation's, read once a session. */
  const validateCase: Case = async (place, kind) => {
    const { w, collectionWithSchema } = c;
    const requests = await invoke(place.entry.command, await argsFor(place, kind), ...(place.menu === 'palette' ? [collectionWithSchema.name] : []));
    const bins = await w.other.listBins(collectionWithSchema.id);
    const own = pathsOf(requests).filter((p) => p !== 'GET /v3/c' && p !== `GET /v3/s/${collectionWithSchema.schemaDocId}`);
    assert.ok(bins.length < 10, 'one page');
    assert.deepEqual([...own].sort(), [`GET /v3/c/${collectionWithSchema.id}/bins`, ...bins.map((b) => `GET /v3/b/${b.id}/latest`)].sort());
  };

  const attachCase: Case = async (place, kind) => {
    const { w, collectionWithSchema, plainCollection } = c;
    const doc = await w.other.createSchemaDoc(`attach ${c.next()}`, { type: 'object' });
    const fromPalette = place.menu === 'palette';
    // From the palette the user picks the collection from a listing fetched for it.
    await run(Command.refresh);
    const requests = await invoke(place.entry.command, await argsFor(place, kind), ...(fromPalette ? [plainCollection.name] : []), doc.metadata.id);
    const target = kind === 'collection.withSchemaDoc' ? collectionWithSchema : plainCollection;
    assert.deepEqual(pathsOf(requests), [...(fromPalette ? ['GET /v3/c'] : []), `PUT /v3/c/${target.id}/schemadoc/add`]);
    await w.other.attachSchemaDoc(target.id, target === collectionWithSchema ? collectionWithSchema.schemaDocId : doc.metadata.id);
    if (target === plainCollection) {
      await w.other.detachSchemaDoc(plainCollection.id);
    }
  };

  const detachCase: Case = async (place, kind) => {
    const { w, collectionWithSchema } = c;
    const requests = await invoke(place.entry.command, await argsFor(place, kind), ...(place.menu === 'palette' ? [collectionWithSchema.name] : []));
    assert.deepEqual(pathsOf(requests), [`PUT /v3/c/${collectionWithSchema.id}/schemadoc/remove`]);
    assert.equal((await w.other.listCollections()).find((collection) => collection.id === collectionWithSchema.id)?.schemaDocId, undefined);
    await w.other.attachSchemaDoc(collectionWithSchema.id, collectionWithSchema.schemaDocId);
    await run(Command.refresh);
  };

  /** Renamed, then named back by someone else: the other cases find the collections by name. */
  const renameCollectionCase: Case = async (place, kind) => {
    const target = kind === 'collection.withSchemaDoc' ? c.collectionWithSchema : c.plainCollection;
    const args = await argsFor(place, kind);
    const fromPalette = place.menu === 'palette';
    if (fromPalette) {
      await run(Command.refresh);
    }
    const renamed = `${target.name} renamed`;
    const requests = await invoke(place.entry.command, args, ...(fromPalette ? [target.name] : []), renamed);
    assert.deepEqual(pathsOf(requests), [...(fromPalette ? ['GET /v3/c'] : []), `PUT /v3/c/${target.id}/meta/name`]);
    assert.equal(requests.at(-1)?.headers['x-collection-name'], renamed);
    const [collections] = await roots();
    const shown = await requestsDuring(c.w.service, () => row(collections, renamed));
    assert.deepEqual(shown, [], 'the view lists the new name from what it fetched');
    await c.w.other.renameCollection(target.id, target.name);
  };

  const renameSchemaDocCase: Case = async (place, kind) => {
    const { w, collectionWithSchema } = c;
    const id = collectionWithSchema.schemaDocId;
    const args = await argsFor(place, kind);
    const fromPalette = place.menu === 'palette';
    // The view shows the collection's rows (as the row form's own place does), for the check below.
    await rowsOf(await row((await roots())[0], collectionWithSchema.name));
    const before = await w.other.readSchemaDoc(id);
    const renamed = `menu schema ${c.next()}`;
    const requests = await invoke(place.entry.command, args, ...(fromPalette ? [collectionWithSchema.name] : []), renamed);
    // The contract renames a schema doc only with an update: its record goes back unchanged.
    assert.deepEqual(pathsOf(requests), [`GET /v3/s/${id}`, `PUT /v3/s/${id}`]);
    assert.equal(requests.at(-1)?.headers['x-schema-doc-name'], renamed);
    assert.equal(requests.at(-1)?.body, JSON.stringify(before.record));
    const [collections] = await roots();
    const shown = await requestsDuring(w.service, async () => {
      const [schemaDocRow] = await rowsOf(await row(collections, collectionWithSchema.name));
      assert.equal((await w.api.tree.getTreeItem(schemaDocRow)).description, renamed);
    });
    assert.deepEqual(shown, [], 'the view shows the new name without a request');
  };

  return {
    [Command.validateCollection]: validateCase,
    [Command.setApiKey]: async (place, kind) => {
      const requests = await invoke(place.entry.command, await argsFor(place, kind), TEST_KEY);
      assert.deepEqual(pathsOf(requests), ['GET /v3/c']);
    },
    [Command.clearApiKey]: async (place, kind) => {
      await invoke(place.entry.command, await argsFor(place, kind));
      try {
        await until(async () => (await roots()).length <= 1 || undefined, 'the view to show no collections without a key');
      } finally {
        await run(Command.setApiKey, TEST_KEY);
      }
    },
    [Command.refresh]: async (place, kind) => {
      const [collections] = await roots();
      await rowsOf(collections);
      await invoke(place.entry.command, await argsFor(place, kind));
      const again = await requestsDuring(c.w.service, () => rowsOf(collections));
      assert.deepEqual(pathsOf(again), ['GET /v3/c'], 'a refresh lists again');
    },
    [Command.createCollection]: async (place, kind) => {
      const requests = await invoke(place.entry.command, await argsFor(place, kind), `made ${c.next()}`);
      assert.deepEqual(
        pathsOf(requests).filter((p) => p.startsWith('POST')),
        ['POST /v3/c'],
      );
    },
    [Command.createSchemaDoc]: async (place, kind) => {
      const typed = '{ "type":  "object" }';
      const requests = await invoke(place.entry.command, await argsFor(place, kind), `schema ${c.next()}`, typed);
      assert.deepEqual(
        pathsOf(requests).filter((p) => p.startsWith('POST')),
        ['POST /v3/s'],
      );
      assert.equal(requests.find((r) => r.method === 'POST')?.body, typed, 'the schema as typed');
      assert.match(activeUri() ?? '', /\/schema\//);
    },
    [Command.openSchemaDoc]: openSchemaDocCase,
    [Command.attachSchemaDoc]: attachCase,
    [Command.detachSchemaDoc]: detachCase,
    [Command.renameCollection]: renameCollectionCase,
    [Command.renameSchemaDoc]: renameSchemaDocCase,
  };
}
