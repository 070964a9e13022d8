/** Prompts of the palette, validating as the user types. */
import * as vscode from 'vscode';
import { isBlank, MAX_BIN_NAME, nameProblem, type Collection } from '../api';
import { cancelIfUndefined } from './args';

export async function askName(prompt: string, max = MAX_BIN_NAME, optional = false, value?: string): Promise<string | undefined> {
  const name = cancelIfUndefined(
    await vscode.window.showInputBox({
      prompt,
      value,
      ignoreFocusOut: true,
      validateInput: (text) => (optional && text === '' ? undefined : nameProblem(text, max, 'The name')),
    }),
  );
  return name === '' ? undefined : name;
}

export async function askJson(prompt: string): Promise<unknown> {
  const text = cancelIfUndefined(
    await vscode.window.showInputBox({ prompt, placeHolder: '{"hello": "world"}', ignoreFocusOut: true, validateInput: jsonProblem }),
  );
  return JSON.parse(text);
}

export function jsonProblem(text: string): string | undefined {
  try {
    return isBlank(JSON.parse(text)) ? 'A record cannot be blank ({} or [])' : undefined;
  } catch (error) {
    return `Not JSON: ${(error as Error).message}`;
  }
}

export async function pickCollection(collections: Collection[], allowNone: boolean): Promise<Collection | undefined> {
  type Item = vscode.QuickPickItem & { collection?: Collection };
  const items: Item[] = [
    ...(allowNone ? [{ label: '$(inbox) No collection' }] : []),
    ...collections.map((c) => ({ label: `$(folder) ${c.name}`, description: c.schemaDocId ? 'validated by a schema doc' : undefined, collection: c })),
  ];
  const picked = cancelIfUndefined(await vscode.window.showQuickPick(items, { placeHolder: 'Collection', ignoreFocusOut: true }));
  return picked.collection;
}

export async function pickBoolean(placeHolder: string, yes: string, no: string): Promise<boolean> {
  const picked = cancelIfUndefined(await vscode.window.showQuickPick([yes, no], { placeHolder, ignoreFocusOut: true }));
  return picked === yes;
}

/** A modal confirmation; `confirm: false` in a programmatic call skips it. */
export async function confirm(message: string, detail: string, action: string): Promise<void> {
  const choice = await vscode.window.showWarningMessage(message, { modal: true, detail }, action);
  cancelIfUndefined(choice === action ? choice : undefined);
}
