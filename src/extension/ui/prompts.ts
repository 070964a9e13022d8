/** Questions of the interactive forms, validating as the user types; a dismissal cancels. */
import * as vscode from 'vscode';
import { isBlank, MAX_BIN_NAME, nameProblem, RecordText, type Collection } from '../../core/api';
import type { Prompter } from './prompter';
import { Cancelled, cancelIfUndefined, parseBinReference } from '../commands/args';

export async function askName(ui: Prompter, prompt: string, max = MAX_BIN_NAME, optional = false, value?: string): Promise<string | undefined> {
  const name = cancelIfUndefined(
    await ui.input({
      prompt,
      value,
      ignoreFocusOut: true,
      validateInput: (text) => (optional && text === '' ? undefined : nameProblem(text, max, vscode.l10n.t('The name'))),
    }),
  );
  return name === '' ? undefined : name;
}

export async function askRequiredName(ui: Prompter, prompt: string, max = MAX_BIN_NAME, value?: string): Promise<string> {
  return cancelIfUndefined(await askName(ui, prompt, max, false, value));
}

/** The JSON as typed: it is sent as written. */
/** `value`: the text offered to start from. */
export async function askJson(ui: Prompter, prompt: string, value?: string): Promise<RecordText> {
  const text = cancelIfUndefined(
    await ui.input({
      prompt,
      value,
      placeHolder: vscode.l10n.t({ message: '{"hello": "world"}', comment: ['An example of a record: keep it valid JSON'] }),
      ignoreFocusOut: true,
      validateInput: jsonProblem,
    }),
  );
  return RecordText.parse(text);
}

export async function jsonProblem(text: string): Promise<string | undefined> {
  try {
    return isBlank((await RecordText.parse(text)).value) ? vscode.l10n.t('A record cannot be blank ({} or [])') : undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

export async function askBinReference(ui: Prompter): Promise<string> {
  const text = cancelIfUndefined(
    await ui.input({
      prompt: vscode.l10n.t('Bin id or dashboard link (https://jsonbin.io/app/bins/…)'),
      ignoreFocusOut: true,
      validateInput: (t) => {
        try {
          parseBinReference(t);
          return undefined;
        } catch (error) {
          return (error as Error).message;
        }
      },
    }),
  );
  return parseBinReference(text);
}

export async function askId(ui: Prompter, prompt: string): Promise<string> {
  return cancelIfUndefined(
    await ui.input({ prompt, ignoreFocusOut: true, validateInput: (t) => (t.trim() === '' ? vscode.l10n.t('The id cannot be blank') : undefined) }),
  ).trim();
}

export async function pickCollection(ui: Prompter, collections: Collection[], allowNone: boolean): Promise<Collection | undefined> {
  type Item = vscode.QuickPickItem & { collection?: Collection };
  const items: Item[] = [
    ...(allowNone ? [{ label: vscode.l10n.t('$(inbox) No collection') }] : []),
    ...collections.map((c) => ({
      label: `$(folder) ${c.name}`,
      description: c.schemaDocId ? vscode.l10n.t('validated by a schema doc') : undefined,
      collection: c,
    })),
  ];
  if (items.length === 0) {
    throw new Error(vscode.l10n.t('There is no collection yet: create one first'));
  }
  const picked = cancelIfUndefined(await ui.pick(items, { placeHolder: vscode.l10n.t('Collection'), ignoreFocusOut: true }));
  return picked.collection;
}

export async function pickBoolean(ui: Prompter, placeHolder: string, yes: string, no: string): Promise<boolean> {
  const picked = cancelIfUndefined(await ui.pick([{ label: yes }, { label: no }], { placeHolder, ignoreFocusOut: true }));
  return picked.label === yes;
}

/** A modal confirmation: the interactive forms ask before anything is deleted. */
export async function confirm(ui: Prompter, message: string, detail: string, action: string): Promise<void> {
  if (!(await ui.confirm(message, detail, action))) {
    throw new Cancelled();
  }
}
