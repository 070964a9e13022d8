/**
 * Measurements that need the real VS Code runner (`npm run bench` starts it): activation time,
 * requests and module loads at activation, the tree at scale, and memory of open bins.
 * Prints one `BENCH {...}` line for the bench to read.
 */
import * as vscode from 'vscode';
import { BinService } from '../service/server';
import { KeyStore } from '../../src/account/keyStore';
import { Connection } from '../../src/account/connection';
import { BinCollections } from '../../src/schema/binCollections';
import { SchemaDocs } from '../../src/schema/schemaDocs';
import { Validation } from '../../src/schema/validation';
import { BinsTree } from '../../src/tree/binsTree';
import { RememberedBins, type RememberedBin } from '../../src/tree/rememberedBins';
import { binUri } from '../../src/fs/uris';
import type { Node } from '../../src/tree/nodes';
import { Command } from '../../src/commands/ids';
import { MemoryMemento, MemorySecrets } from './memory';

const SUITE_MARK = '[suite] ';

const heap = () => process.memoryUsage().heapUsed;
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

export async function run(): Promise<void> {
  const service = new BinService();
  const baseUrl = await service.start();
  await vscode.workspace.getConfiguration('jsonbin').update('apiUrl', baseUrl, vscode.ConfigurationTarget.Global);
  const result: Record<string, unknown> = {};

  const extension = vscode.extensions.getExtension('jsonbin-tools.jsonbin-explorer')!;
  const wasActive = extension.isActive;
  const t0 = performance.now();
  await extension.activate();
  result.activateMs = performance.now() - t0;
  result.wasActive = wasActive;
  result.requestsAtActivation = service.log.length;

  // Tree at scale: 10,000 remembered bins and 200 collections.
  const account = service.addAccount('paid');
  for (let i = 0; i < 200; i++) {
    const collection = service.store.createCollection(account, `Collection ${i}`);
    if (i === 0) {
      for (let b = 0; b < 25; b++) service.store.createBin(account, { b }, { name: `bin ${b}`, private: true, collectionId: collection.id });
    }
  }
  const secrets = new MemorySecrets();
  const keys = new KeyStore(secrets, () => baseUrl);
  await keys.set(account.key);
  const log = vscode.window.createOutputChannel('JSONBin bench', { log: true });
  const memento = new MemoryMemento();
  const connection = new Connection(keys, new BinCollections(memento, () => baseUrl), log);
  const remembered = new RememberedBins(memento, () => baseUrl);
  const bins: RememberedBin[] = Array.from({ length: 10_000 }, (_, i) => ({
    id: i.toString(16).padStart(24, '0'),
    name: `Remembered bin ${i}`,
    private: i % 3 !== 0,
    createdAt: new Date(1_700_000_000_000 + i * 1000).toISOString(),
  }));
  await memento.update(`jsonbin.bins:${baseUrl}`, bins);
  const heapBefore = heap();
  const tree = new BinsTree(connection, remembered, new SchemaDocs(() => connection.client, new Validation(require.resolve('../../src/schema/validationWorker'))));
  const time = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
    const start = performance.now();
    const value = await fn();
    return [value, performance.now() - start];
  };
  /** A node's children and their items, as the view shows them. */
  const list = (node?: Node) =>
    time(async () => {
      const nodes = await tree.getChildren(node);
      nodes.forEach((n) => tree.getTreeItem(n));
      return nodes;
    });
  const [roots, firstLevelMs] = await list();
  const [uncategorized, uncategorizedMs] = await list(roots[1]);
  const [collections, collectionsMs] = await list(roots[0]);
  const [page, pageMs] = await list(collections[0]);
  Object.assign(result, {
    firstLevelMs,
    uncategorizedMs,
    uncategorizedNodes: uncategorized.length,
    collectionsMs,
    collectionNodes: collections.length,
    pageMs,
    pageNodes: page.length,
    treeHeapMb: mb(heap() - heapBefore),
  });
  tree.dispose();
  connection.dispose();

  // 50 open bins of 500 KB each, through the extension's own file system.
  await vscode.commands.executeCommand(Command.setApiKey, account.key);
  const text = 'x'.repeat(500 * 1024 - 40);
  const ids = Array.from({ length: 50 }, (_, i) => service.store.createBin(account, { i, text }, { name: `big ${i}`, private: true }).id);
  const documents: vscode.TextDocument[] = [];
  const heapBeforeOpen = heap();
  const [, openMs] = await time(async () => {
    for (const id of ids) documents.push(await vscode.workspace.openTextDocument(binUri(id, `big-${id}`)));
  });
  Object.assign(result, { openBins: documents.length, openBinsMs: openMs, openBinsHeapMb: mb(heap() - heapBeforeOpen) });
  await service.stop();
  console.log(`${SUITE_MARK}BENCH ${JSON.stringify(result)}`);
}
