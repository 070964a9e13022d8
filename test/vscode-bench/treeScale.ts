/**
 * The tree at scale: its first level, and "Bins in no collection" expanded (remembered bins, then
 * the service's uncategorized page), for 100 to 100,000 remembered bins. Each figure is the median
 * of a few runs, each with a fresh tree and a fresh `RememberedBins`, as in a new session: the
 * first expansion takes the list from the state; the second is timed apart. The extension's
 * `jsonbin.apiUrl` must be `baseUrl`.
 */
import * as vscode from 'vscode';
import type { BinService } from '../service/server';
import { Connection } from '../../src/extension/accounts/connection';
import { KeyStore } from '../../src/extension/accounts/keyStore';
import { BINS_PER_PAGE } from '../../src/core/api';
import { StateKey } from '../../src/core/api/stateKeys';
import { BinCollections } from '../../src/core/store/binCollections';
import { SchemaDocs } from '../../src/core/schema/schemaDocs';
import { Validation } from '../../src/core/schema/validation';
import { WORKER } from '../support/workerScript';
import { BinsTree } from '../../src/extension/features/tree/binsTree';
import { AccountNode, REMEMBERED_PER_PAGE, type Node } from '../../src/extension/features/tree/nodes';
import type { AccountInfo } from '../../src/extension/accounts/accountList';
import { RememberedBins, type RememberedBin } from '../../src/core/store/rememberedBins';
import type { StoredBins } from '../../src/core/store/rememberedIndex';
import { MemoryMemento, MemorySecrets } from './memory';

const COUNTS = [100, 1_000, 10_000, 100_000];
const RUNS = 5;

export async function benchTreeScale(
  service: BinService,
  baseUrl: string,
  accountKey: string,
): Promise<{ counts: number[]; firstListMs: number[]; listMs: number[]; firstLevelMs: number[] }> {
  // A full listing page and more: the expansion shows a page of the service's bins and its "Load more".
  const account = service.store.accountByKey(accountKey);
  if (!account) {
    throw new Error('no account of the service has this key');
  }
  for (let i = 0; i <= BINS_PER_PAGE; i++) service.store.createBin(account, { i }, { name: `uncategorized ${i}`, private: true });
  const keys = new KeyStore(new MemorySecrets(), () => baseUrl);
  await keys.set(accountKey);
  const log = vscode.window.createOutputChannel('JSONBin tree scale', { log: true });
  // One connection for all counts: only the first request of all pays for opening a socket.
  const info = (): AccountInfo => ({ id: '', name: 'Default', keyKind: 'master' });
  const connection = new Connection({ info, apiUrl: () => baseUrl, scope: () => baseUrl }, keys, new BinCollections(new MemoryMemento(), () => baseUrl), log);
  const root = new AccountNode(
    info,
    () => baseUrl,
    () => true,
    async () => [],
  );
  // The rows alone are timed: no record is read or written, so none is marked a definition.
  const quiet = () => ({ dispose: () => undefined });
  const NO_RECORDS = { onDidReadRecord: quiet, onDidStoreRecord: quiet, onDidChangeBins: quiet };
  const result = { counts: COUNTS, firstListMs: [] as number[], listMs: [] as number[], firstLevelMs: [] as number[] };
  for (const count of COUNTS) {
    const memento = new MemoryMemento();
    await memento.update(StateKey.bins, { [baseUrl]: rememberedBins(count) });
    const runs: { firstListMs: number; firstLevelMs: number; listMs: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      // As in a new session: the list is taken from the state by the first expansion, which is timed with it.
      const remembered = new RememberedBins(memento, () => baseUrl);
      const tree = new BinsTree(connection, remembered, new SchemaDocs(() => connection.client, new Validation(WORKER)), root, NO_RECORDS);
      const [roots, firstLevelMs] = await time(() => list(tree));
      const [rows, firstListMs] = await time(() => list(tree, roots[1]));
      const [, listMs] = await time(() => list(tree, roots[1]));
      tree.dispose();
      // Remembered rows and their "more" row, then the service's page and its "Load more".
      const expected = Math.min(count, REMEMBERED_PER_PAGE) + (count > REMEMBERED_PER_PAGE ? 1 : 0) + BINS_PER_PAGE + 1;
      if (rows.length !== expected) {
        throw new Error(`${count} remembered bins: ${rows.length} rows listed, ${expected} expected`);
      }
      runs.push({ firstListMs, firstLevelMs, listMs });
    }
    result.firstListMs.push(median(runs.map((r) => r.firstListMs)));
    result.firstLevelMs.push(median(runs.map((r) => r.firstLevelMs)));
    result.listMs.push(median(runs.map((r) => r.listMs)));
  }
  connection.dispose();
  log.dispose();
  keys.dispose();
  return result;
}

/** Bins as the extension stores them (ids in order, bins by id), most recently remembered first; none exists on the service. */
function rememberedBins(count: number): StoredBins {
  const bins: RememberedBin[] = Array.from({ length: count }, (_, i) => ({
    id: i.toString(16).padStart(24, '0'),
    name: `Remembered bin ${i}`,
    private: i % 3 !== 0,
    createdAt: new Date(1_700_000_000_000 + i * 1000).toISOString(),
  }));
  return { order: bins.map((b) => b.id), bins: Object.fromEntries(bins.map((b) => [b.id, b])) };
}

/** A node's children and their items, as the view shows them. */
async function list(tree: BinsTree, node?: Node): Promise<Node[]> {
  const nodes = await tree.getChildren(node);
  nodes.forEach((n) => n.treeItem());
  return nodes;
}

async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await fn();
  return [value, performance.now() - start];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
