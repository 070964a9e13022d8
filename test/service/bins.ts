/** Bin routes: the contract's create, update, delete and delete versions, and the documented reads. */
import { JsonPathError, select } from './jsonPath';
import { M } from './messages';
import {
  account,
  booleanHeader,
  charge,
  fail,
  ID,
  jsonBody,
  key,
  keyHolder,
  nameHeader,
  ok,
  permit,
  requireJsonContentType,
  type Answer,
  type Context,
} from './http';
import { SIZE_LIMITS, type Account, type BinAction, type StoredBin } from './store';

export function createBin(c: Context): Answer {
  requireJsonContentType(c);
  const owner = account(c, {}, 'create');
  const record = jsonBody(c, M.blank);
  const name = nameHeader(c, 'X-Bin-Name', 128, M.binName, false);
  const collectionId = c.header('X-Collection-Id');
  if (collectionId !== undefined) {
    if (!ID.test(collectionId)) {
      fail(400, M.invalidCollectionId);
    }
    if (c.store.collections.get(collectionId)?.owner !== owner.id) {
      fail(400, M.collectionNotOwned);
    }
  }
  checkSize(c, owner, M.createTooLarge);
  const mismatch = c.store.mismatch(collectionId, record);
  if (mismatch) {
    fail(400, M.mismatch + mismatch);
  }
  const bin = c.store.createBin(owner, record, { name, private: booleanHeader(c, 'X-Bin-Private') !== false, collectionId });
  const optional = c.minimal || !name ? {} : { name };
  return ok({ record, metadata: { id: bin.id, createdAt: bin.createdAt, private: bin.private, ...optional } });
}

export function updateBin(c: Context, id: string): Answer {
  requireJsonContentType(c);
  const screened = screenAccessKey(c, 'update');
  const bin = findBin(c, id, M.binNotFound);
  const given = key(c);
  const versioning = booleanHeader(c, 'X-Bin-Versioning');
  // A public bin is updated without a key, but only its owner may change its versioning.
  const payer =
    given === undefined && (bin.private || versioning !== undefined)
      ? fail(401, M.updateMissingKey)
      : given === undefined
        ? charge(c.store.accountById(bin.owner)!)
        : owner(c, bin, M.updateInvalidKey, 'update', screened);
  const record = jsonBody(c, M.blank);
  checkSize(c, payer, M.updateTooLarge);
  if (versioning === true && payer.plan === 'free') {
    fail(403, M.versioningFree);
  }
  const mismatch = c.store.mismatch(bin.collectionId, record);
  if (mismatch) {
    fail(400, M.mismatch + mismatch);
  }
  if (versioning !== undefined) {
    bin.versioning = versioning;
  }
  c.store.update(bin, record);
  return ok({ record, metadata: { parentId: bin.id, private: bin.private } });
}

export function deleteBin(c: Context, id: string, versionsOnly: boolean): Answer {
  const given = key(c);
  if (given === undefined) {
    fail(401, M.missingKey);
  }
  const screened = screenAccessKey(c, 'delete');
  if (!ID.test(id)) {
    fail(400, M.invalidBinId);
  }
  const caller = screened ?? account(c, {}, 'delete');
  const bin = c.store.bins.get(id);
  if (!bin || bin.owner !== caller.id) {
    fail(401, M.binNotOwned);
  }
  if (versionsOnly) {
    const versionsDeleted = c.store.deleteVersions(bin, booleanHeader(c, 'X-Preserve-Latest') === true);
    return ok({ metadata: { id, versionsDeleted }, message: M.versionsDeleted });
  }
  c.store.bins.delete(id);
  return ok({ metadata: { id, versionsDeleted: bin.versions.length }, message: M.binDeleted });
}

/** GET /b/<id>, /b/<id>/latest and /b/<id>/<version>; `X-JSON-Path` answers the selected values as the record. */
export function readBin(c: Context, id: string, which: string | undefined): Answer {
  const screened = screenAccessKey(c, 'read');
  const bin = findBin(c, id, M.binNotOwned);
  readerPays(c, bin, screened);
  let record: unknown;
  if (which === undefined || which === 'latest') {
    record = c.store.latest(bin);
  } else {
    const n = /^\d+$/.test(which) ? Number(which) : -1;
    if (n < 0 || n > bin.versions.length) {
      fail(404, M.versionNotFound);
    }
    record = c.store.version(bin, n);
  }
  const path = c.plainReads ? undefined : c.header('X-JSON-Path');
  if (path !== undefined) {
    try {
      record = select(record, path);
    } catch (error) {
      if (!(error instanceof JsonPathError)) {
        throw error;
      }
      fail(400, M.invalidJsonPath + error.message);
    }
  }
  if (c.header('X-Bin-Meta') === 'false' && !c.plainReads) {
    return ok(record);
  }
  return ok({ record, metadata: c.minimal ? { id: bin.id, private: bin.private } : binMetadata(bin) });
}

export function versionCount(c: Context, id: string): Answer {
  const screened = screenAccessKey(c, 'read');
  const bin = findBin(c, id, M.binNotOwned);
  readerPays(c, bin, screened);
  return ok({ metadata: { id: bin.id, versionCount: bin.versions.length, private: bin.private } });
}

export function updateMeta(c: Context, id: string, field: string): Answer {
  const caller = account(c, {}, 'update');
  const bin = findBin(c, id, M.binNotOwned);
  if (bin.owner !== caller.id) {
    fail(401, M.readInvalidKey);
  }
  if (field === 'name') {
    bin.name = nameHeader(c, 'X-Bin-Name', 128, M.binName, true);
    return ok({ record: bin.id, metadata: { name: bin.name } });
  }
  const value = c.header('X-Bin-Private');
  if (value !== 'true' && value !== 'false') {
    fail(400, M.privacyHeader);
  }
  bin.private = value === 'true';
  return ok({ record: bin.id, metadata: { private: bin.private } });
}

export function binMetadata(bin: StoredBin): Record<string, unknown> {
  return {
    id: bin.id,
    private: bin.private,
    createdAt: bin.createdAt,
    ...(bin.name ? { name: bin.name } : {}),
    ...(bin.collectionId ? { collectionId: bin.collectionId } : {}),
  };
}

function findBin(c: Context, id: string, notFound: string): StoredBin {
  if (!ID.test(id)) {
    fail(400, M.invalidBinId);
  }
  const bin = c.store.bins.get(id);
  if (!bin) {
    fail(404, notFound);
  }
  return bin;
}

/**
 * An access key is checked, and charged, before the bin is looked up, so that a key not granted
 * `action` learns nothing of which bins exist, and any bin id tells whether a key is valid.
 * Undefined unless the request carried an access key alone (the master key wins when both are sent).
 */
function screenAccessKey(c: Context, action: BinAction): Account | undefined {
  if (c.header('X-Master-Key') !== undefined || c.header('X-Access-Key') === undefined) {
    return undefined;
  }
  return permit(keyHolder(c)!, action, M.missingKey);
}

/** The caller, who must own the bin; `screened` is an access key's account already checked and charged. */
function owner(c: Context, bin: StoredBin, invalid: string, action: BinAction, screened: Account | undefined): Account {
  let caller = screened;
  if (!caller) {
    const holder = keyHolder(c);
    if (!holder) {
      fail(401, invalid);
    }
    // Every call of an account spends its allowance, even one refused for not owning the bin.
    caller = permit(holder, action, invalid);
  }
  if (caller.id !== bin.owner) {
    fail(401, invalid);
  }
  return caller;
}

/** A public bin is read without a key at its owner's expense; with a key, only the owner's is accepted. */
function readerPays(c: Context, bin: StoredBin, screened: Account | undefined): void {
  if (key(c) === undefined) {
    if (bin.private) {
      fail(401, M.readMissingKey);
    }
    charge(c.store.accountById(bin.owner)!);
    return;
  }
  // The key must belong to the owner, even for a public bin (contract, section 5.4).
  owner(c, bin, M.readInvalidKey, 'read', screened);
}

function checkSize(c: Context, payer: Account, freeMessage: string): void {
  const bytes = Buffer.byteLength(c.body, 'utf8');
  if (bytes > SIZE_LIMITS[payer.plan]) {
    fail(403, payer.plan === 'free' ? freeMessage : M.paidTooLarge);
  }
}
