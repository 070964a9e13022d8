/**
 * What the bench measures in the browser's web worker host (`npm run bench` starts it through the
 * web runner): edit to diagnostics of the largest record, as test/vscode-bench/editing.ts does in
 * the Node host. Prints one `BENCH {...}` line for the bench to read.
 */
import * as vscode from 'vscode';
import { binUri } from '../../src/extension/fs/uris';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import { setup } from '../web/world';
import { EDIT_SIZES_KB, EDITS, editInTurn, openValidated } from './editTiming';

const SUITE_MARK = '[suite] ';

export async function run(): Promise<void> {
  const w = await setup();
  await vscode.commands.executeCommand(Command.setApiKey, w.paidKey);
  await vscode.workspace.getConfiguration('jsonbin').update('validation.delayMilliseconds', 0, vscode.ConfigurationTarget.Global);
  const kb = EDIT_SIZES_KB[EDIT_SIZES_KB.length - 1];
  const { binId, collectionId } = await w.control<{ binId: string; collectionId: string }>('/bench/editing', { kb });
  await vscode.commands.executeCommand(Command.setBinCollection, binId, collectionId);
  const editor = await openValidated(binUri(binId, `edit ${kb} KB`), 1);
  const editMs = await editInTurn(editor, EDITS);
  const inWorker = typeof (globalThis as { process?: unknown }).process === 'undefined';
  console.log(`${SUITE_MARK}BENCH ${JSON.stringify({ kb, editMs, inWorker })}`);
}
