/**
 * Measurements that need the real VS Code runner (`npm run bench` starts it): module load and
 * activation (and an empty extension's), requests at activation, edit to diagnostics, memory of open bins, Open as Table on
 * 1,000 bins and the tree at scale. `JSONBIN_BENCH_PARTS` (activation,editing,memory,table,tree)
 * picks some; activation is always measured, as it comes first. Prints one `BENCH {...}` line for the bench to read.
 */
import * as vscode from 'vscode';
import { join } from 'node:path';
import { BinService } from '../service/server';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { measureActivation, measureEmptyActivation, settled } from './activation';
import { measureEditing } from './editing';
import { measureOpenBins } from './openBins';
import { benchTreeScale } from './treeScale';
import { measureTable } from './tableOpen';

const SUITE_MARK = '[suite] ';
/** The first level of the tree is measured with an account of this many collections. */
const COLLECTIONS = 200;

/** The parts asked for, all by default. */
const parts = new Set((process.env.JSONBIN_BENCH_PARTS ?? 'activation,editing,memory,table,tree').split(','));

export async function run(): Promise<void> {
  const service = new BinService();
  const baseUrl = await service.start();
  await vscode.workspace.getConfiguration('jsonbin').update('apiUrl', baseUrl, vscode.ConfigurationTarget.Global);
  const result: Record<string, unknown> = {};

  const extension = vscode.extensions.getExtension('jsonbin-tools.jsonbin-explorer')!;
  // The host's first activation pays one-off costs (61 to 134 ms of VS Code's work where the next
  // took 32 ms, in three runs here): an empty extension takes them; then one before this one and one
  // after, each once the workbench has done what the one before left it (without that wait, the one
  // after took 51 ms and the one before 9 ms, medians of one bench run: it paid for this one's commands and views).
  result.warmUpActivation = { ...(await measureEmptyActivation('warm-up')), settledMs: await settled() };
  result.emptyBefore = { ...(await measureEmptyActivation('empty-before')), settledMs: await settled() };
  result.activation = { ...(await measureActivation(extension)), settledMs: await settled() };
  result.emptyAfter = await measureEmptyActivation('empty-after');
  result.requestsAtActivation = service.log.length;

  const account = service.addAccount('paid');
  await vscode.commands.executeCommand(Command.setApiKey, account.key);
  if (parts.has('editing')) {
    result.editing = await measureEditing(service, account, join(extension.extensionPath, 'dist'));
  }
  if (parts.has('memory')) {
    result.openBins = await measureOpenBins(service, account);
  }
  if (parts.has('table')) {
    result.table = await measureTable(service, account);
  }
  if (parts.has('tree')) {
    for (let i = 0; i < COLLECTIONS; i++) {
      service.store.createCollection(account, `Collection ${i}`);
    }
    result.tree = { collections: COLLECTIONS, ...(await benchTreeScale(service, baseUrl, account.key)) };
  }
  await service.stop();
  console.log(`${SUITE_MARK}BENCH ${JSON.stringify(result)}`);
}
