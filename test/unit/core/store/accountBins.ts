/** An account's store and write path over the local bin service, as the extension makes them, for tests in plain Node. */
import { BinServiceError, type BinClient, type Operation } from '../../../../src/core/api';
import { BinStore } from '../../../../src/core/store/binStore';
import type { Entry } from '../../../../src/core/store/entry';
import type { SchemaDocImpact, SchemaDocSaves } from '../../../../src/core/store/schemaDocImpact';
import type { ConflictResolver, OfflineCopies, WriteSettings } from '../../../../src/core/store/ports';
import { RecordWrites } from '../../../../src/core/store/recordWrites';
import type { Resource } from '../../../../src/core/store/resource';
import { BinCollections } from '../../../../src/core/store/binCollections';
import { SchemaDocs } from '../../../../src/core/schema/schemaDocs';
import { Validation } from '../../../../src/core/schema/validation';
import { startFixture, type Fixture } from '../../../support/fixture';

import { WORKER } from '../../../support/workerScript';

/** Offline copies in memory: what the store kept, and what it was shown. */
export class CopiesInMemory implements OfflineCopies {
  readonly kept = new Map<string, Uint8Array>();
  readonly shown: string[] = [];
  keep(resource: Resource, bytes: Uint8Array | undefined): void {
    if (bytes && resource.kind === 'bin' && resource.version === undefined) {
      this.kept.set(resource.id, bytes);
    }
  }
  async read(resource: Resource, error: BinServiceError) {
    const bytes = error.kind === 'network' ? this.kept.get(resource.id) : undefined;
    return bytes && { bytes, meta: { loadedAt: 0, offline: { at: 1, reason: error.message } } };
  }
  showing(doc: string, entry: Entry): void {
    if (entry.offline) {
      this.shown.push(doc);
    }
  }
}

export interface AccountBins {
  client: BinClient;
  bins: BinStore;
  writes: RecordWrites;
  schemaDocs: SchemaDocs;
  binCollections: BinCollections;
  offline: CopiesInMemory;
  /** Operations the key is known not to be granted. */
  denied: Set<Operation>;
  settings: WriteSettings & { check: boolean; validate: boolean };
  /** Documents with unsaved edits. */
  dirty: Set<string>;
  /** What a conflict becomes, and the service texts it was asked about. */
  conflicts: { choice: Awaited<ReturnType<ConflictResolver>>; asked: string[] };
  /** Whether a schema doc's save checks its bins first, what the user decides, and what was asked. */
  impact: { enabled: boolean; saveAnyway: boolean; asked: SchemaDocImpact[]; reads: number[]; whileAsked?: () => Promise<void> };
  dispose(): void;
}

export function accountBins(f: Fixture): AccountBins {
  const memory = new Map<string, unknown>();
  const binCollections = new BinCollections(
    { get: <T>(key: string) => memory.get(key) as T | undefined, update: async (key, value) => void memory.set(key, value) },
    () => 'test',
  );
  const client = f.client(f.free, { onCollectionOf: (binId, collectionId) => binCollections.learn(binId, collectionId) });
  const validation = new Validation(WORKER);
  const schemaDocs = new SchemaDocs(() => client, validation);
  const denied = new Set<Operation>();
  const service = {
    client,
    mayDo: (operation: Operation) => {
      if (denied.has(operation)) {
        throw new BinServiceError('notPermitted', `This access key may not ${operation}`, undefined, operation);
      }
    },
    mayNotUpdate: () => denied.has('updateBin'),
  };
  const settings = { check: true, validate: true, plan: () => 'free' as const, validation: () => settings.validate, conflictCheck: () => settings.check };
  const dirty = new Set<string>();
  const offline = new CopiesInMemory();
  const conflicts: AccountBins['conflicts'] = { choice: 'cancel', asked: [] };
  const bins = new BinStore(service, schemaDocs, offline, (doc) => dirty.has(doc));
  const resolve: ConflictResolver = async (_doc, text) => {
    conflicts.asked.push(text);
    return conflicts.choice;
  };
  const impact: AccountBins['impact'] = { enabled: true, saveAnyway: false, asked: [], reads: [] };
  const saves: SchemaDocSaves = {
    enabled: () => impact.enabled,
    unsavedText: () => undefined,
    beforeReads: async (reads) => void impact.reads.push(reads),
    decide: async (found) => {
      impact.asked.push(found);
      await impact.whileAsked?.();
      return impact.saveAnyway;
    },
  };
  const writes = new RecordWrites(service, bins, schemaDocs, binCollections, settings, resolve, saves);
  return {
    client,
    bins,
    writes,
    schemaDocs,
    binCollections,
    offline,
    denied,
    settings,
    dirty,
    conflicts,
    impact,
    dispose: () => {
      bins.dispose();
      binCollections.dispose();
      void validation.dispose();
    },
  };
}

/**
 * Each test of the calling suite gets a fresh local service, an account's store and write path
 * over it, and one bin (`{ a: 1 }`, named "one"); read them through the returned object.
 */
export function eachTestWithABin(): { readonly f: Fixture; readonly a: AccountBins; readonly id: string; paths: (mark: number) => string[] } {
  const world = {} as { f: Fixture; a: AccountBins; id: string };
  beforeEach(async () => {
    world.f = await startFixture();
    world.a = accountBins(world.f);
    world.id = (await world.a.client.createBin({ record: { a: 1 }, name: 'one' })).metadata.id;
  });
  afterEach(async () => {
    world.a.dispose();
    await world.f.close();
  });
  return {
    get f() {
      return world.f;
    },
    get a() {
      return world.a;
    },
    get id() {
      return world.id;
    },
    paths: (mark) => world.f.service.requestsSince(mark).map((r) => `${r.method} ${r.path}`),
  };
}
