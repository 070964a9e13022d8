/** The bin service client: one typed method per operation, no `vscode` import. */
import * as l10n from '@vscode/l10n';
import { checkId, checkName, checkVersion, MAX_BIN_NAME, MAX_SHORT_NAME, recordBody } from './checks';
import { binRows, createdBin, deleted, isObject, readBin, schemaDocOf, text, updatedBin, versionCount, type RawCollection } from './answers';
import { Calls } from './calls';
import { BinServiceError, shaped } from './errors';
import { heldAsServed, type Served } from './record';
import {
  UNCATEGORIZED,
  type AccessKey,
  type KeyPermissions,
  type Bin,
  type RecordInput,
  type BinSummary,
  type Collection,
  type CreateBinInput,
  type CreatedBin,
  type DeletedBin,
  type SchemaDoc,
  type UpdatedBin,
  type VersionCount,
} from './types';

export class BinClient extends Calls {
  async createBin(input: CreateBinInput): Promise<CreatedBin> {
    const headers: Record<string, string> = {};
    if (input.name !== undefined) {
      headers['X-Bin-Name'] = checkName(input.name, MAX_BIN_NAME, 'X-Bin-Name');
    }
    if (input.private !== undefined) {
      headers['X-Bin-Private'] = String(input.private);
    }
    if (input.collectionId !== undefined) {
      headers['X-Collection-Id'] = checkId(input.collectionId, 'X-Collection-Id');
    }
    const body = recordBody(input.record, this.plan);
    const created = createdBin(await this.call({ operation: 'createBin', method: 'POST', path: '/b', key: 'required', headers, body }), input.name);
    this.options.onCollectionOf?.(created.metadata.id, input.collectionId ?? null);
    return created;
  }

  /**
   * The latest record, or a given version: 0 is the base record, 1 to the count the kept versions.
   * A record holding a number JavaScript cannot hold as served is refused (`UnheldNumber`, which
   * carries its text as served: `readAsShown` shows that).
   */
  async readBin(id: string, version?: number): Promise<Bin> {
    const options = { keepText: true };
    const served =
      version === undefined ? await this.readLatest<Served<unknown>>(id, options) : await this.read<Served<unknown>>(id, `/${checkVersion(version)}`, options);
    const bin = readBin(served.value, id);
    if (typeof bin.metadata.collectionId === 'string') {
      this.options.onCollectionOf?.(id, bin.metadata.collectionId);
    }
    return heldAsServed(served, bin, 'record', 'readBin');
  }

  async versionCount(id: string): Promise<VersionCount> {
    const path = `/b/${checkId(id, 'Bin Id')}/versions/count`;
    return versionCount(await this.call({ operation: 'versionCount', method: 'GET', path, key: 'ifGiven', binId: id }), id);
  }

  /** `versioning` sets `X-Bin-Versioning`; leave it undefined to keep the bin's setting. */
  async updateBin(id: string, record: RecordInput, options: { versioning?: boolean } = {}): Promise<UpdatedBin> {
    const path = `/b/${checkId(id, 'Bin Id')}`;
    const headers: Record<string, string> = {};
    if (options.versioning !== undefined) {
      headers['X-Bin-Versioning'] = String(options.versioning);
    }
    const body = recordBody(record, this.plan);
    return updatedBin(await this.call({ operation: 'updateBin', method: 'PUT', path, key: 'ifGiven', binId: id, headers, body }), id);
  }

  async deleteBin(id: string): Promise<DeletedBin> {
    const path = `/b/${checkId(id, 'Bin Id')}`;
    return deleted(await this.call({ operation: 'deleteBin', method: 'DELETE', path, key: 'required' }), id, 'deleteBin');
  }

  async deleteVersions(id: string, options: { preserveLatest?: boolean } = {}): Promise<DeletedBin> {
    const headers: Record<string, string> = {};
    if (options.preserveLatest !== undefined) {
      headers['X-Preserve-Latest'] = String(options.preserveLatest);
    }
    const path = `/b/${checkId(id, 'Bin Id')}/versions`;
    return deleted(await this.call({ operation: 'deleteVersions', method: 'DELETE', path, key: 'required', headers }), id, 'deleteVersions');
  }

  async renameBin(id: string, name: string): Promise<void> {
    const headers = { 'X-Bin-Name': checkName(name, MAX_BIN_NAME, 'X-Bin-Name') };
    const path = `/b/${checkId(id, 'Bin Id')}/meta/name`;
    await this.call({ operation: 'renameBin', method: 'PUT', path, key: 'required', headers });
  }

  async setPrivacy(id: string, isPrivate: boolean): Promise<void> {
    const path = `/b/${checkId(id, 'Bin Id')}/meta/privacy`;
    await this.call({ operation: 'setPrivacy', method: 'PUT', path, key: 'required', headers: { 'X-Bin-Private': String(isPrivate) } });
  }

  async listCollections(): Promise<Collection[]> {
    const rows = await this.call<RawCollection[]>({ operation: 'listCollections', method: 'GET', path: '/c', key: 'master' });
    return shaped(rows, (a) => Array.isArray(a) && a.every((row) => typeof row?.record === 'string'), 'a list of collections', 'listCollections').map(
      (row) => ({
        id: row.record,
        name: text(row.collectionMeta?.name) ?? row.record,
        createdAt: text(row.createdAt) ?? '',
        ...(text(row.schemaDocId) ? { schemaDocId: row.schemaDocId } : {}),
      }),
    );
  }

  async createCollection(name: string): Promise<Collection> {
    const headers = { 'X-Collection-Name': checkName(name, MAX_SHORT_NAME, 'X-Collection-Name') };
    const answer = await this.call<{ record: string; metadata: { createdAt: string; name: string } }>({
      operation: 'createCollection',
      method: 'POST',
      path: '/c',
      key: 'master',
      headers,
    });
    shaped(answer, (a) => typeof a.record === 'string' && isObject(a.metadata), 'the new collection id', 'createCollection');
    return { id: answer.record, name: text(answer.metadata.name) ?? name, createdAt: text(answer.metadata.createdAt) ?? '' };
  }

  /** `PUT /c/<id>/meta/name`: beyond the contract, documented by the hosted service. */
  async renameCollection(id: string, name: string): Promise<void> {
    const headers = { 'X-Collection-Name': checkName(name, MAX_SHORT_NAME, 'X-Collection-Name') };
    const path = `/c/${checkId(id, 'Collection Id')}/meta/name`;
    await this.call({ operation: 'renameCollection', method: 'PUT', path, key: 'master', headers });
  }

  /** One page (10 bins) of a collection, or of the bins in no collection; `after` is the last id of the previous page. */
  async listBins(collectionId: string, after?: string, order: 'ascending' | 'descending' = 'descending'): Promise<BinSummary[]> {
    const collection = collectionId === UNCATEGORIZED ? UNCATEGORIZED : checkId(collectionId, 'Collection Id');
    const cursor = after === undefined ? '' : `/${checkId(after, 'Bin Id')}`;
    const rows = binRows(
      await this.call({ operation: 'listBins', method: 'GET', path: `/c/${collection}/bins${cursor}`, key: 'master', headers: { 'X-Sort-Order': order } }),
    );
    for (const row of rows) {
      this.options.onCollectionOf?.(row.id, collection === UNCATEGORIZED ? null : collection);
    }
    return rows;
  }

  /** A schema doc holding a number JavaScript cannot hold as served is refused, as a bin's read is. */
  async readSchemaDoc(id: string): Promise<SchemaDoc> {
    const served = await this.call<Served<unknown>>({
      operation: 'readSchemaDoc',
      method: 'GET',
      path: `/s/${checkId(id, 'Schema Id')}`,
      key: 'master',
      keepText: true,
    });
    return heldAsServed(served, schemaDocOf(served.value, 'readSchemaDoc', { id }), 'record', 'readSchemaDoc');
  }

  async createSchemaDoc(name: string, schema: RecordInput): Promise<SchemaDoc> {
    const headers = { 'X-Schema-Doc-Name': checkName(name, MAX_SHORT_NAME, 'X-Schema-Doc-Name') };
    const body = recordBody(schema, this.plan, l10n.t('Schema Doc cannot be empty'));
    const answer = await this.call({ operation: 'createSchemaDoc', method: 'POST', path: '/s', key: 'master', headers, body });
    return schemaDocOf(answer, 'createSchemaDoc', { name });
  }

  async updateSchemaDoc(id: string, schema: RecordInput, name: string): Promise<SchemaDoc> {
    const path = `/s/${checkId(id, 'Schema Id')}`;
    const headers = { 'X-Schema-Doc-Name': checkName(name, MAX_SHORT_NAME, 'X-Schema-Doc-Name') };
    const body = recordBody(schema, this.plan, l10n.t('Schema Doc cannot be empty'));
    const answer = await this.call({ operation: 'updateSchemaDoc', method: 'PUT', path, key: 'master', headers, body });
    return schemaDocOf(answer, 'updateSchemaDoc', { id, name });
  }

  async attachSchemaDoc(collectionId: string, schemaDocId: string): Promise<void> {
    const path = `/c/${checkId(collectionId, 'Collection Id')}/schemadoc/add`;
    const headers = { 'X-Schema-Doc-Id': checkId(schemaDocId, 'Schema Id') };
    await this.call({ operation: 'attachSchemaDoc', method: 'PUT', path, key: 'master', headers });
  }

  async detachSchemaDoc(collectionId: string): Promise<void> {
    const path = `/c/${checkId(collectionId, 'Collection Id')}/schemadoc/remove`;
    await this.call({ operation: 'detachSchemaDoc', method: 'PUT', path, key: 'master' });
  }

  /** The answer carries the new key, a secret like the master key. */
  async createAccessKey(name: string, permissions: KeyPermissions): Promise<AccessKey> {
    const keys = await import('./accessKeys.js');
    const request = keys.createRequest(name, permissions);
    return keys.createdAccessKey(await this.call({ operation: 'createAccessKey', method: 'POST', path: '/a', key: 'master', ...request }), name, permissions);
  }

  /**
   * The latest record's answer as the service sent it (JSON bytes), not parsed here: Validate
   * Collection hands it to the validation worker, off the extension host's thread. Nothing is learned from it.
   */
  readServed(id: string): Promise<Uint8Array> {
    return this.readLatest<Uint8Array>(id, { served: true });
  }

  /**
   * `GET /b/<id>/latest`, or `/b/<id>`, which reads the latest record too, on services that lack
   * the `/latest` route; `headers` ask for a part of it (see `partialReads.ts`).
   */
  readLatest<T>(id: string, options: ReadOptions = {}): Promise<T> {
    return this.read<T>(id, this.shared.latest, options).catch((error: unknown) => {
      if (this.shared.latest === '' || !(error instanceof BinServiceError && error.kind === 'unsupported')) {
        throw error;
      }
      this.shared.latest = '';
      return this.read<T>(id, '', options);
    });
  }

  private read<T>(id: string, segment: string, { headers, served, keepText }: ReadOptions = {}): Promise<T> {
    return this.call<T>({
      operation: 'readBin',
      method: 'GET',
      path: `/b/${checkId(id, 'Bin Id')}${segment}`,
      key: 'ifGiven',
      binId: id,
      headers,
      served,
      keepText,
    });
  }
}

/** How a read asks: `headers` for a part of the record, `served` for the answer's bytes unparsed, `keepText` for its value and text. */
interface ReadOptions {
  headers?: Record<string, string>;
  served?: boolean;
  keepText?: boolean;
}
