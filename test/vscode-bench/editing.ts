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
import { courseModulesOfSize, courseModuleSchema } from '../service/courseModule';
import { binUri } from '../../src/extension/fs/uris';
import { OwnTasks, type LongestTask } from './ownTasks';
import { EDIT_SIZES_KB, EDITS, editInTurn, openValidated } from './editTiming';
import { Command } from '../../src/extension/commands/idsAndContextKeys';

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

export async function measureEditing(service: BinService, account: Account, codeDir: string): Promise<Editing> {
  const config = vscode.workspace.getConfiguration('jsonbin');
  await config.update('validation.delayMilliseconds', 0, vscode.ConfigurationTarget.Global);
  const schema = { type: 'array', items: courseModuleSchema };
  const schemaDoc = service.store.createSchemaDoc(account, 'Bench modules', schema, service.store.compile(schema));
  const collection = service.store.createCollection(account, 'Bench editing');
  collection.schemaDocId = schemaDoc.id;
  const editMs: Record<number, number[]> = {};
  let longestStallMs = 0;
  let ownLongestTask: LongestTask = { ms: 0, samples: 0, intervalMs: 0, widestGapMs: 0, nextSampleMs: 0, top: [] };
  let longestGcMs = 0;
  let measuringGc = false;
  const gcObserver = new PerformanceObserver((list) => {
    if (measuringGc) {
      longestGcMs = Math.max(longestGcMs, ...list.getEntries().map((e) => e.duration));
    }
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  for (const kb of EDIT_SIZES_KB) {
    const bin = service.store.createBin(account, courseModulesOfSize(kb * 1024), { name: `edit ${kb} KB`, private: true, collectionId: collection.id });
    await vscode.commands.executeCommand(Command.setBinCollection, bin.id, collection.id);
    const editor = await openValidated(binUri(bin.id, `edit ${kb} KB`), 1);
    const largest = kb === EDIT_SIZES_KB[EDIT_SIZES_KB.length - 1];
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    const ownTasks = new OwnTasks(codeDir);
    if (largest) {
      await ownTasks.start();
      histogram.enable();
      measuringGc = true;
    }
    editMs[kb] = await editInTurn(editor, EDITS);
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
