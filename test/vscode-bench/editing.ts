/**
 * From an edit applied in the extension host to its schema diagnostics published, for records of
 * growing size, with the validation delay set to 0 (the debounce excluded). While the largest
 * record is edited, the longest task of the extension's own code is recorded (no task of it may
 * hold the extension host longer than a frame), and so is the event loop's longest stall,
 * whatever caused it (VS Code, other extensions, garbage collection, the machine).
 */
import * as vscode from 'vscode';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import type { BinService } from '../service/server';
import type { Account } from '../service/store';
import { courseModule, courseModuleSchema } from '../service/courseModule';
import { binUri } from '../../src/fs/uris';
import { OwnTasks, type LongestTask } from './ownTasks';
import { Command } from '../../src/commands/ids';

export const EDIT_SIZES_KB = [10, 100, 500, 1024];
const EDITS = 15;

export interface Editing {
  /** Per size in KB, the milliseconds of each edit. */
  editMs: Record<number, number[]>;
  /** The longest task of the extension's code while the largest record was edited. */
  ownLongestTask: LongestTask;
  /** The longest event loop stall meanwhile, whatever its cause. */
  longestStallMs: number;
  /** The longest garbage collection pause meanwhile (part of a stall, when there is one). */
  longestGcMs: number;
}

/** Course modules making about `bytes` of formatted JSON; the first one's title has the wrong type. */
function record(bytes: number): unknown[] {
  const modules: Record<string, unknown>[] = [];
  for (let size = 0; size < bytes; size += JSON.stringify(modules[modules.length - 1], null, 2).length) {
    modules.push(courseModule(`Topic ${modules.length}`, modules.length));
  }
  modules[0].title = 42;
  return modules;
}

/** Resolves when the document's diagnostics number `count`, polling between the extension's tasks. */
function diagnosticsCount(uri: vscode.Uri, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const deadline = performance.now() + 30_000;
    const poll = () => {
      if (vscode.languages.getDiagnostics(uri).length === count) {
        resolve();
      } else if (performance.now() > deadline) {
        reject(new Error(`no ${count} diagnostics on ${uri.path} within 30 s`));
      } else {
        setImmediate(poll);
      }
    };
    poll();
  });
}

async function editOnce(editor: vscode.TextEditor, from: string, to: string, expected: number): Promise<number> {
  const document = editor.document;
  const offset = document.getText().indexOf(from);
  let applied = 0;
  const listener = vscode.workspace.onDidChangeTextDocument((e) => {
    if (e.document === document && applied === 0) {
      applied = performance.now();
    }
  });
  try {
    const range = new vscode.Range(document.positionAt(offset), document.positionAt(offset + from.length));
    await editor.edit((b) => b.replace(range, to));
    await diagnosticsCount(document.uri, expected);
    return performance.now() - applied;
  } finally {
    listener.dispose();
  }
}

export async function measureEditing(service: BinService, account: Account, codeDir: string): Promise<Editing> {
  const config = vscode.workspace.getConfiguration('jsonbin');
  await config.update('validation.delayMilliseconds', 0, vscode.ConfigurationTarget.Global);
  const schema = { type: 'array', items: courseModuleSchema };
  const schemaDoc = service.store.createSchemaDoc(account, 'Bench modules', schema, service.store.compile(schema));
  const collection = service.store.createCollection(account, 'Bench editing');
  collection.schemaDocId = schemaDoc.id;
  const editMs: Record<number, number[]> = {};
  let longestStallMs = 0;
  let ownLongestTask: LongestTask = { ms: 0, samples: 0, intervalMs: 0, top: [] };
  let longestGcMs = 0;
  let measuringGc = false;
  const gcObserver = new PerformanceObserver((list) => {
    if (measuringGc) {
      longestGcMs = Math.max(longestGcMs, ...list.getEntries().map((e) => e.duration));
    }
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  for (const kb of EDIT_SIZES_KB) {
    const bin = service.store.createBin(account, record(kb * 1024), { name: `edit ${kb} KB`, private: true, collectionId: collection.id });
    await vscode.commands.executeCommand(Command.setBinCollection, bin.id, collection.id);
    const editor = await vscode.window.showTextDocument(binUri(bin.id, `edit ${kb} KB`));
    await diagnosticsCount(editor.document.uri, 1);
    const largest = kb === EDIT_SIZES_KB[EDIT_SIZES_KB.length - 1];
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    const ownTasks = new OwnTasks(codeDir);
    if (largest) {
      await ownTasks.start();
      histogram.enable();
      measuringGc = true;
    }
    editMs[kb] = [];
    for (let i = 0; i < EDITS; i++) {
      const fix = i % 2 === 0;
      editMs[kb].push(await editOnce(editor, fix ? '"title": 42' : '"title": "fixed"', fix ? '"title": "fixed"' : '"title": 42', fix ? 0 : 1));
    }
    histogram.disable();
    measuringGc = false;
    if (largest) {
      ownLongestTask = await ownTasks.stop();
      longestStallMs = histogram.max / 1e6;
    }
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  gcObserver.disconnect();
  await config.update('validation.delayMilliseconds', undefined, vscode.ConfigurationTarget.Global);
  return { editMs, ownLongestTask, longestStallMs, longestGcMs };
}
