/**
 * Every operation of the service client: how it is called, the well-formed answer the contract
 * documents for it (from which malformed ones are made), and the shape it must resolve with.
 */
import type { BinClient } from '../../src/core/api';

const ID = '6568bcfe0eb8b34c5fa6e2a1';
const AT = '2026-11-25T10:00:00.000Z';

type Check = (value: unknown) => boolean;

export interface Operation {
  name: string;
  /** It carries a record: resolving means the service stored it. */
  writesRecord: boolean;
  /** It changes something on the service: an answer of success that cannot be read means it may have been done. */
  changes: boolean;
  /** It reads a record (the answer's `record`): it resolves only with the record the service sent. */
  readsRecord?: boolean;
  call(client: BinClient): Promise<unknown>;
  sample: unknown;
  shape: Check;
}

const object = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const string = (v: unknown) => typeof v === 'string';
const optional = (check: Check) => (v: unknown) => v === undefined || check(v);
const boolean = (v: unknown) => typeof v === 'boolean';
/** A record as the service stores it: any JSON value but nothing (`undefined`). */
const record = (v: unknown) => v !== undefined;
const count = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
const bin = (v: unknown): v is { record: unknown; metadata: Record<string, unknown> } => object(v) && record(v.record) && object(v.metadata);
/** A read of bin ID: the id asked for, its privacy as true or false, the optional fields as text. */
const binRead = (v: unknown) =>
  bin(v) && v.metadata.id === ID && boolean(v.metadata.private) && [v.metadata.name, v.metadata.createdAt, v.metadata.collectionId].every(optional(string));
/** A schema doc with its id and name (`name` when the request sent one), its date as text. */
const schemaDoc = (id: string | undefined, name?: string) => (v: unknown) =>
  object(v) &&
  object(v.record) &&
  object(v.metadata) &&
  (id === undefined ? string(v.metadata.id) : v.metadata.id === id) &&
  (name === undefined ? string(v.metadata.name) : v.metadata.name === name) &&
  string(v.metadata.createdAt);
const deleted = (v: unknown) => object(v) && v.id === ID && count(v.versionsDeleted) && string(v.message);
const collection = (v: unknown) => object(v) && string(v.id) && string(v.name) && string(v.createdAt) && optional(string)(v.schemaDocId);
const nothing = (v: unknown) => v === undefined;

export const OPERATIONS: Operation[] = [
  {
    name: 'createBin',
    writesRecord: true,
    changes: true,
    call: (c) => c.createBin({ record: { a: 1 }, name: 'fuzzed', private: true }),
    sample: { record: { a: 1 }, metadata: { id: ID, createdAt: AT, private: true, name: 'fuzzed' } },
    shape: (v) => bin(v) && string(v.metadata.id) && boolean(v.metadata.private) && string(v.metadata.createdAt) && optional(string)(v.metadata.name),
  },
  {
    name: 'readBin',
    writesRecord: false,
    changes: false,
    readsRecord: true,
    call: (c) => c.readBin(ID),
    sample: { record: { a: 1 }, metadata: { id: ID, private: true, createdAt: AT } },
    shape: binRead,
  },
  {
    name: 'readVersion',
    writesRecord: false,
    changes: false,
    readsRecord: true,
    call: (c) => c.readBin(ID, 1),
    sample: { record: { a: 1 }, metadata: { id: ID, private: true, createdAt: AT } },
    shape: binRead,
  },
  {
    name: 'versionCount',
    writesRecord: false,
    changes: false,
    call: (c) => c.versionCount(ID),
    sample: { metadata: { id: ID, versionCount: 3, private: true } },
    shape: (v) => object(v) && v.id === ID && count(v.versionCount),
  },
  {
    name: 'updateBin',
    writesRecord: true,
    changes: true,
    call: (c) => c.updateBin(ID, { a: 2 }),
    sample: { record: { a: 2 }, metadata: { parentId: ID, private: true } },
    shape: (v) => bin(v) && v.metadata.parentId === ID && boolean(v.metadata.private),
  },
  {
    name: 'deleteBin',
    writesRecord: false,
    changes: true,
    call: (c) => c.deleteBin(ID),
    sample: { metadata: { id: ID, versionsDeleted: 2 }, message: 'Bin deleted successfully' },
    shape: deleted,
  },
  {
    name: 'deleteVersions',
    writesRecord: false,
    changes: true,
    call: (c) => c.deleteVersions(ID, { preserveLatest: true }),
    sample: {
      metadata: { id: ID, versionsDeleted: 2 },
      message: 'Versions for the Bin are deleted successfully and latest version preserved on the base record.',
    },
    shape: deleted,
  },
  {
    name: 'renameBin',
    writesRecord: false,
    changes: true,
    call: (c) => c.renameBin(ID, 'renamed'),
    sample: { message: 'Bin name updated successfully' },
    shape: nothing,
  },
  {
    name: 'setPrivacy',
    writesRecord: false,
    changes: true,
    call: (c) => c.setPrivacy(ID, false),
    sample: { message: 'Bin privacy updated successfully' },
    shape: nothing,
  },
  {
    name: 'listCollections',
    writesRecord: false,
    changes: false,
    call: (c) => c.listCollections(),
    sample: [{ record: ID, collectionMeta: { name: 'Fuzzed' }, createdAt: AT, schemaDocId: ID }],
    shape: (v) => Array.isArray(v) && v.every(collection),
  },
  {
    name: 'createCollection',
    writesRecord: false,
    changes: true,
    call: (c) => c.createCollection('Fuzzed'),
    sample: { record: ID, metadata: { createdAt: AT, name: 'Fuzzed' } },
    shape: collection,
  },
  {
    name: 'renameCollection',
    writesRecord: false,
    changes: true,
    call: (c) => c.renameCollection(ID, 'Renamed'),
    sample: { message: 'Collection name updated successfully' },
    shape: nothing,
  },
  {
    name: 'listBins',
    writesRecord: false,
    changes: false,
    call: (c) => c.listBins(ID),
    sample: [{ record: ID, snippetMeta: { name: 'fuzzed' }, private: true, createdAt: AT }],
    shape: (v) =>
      Array.isArray(v) && v.every((row) => object(row) && string(row.id) && optional(string)(row.name) && boolean(row.private) && string(row.createdAt)),
  },
  {
    name: 'readSchemaDoc',
    writesRecord: false,
    changes: false,
    readsRecord: true,
    call: (c) => c.readSchemaDoc(ID),
    sample: { record: { type: 'object' }, metadata: { id: ID, name: 'Schema', createdAt: AT } },
    shape: schemaDoc(ID),
  },
  {
    name: 'createSchemaDoc',
    writesRecord: true,
    changes: true,
    call: (c) => c.createSchemaDoc('Schema', { type: 'object' }),
    sample: { record: { type: 'object' }, metadata: { id: ID, name: 'Schema', createdAt: AT } },
    shape: schemaDoc(undefined, 'Schema'),
  },
  {
    name: 'updateSchemaDoc',
    writesRecord: true,
    changes: true,
    call: (c) => c.updateSchemaDoc(ID, { type: 'object' }, 'Schema'),
    sample: { record: { type: 'object' }, metadata: { id: ID, name: 'Schema', createdAt: AT } },
    shape: schemaDoc(ID, 'Schema'),
  },
  {
    name: 'attachSchemaDoc',
    writesRecord: false,
    changes: true,
    call: (c) => c.attachSchemaDoc(ID, ID),
    sample: { message: 'Schema Doc attached successfully' },
    shape: nothing,
  },
  {
    name: 'detachSchemaDoc',
    writesRecord: false,
    changes: true,
    call: (c) => c.detachSchemaDoc(ID),
    sample: { message: 'Schema Doc removed successfully' },
    shape: nothing,
  },
  {
    name: 'createAccessKey',
    writesRecord: false,
    changes: true,
    call: (c) => c.createAccessKey('fuzzed', { bins: { create: true, read: true, update: false, delete: false } }),
    sample: {
      accessKey: '$2a$10$fuzzedaccesskey',
      accessKeyId: ID,
      metadata: { name: 'fuzzed' },
      keyPermissions: { bins: { create: true, read: true, update: false, delete: false } },
    },
    shape: (v) =>
      object(v) &&
      string(v.key) &&
      optional(string)(v.id) &&
      object(v.permissions) &&
      object(v.permissions.bins) &&
      Object.values(v.permissions.bins).every(boolean),
  },
];
