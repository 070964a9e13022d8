/** The local bin service's state: accounts, bins with versions, collections and schema docs. */
import { randomBytes } from 'node:crypto';
import Ajv, { type Options, type ValidateFunction } from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft04 from 'ajv-draft-04';
import draft06 from 'ajv/dist/refs/json-schema-draft-06.json';

export type Plan = 'free' | 'paid';
export const KB = 1024;
export const SIZE_LIMITS: Record<Plan, number> = { free: 500 * KB, paid: 1024 * KB };
export const MAX_VERSIONS = 1000;

export interface Account {
  id: string;
  key: string;
  plan: Plan;
  /** Requests left; every call attributed to the account spends one. */
  allowance: number;
  used: number;
}

export interface StoredBin {
  id: string;
  owner: string;
  name?: string;
  private: boolean;
  versioning: boolean;
  collectionId?: string;
  createdAt: string;
  seq: number;
  /** The base record; `versions` holds every record kept since, the last being the latest. */
  base: unknown;
  versions: unknown[];
}

export interface StoredCollection {
  id: string;
  owner: string;
  name: string;
  createdAt: string;
  schemaDocId?: string;
}

export interface StoredSchemaDoc {
  id: string;
  owner: string;
  name: string;
  createdAt: string;
  record: unknown;
  validate: ValidateFunction;
}

/** What an access key may do: only the Bins endpoints can be granted. */
export type BinAction = 'create' | 'read' | 'update' | 'delete';
export type KeyPermissions = { bins: Record<BinAction, boolean> };

export interface StoredAccessKey {
  id: string;
  key: string;
  owner: string;
  name: string;
  permissions: KeyPermissions;
}

export const newId = (): string => randomBytes(12).toString('hex');
const newKey = (): string => `$2a$10$${randomBytes(24).toString('base64url')}`;

export class Store {
  readonly accounts = new Map<string, Account>();
  readonly bins = new Map<string, StoredBin>();
  readonly collections = new Map<string, StoredCollection>();
  readonly schemaDocs = new Map<string, StoredSchemaDoc>();
  /** By the key itself, as requests name them. */
  readonly accessKeys = new Map<string, StoredAccessKey>();
  private seq = 0;

  addAccount(plan: Plan = 'free', allowance = Number.POSITIVE_INFINITY, key?: string): Account {
    const account: Account = { id: newId(), key: key ?? newKey(), plan, allowance, used: 0 };
    this.accounts.set(account.key, account);
    return account;
  }

  accountByKey(key: string | undefined): Account | undefined {
    return key === undefined ? undefined : this.accounts.get(key);
  }

  accountById(id: string): Account | undefined {
    return [...this.accounts.values()].find((a) => a.id === id);
  }

  createAccessKey(owner: Account, name: string, permissions: KeyPermissions): StoredAccessKey {
    const access: StoredAccessKey = { id: newId(), key: newKey(), owner: owner.id, name, permissions };
    this.accessKeys.set(access.key, access);
    return access;
  }

  createBin(owner: Account, record: unknown, options: { name?: string; private: boolean; collectionId?: string }): StoredBin {
    const bin: StoredBin = {
      id: newId(),
      owner: owner.id,
      name: options.name,
      private: options.private,
      // Defaults of the contract: off for private bins, on for public ones.
      versioning: !options.private,
      collectionId: options.collectionId,
      createdAt: new Date().toISOString(),
      seq: ++this.seq,
      base: record,
      versions: [],
    };
    this.bins.set(bin.id, bin);
    return bin;
  }

  latest(bin: StoredBin): unknown {
    return bin.versions.length > 0 ? bin.versions[bin.versions.length - 1] : bin.base;
  }

  /** Version 0 is the base record; 1..n are the kept versions. */
  version(bin: StoredBin, n: number): unknown {
    return n === 0 ? bin.base : bin.versions[n - 1];
  }

  update(bin: StoredBin, record: unknown): void {
    if (bin.versioning) {
      bin.versions.push(record);
      if (bin.versions.length > MAX_VERSIONS) {
        bin.versions.shift();
      }
    } else if (bin.versions.length > 0) {
      bin.versions[bin.versions.length - 1] = record;
    } else {
      bin.base = record;
    }
  }

  deleteVersions(bin: StoredBin, preserveLatest: boolean): number {
    const count = bin.versions.length;
    if (preserveLatest) {
      bin.base = this.latest(bin);
    }
    bin.versions = [];
    return count;
  }

  createCollection(owner: Account, name: string): StoredCollection {
    const collection: StoredCollection = { id: newId(), owner: owner.id, name, createdAt: new Date().toISOString() };
    this.collections.set(collection.id, collection);
    return collection;
  }

  /** Bins of one collection (or of none), newest first unless ascending; `after` is a cursor id. */
  binsPage(owner: Account, collectionId: string | undefined, order: 'ascending' | 'descending', after?: string): StoredBin[] | undefined {
    const all = [...this.bins.values()]
      .filter((b) => b.owner === owner.id && b.collectionId === collectionId)
      .sort((a, b) => (order === 'ascending' ? a.seq - b.seq : b.seq - a.seq));
    let start = 0;
    if (after !== undefined) {
      const index = all.findIndex((b) => b.id === after);
      if (index < 0) {
        return undefined;
      }
      start = index + 1;
    }
    return all.slice(start, start + 10);
  }

  /**
   * Compiles first, so a schema doc that is not a valid JSON Schema is never stored. Each schema
   * doc has its own validator, of the dialect its `$schema` names, as a hosted service keeps them.
   */
  compile(schema: unknown): ValidateFunction {
    const options: Options = { allErrors: false, strict: false };
    const given = (schema as { $schema?: unknown } | null)?.$schema;
    const declared = typeof given === 'string' ? given : '';
    const ajv = declared.includes('draft-04')
      ? new AjvDraft04(options)
      : declared.includes('2019-09')
        ? new Ajv2019(options)
        : declared.includes('2020-12')
          ? new Ajv2020(options)
          : new Ajv(options);
    if (declared.includes('draft-06')) {
      ajv.addMetaSchema(draft06);
    }
    return ajv.compile(schema as object);
  }

  createSchemaDoc(owner: Account, name: string, record: unknown, validate: ValidateFunction): StoredSchemaDoc {
    const doc: StoredSchemaDoc = { id: newId(), owner: owner.id, name, createdAt: new Date().toISOString(), record, validate };
    this.schemaDocs.set(doc.id, doc);
    return doc;
  }

  /** The first problem of a record written into a collection with a schema doc, worded `property:problem`. */
  mismatch(collectionId: string | undefined, record: unknown): string | undefined {
    const collection = collectionId ? this.collections.get(collectionId) : undefined;
    const doc = collection?.schemaDocId ? this.schemaDocs.get(collection.schemaDocId) : undefined;
    if (!doc || doc.validate(record)) {
      return undefined;
    }
    const error = doc.validate.errors![0];
    const property =
      (error.params as { missingProperty?: string; additionalProperty?: string }).missingProperty ??
      (error.params as { additionalProperty?: string }).additionalProperty ??
      (error.instancePath.split('/').filter(Boolean).join('.') || 'record');
    return `${property}:${error.message ?? 'is invalid'}`;
  }
}
