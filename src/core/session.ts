/**
 * An account without VS Code: what `src/extension/accountParts.ts` makes for an account, minus
 * the editor (no tree, no tabs, no offline copies, no settings, nothing kept after the process
 * ends). The command line and the MCP server each open one from a key given by their user; every
 * write goes through the same write path as a save in the editor (`RecordWrites`).
 */
import { BinClient, goesDirect, HOSTED_API_URL, normalizeBaseUrl, parseBaseUrl, RequestCounter, type KeyKind, type Plan } from './api';
import { accountScope, type Memory } from './api/stateKeys';
import { InProcessValidation } from './schema/inProcessValidation';
import { SchemaDocs } from './schema/schemaDocs';
import type { Validates } from './schema/validation';
import { BinCollections } from './store/binCollections';
import { BinStore } from './store/binStore';
import type { ConflictResolver, OfflineCopies, Service } from './store/ports';
import { RecordWrites } from './store/recordWrites';
import { RememberedBins } from './store/rememberedBins';

export interface SessionOptions {
  /** The service, e.g. `https://api.jsonbin.io/v3` (the default). */
  apiUrl?: string;
  key: string;
  keyKind: KeyKind;
  /** The plan whose record size the checks allow; `free` unless told. */
  plan?: Plan;
  /**
   * What a write does when the bin changed on the service since it was read. With no one to ask,
   * the default refuses: nothing someone else saved is overwritten.
   */
  resolveConflict?: ConflictResolver;
  /** An http(s) proxy; loopback and `noProxy` hosts go direct. */
  proxyUrl?: string;
  noProxy?: readonly string[];
  timeoutMs?: number;
  /** The checks' validator; in-process unless given (see `inProcessValidation.ts`). */
  validation?: Validates;
}

export interface Session {
  readonly apiUrl: string;
  readonly keyKind: KeyKind;
  readonly client: BinClient;
  readonly service: Service;
  readonly bins: BinStore;
  /** The write path: every write that carries a record goes through it. */
  readonly writes: RecordWrites;
  readonly schemaDocs: SchemaDocs;
  readonly binCollections: BinCollections;
  readonly remembered: RememberedBins;
  /** Requests sent so far, as the transport reported them (`counts`): never summed by hand. */
  requests(): number;
  dispose(): Promise<void>;
}

/** A refusal of every conflict: there is no one to ask. */
export const refuseConflicts: ConflictResolver = async () => 'cancel';

/** Nothing is kept for reading offline: the process ends with the command. */
const noOfflineCopies: OfflineCopies = {
  keep: () => undefined,
  read: async () => undefined,
  showing: () => undefined,
};

/** State kept for the process alone (which collection each bin is in, bins seen): a Map. */
function memoryOfProcess(): Memory {
  const values = new Map<string, unknown>();
  return { get: <T>(key: string) => values.get(key) as T | undefined, update: async (key, value) => void values.set(key, value) };
}

export function openSession(options: SessionOptions): Session {
  const apiUrl = normalizeBaseUrl(options.apiUrl ?? HOSTED_API_URL);
  const plan = options.plan ?? 'free';
  const scope = () => accountScope(apiUrl, '');
  const memory = memoryOfProcess();
  const binCollections = new BinCollections(memory, scope);
  const remembered = new RememberedBins(memory, scope);
  // Counted where requests are sent: the transport reports each attempt (`onRequest`).
  const counter = new RequestCounter(apiUrl);
  const client = new BinClient({
    baseUrl: apiUrl,
    key: () => options.key,
    keyKind: options.keyKind,
    plan: () => plan,
    timeoutMs: options.timeoutMs,
    proxyUrl: proxyFor(apiUrl, options),
    onCollectionOf: (binId, collectionId) => binCollections.learn(binId, collectionId),
    // After "Requests exhausted", nothing more is sent in this process.
    beforeSend: (operation) => counter.check(operation),
    onRequest: (entry) => counter.record(entry),
  });
  // An access key's grants are not known without asking; the service refuses what it may not do,
  // and the client refuses, sending nothing, what only a master key may do.
  const service: Service = { client, mayDo: () => undefined, mayNotUpdate: () => false };
  const validation = options.validation ?? new InProcessValidation();
  const schemaDocs = new SchemaDocs(
    () => client,
    validation,
    () => options.keyKind === 'master',
  );
  // No document has unsaved edits: there are no documents.
  const bins = new BinStore(service, schemaDocs, noOfflineCopies, () => false);
  const settings = { plan: () => plan, validation: () => true, conflictCheck: () => true };
  const writes = new RecordWrites(service, bins, schemaDocs, binCollections, settings, options.resolveConflict ?? refuseConflicts);
  return {
    apiUrl,
    keyKind: options.keyKind,
    client,
    service,
    bins,
    writes,
    schemaDocs,
    binCollections,
    remembered,
    requests: () => counter.window.total,
    dispose: async () => {
      bins.dispose();
      binCollections.dispose();
      remembered.dispose();
      counter.dispose();
      await Promise.all([client.close(), validation.dispose()]);
    },
  };
}

function proxyFor(apiUrl: string, options: SessionOptions): string | undefined {
  return options.proxyUrl && !goesDirect(parseBaseUrl(apiUrl), options.noProxy ?? []) ? options.proxyUrl : undefined;
}
