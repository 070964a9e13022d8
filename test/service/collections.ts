/** Collection and schema doc routes. */
import { M } from './messages';
import { account, fail, ID, jsonBody, nameHeader, ok, requireJsonContentType, type Answer, type Context } from './http';
import type { Account, StoredCollection, StoredSchemaDoc } from './store';

export function listCollections(c: Context): Answer {
  const caller = account(c);
  const rows = [...c.store.collections.values()]
    .filter((col) => col.owner === caller.id)
    .map((col) => ({
      record: col.id,
      collectionMeta: { name: col.name },
      ...(col.schemaDocId ? { schemaDocId: col.schemaDocId } : {}),
      createdAt: col.createdAt,
    }));
  return ok(rows);
}

export function createCollection(c: Context): Answer {
  const caller = account(c);
  const name = nameHeader(c, 'X-Collection-Name', 32, M.collectionName, true)!;
  const collection = c.store.createCollection(caller, name);
  return ok({ record: collection.id, metadata: { createdAt: collection.createdAt, name } });
}

/** PUT /c/<id>/meta/name: the key first, then the collection, then the name, as creating one checks it. */
export function renameCollection(c: Context, collectionId: string): Answer {
  const caller = account(c);
  const collection = ownedCollection(c, caller, collectionId);
  collection.name = nameHeader(c, 'X-Collection-Name', 32, M.collectionName, true)!;
  return ok({ record: collection.id, metadata: { name: collection.name } });
}

/** GET /c/<id>/bins[/<lastBinId>], with `uncategorized` for the bins in no collection. */
export function listBins(c: Context, collectionId: string, after: string | undefined): Answer {
  const caller = account(c);
  if (collectionId !== 'uncategorized') {
    ownedCollection(c, caller, collectionId);
  }
  if (after !== undefined && !ID.test(after)) {
    fail(400, M.invalidBinId);
  }
  const order = c.header('X-Sort-Order') === 'ascending' ? 'ascending' : 'descending';
  const page = c.store.binsPage(caller, collectionId === 'uncategorized' ? undefined : collectionId, order, after);
  if (!page) {
    fail(404, M.binNotOwned);
  }
  return ok(page.map((b) => ({ record: b.id, snippetMeta: b.name && !c.minimal ? { name: b.name } : {}, private: b.private, createdAt: b.createdAt })));
}

export function attachSchemaDoc(c: Context, collectionId: string, action: string): Answer {
  const caller = account(c);
  const collection = ownedCollection(c, caller, collectionId);
  if (action === 'add') {
    const schemaDocId = c.header('X-Schema-Doc-Id');
    if (schemaDocId === undefined || !ID.test(schemaDocId)) {
      fail(400, M.schemaIdHeader);
    }
    ownedSchemaDoc(c, caller, schemaDocId);
    collection.schemaDocId = schemaDocId;
  } else {
    delete collection.schemaDocId;
  }
  return ok({
    collectionName: collection.name,
    schemaDocId: collection.schemaDocId ?? null,
    metadata: { id: collection.id, createdAt: collection.createdAt },
  });
}

export function readSchemaDoc(c: Context, id: string): Answer {
  const caller = account(c);
  return ok(schemaDocBody(ownedSchemaDoc(c, caller, id)));
}

export function createSchemaDoc(c: Context): Answer {
  requireJsonContentType(c);
  const caller = account(c);
  const name = nameHeader(c, 'X-Schema-Doc-Name', 32, M.schemaName, true)!;
  const record = jsonBody(c, M.schemaEmpty);
  const doc = c.store.createSchemaDoc(caller, name, record, compile(c, record));
  return ok(schemaDocBody(doc));
}

export function updateSchemaDoc(c: Context, id: string): Answer {
  requireJsonContentType(c);
  const caller = account(c);
  const doc = ownedSchemaDoc(c, caller, id);
  const record = jsonBody(c, M.schemaEmpty);
  const name = nameHeader(c, 'X-Schema-Doc-Name', 32, M.schemaName, false);
  doc.validate = compile(c, record);
  doc.record = record;
  if (name) {
    doc.name = name;
  }
  return ok(schemaDocBody(doc));
}

function compile(c: Context, record: unknown) {
  try {
    return c.store.compile(record);
  } catch (error) {
    fail(400, M.schemaInvalid + (error as Error).message);
  }
}

function schemaDocBody(doc: StoredSchemaDoc) {
  return { record: doc.record, metadata: { id: doc.id, name: doc.name, createdAt: doc.createdAt } };
}

function ownedCollection(c: Context, caller: Account, id: string): StoredCollection {
  const collection = ID.test(id) ? c.store.collections.get(id) : undefined;
  if (!collection || collection.owner !== caller.id) {
    fail(400, M.collectionNotFound);
  }
  return collection;
}

function ownedSchemaDoc(c: Context, caller: Account, id: string): StoredSchemaDoc {
  if (!ID.test(id)) {
    fail(400, M.invalidSchemaId);
  }
  const doc = c.store.schemaDocs.get(id);
  if (!doc || doc.owner !== caller.id) {
    fail(404, M.schemaNotFound);
  }
  return doc;
}
