/** Data shapes of the bin service, as the client hands them to its callers. */
import type { Operation } from './errors';
import type { RecordText } from './record';
import type { TransportOptions } from './transport';

import type { Json, Plan } from './json';

export interface BinMetadata {
  id: string;
  private: boolean;
  createdAt?: string;
  name?: string;
  collectionId?: string;
}

export interface Bin {
  record: Json;
  metadata: BinMetadata;
}

export interface CreateBinInput {
  /** A value to serialize, or the user's own text to send as written. */
  record: Json | RecordText;
  name?: string;
  /** Defaults to true, as the service does. */
  private?: boolean;
  collectionId?: string;
}

export interface CreatedBin {
  record: Json;
  metadata: { id: string; createdAt: string; private: boolean; name?: string };
}

export interface UpdatedBin {
  record: Json;
  metadata: { parentId: string; private: boolean };
}

export interface DeletedBin {
  id: string;
  versionsDeleted: number;
  message: string;
}

export interface VersionCount {
  id: string;
  versionCount: number;
}

export interface Collection {
  id: string;
  name: string;
  createdAt: string;
  schemaDocId?: string;
}

/** One bin in a collection's listing page. */
export interface BinSummary {
  id: string;
  name?: string;
  private: boolean;
  createdAt: string;
}

export interface SchemaDoc {
  record: Json;
  metadata: { id: string; name: string; createdAt: string };
}

/** The listing id of the bins that are in no collection. */
export const UNCATEGORIZED = 'uncategorized';

/** Bins per page of a collection listing. */
export const BINS_PER_PAGE = 10;

/** What an access key may be granted: as of now only the Bins endpoints. */
export type BinPermission = 'create' | 'read' | 'update' | 'delete';

export interface KeyPermissions {
  bins: Record<BinPermission, boolean>;
}

/** An access key as the service answers it. `key` is a secret, as the master key is. */
export interface AccessKey {
  key: string;
  /** Its id on the service; a service may leave it out of a create's answer. */
  id?: string;
  name?: string;
  permissions: KeyPermissions;
}

/** The account's master key works everywhere; an access key only on bins, as far as it is granted. */
export type KeyKind = 'master' | 'access';

export interface ClientOptions extends TransportOptions {
  /** e.g. `https://api.jsonbin.io/v3`. */
  baseUrl: string;
  /** Asked before every request, so a key set or cleared later is used at once. */
  key?: () => string | undefined | PromiseLike<string | undefined>;
  /** What `key` gives: an access key is sent as `X-Access-Key`, never as `X-Master-Key`. Defaults to master. */
  keyKind?: KeyKind;
  /**
   * The service accepted `key` before (a stored key was checked before it was stored): from the
   * first request, a 401 on a bin can mean someone else's public bin, asked again without the key.
   */
  keyChecked?: boolean;
  /** Drives the record size check. */
  plan?: () => Plan;
  /** Told whenever an answer shows which collection a bin is in (null: in none). */
  onCollectionOf?: (binId: string, collectionId: string | null) => void;
  /** Asked just before a request is sent: throws to refuse it without sending (an exhausted allowance). */
  beforeSend?: (operation: Operation) => void;
}

/** A record to send: a value to serialize, or the user's own text to send as written. */
export type RecordInput = Json | RecordText;
