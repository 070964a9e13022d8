/**
 * Heap of the extension host for open bins: 50 bins of 500 KB opened through the extension's own
 * file system, measured after full garbage collections, against the bytes of those records; and,
 * for comparison, the same records opened as files on disk, where VS Code's copy is the only one.
 */
import * as vscode from 'vscode';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { BinService } from '../service/server';
import type { Account } from '../service/store';
import { binUri } from '../../src/extension/fs/uris';

const BINS = 50;

export interface OpenBins {
  bins: number;
  recordBytes: number;
  /** Growth of the V8 heap plus array buffers (where bytes of files live) while they are open. */
  heapGrowthBytes: number;
  /** The same for the same records opened as files on disk. */
  diskHeapGrowthBytes: number;
  openMs: number;
}

function collectGarbage(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/** Growth while the documents are open, and the documents, held until measured: an unreferenced one could be dropped first. */
async function growth(gc: () => void, uris: vscode.Uri[]): Promise<{ bytes: number; ms: number; documents: vscode.TextDocument[] }> {
  const before = used(gc);
  const start = performance.now();
  const documents: vscode.TextDocument[] = [];
  for (const uri of uris) {
    documents.push(await vscode.workspace.openTextDocument(uri));
  }
  const ms = performance.now() - start;
  return { bytes: used(gc) - before, ms, documents };
}

function used(gc: () => void): number {
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

export async function measureOpenBins(service: BinService, account: Account): Promise<OpenBins> {
  const gc = collectGarbage();
  const text = 'x'.repeat(500 * 1024 - 40);
  const bins = Array.from({ length: BINS }, (_, i) => service.store.createBin(account, { i, text }, { name: `big ${i}`, private: true }));
  const recordBytes = bins.reduce((sum, b) => sum + Buffer.byteLength(JSON.stringify(service.store.latest(b), null, 2)), 0);
  const opened = await growth(
    gc,
    bins.map((b) => binUri(b.id, `big-${b.id}`)),
  );
  const folder = mkdtempSync(join(tmpdir(), 'jsonbin-bench-'));
  const files = bins.map((b) => {
    const path = join(folder, `${b.id}.json`);
    writeFileSync(path, JSON.stringify(service.store.latest(b), null, 2));
    return vscode.Uri.file(path);
  });
  const onDisk = await growth(gc, files);
  return { bins: opened.documents.length, recordBytes, heapGrowthBytes: opened.bytes, diskHeapGrowthBytes: onDisk.bytes, openMs: opened.ms };
}
