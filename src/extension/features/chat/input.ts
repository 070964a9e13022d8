/** What each tool is given and how it reads its input: the account's parts, the input's values checked. */
import * as vscode from 'vscode';
import type { RequestScope } from '../../../core/api';
import type { Parts } from '../parts';
import type { ViewParts } from '../tree/binsView';
import { ToolRefusal } from './result';

/** What the tools act on, of an account's parts. */
export type ToolParts = Pick<Parts, 'account' | 'connection' | 'bins' | 'writes' | 'schemaDocs' | 'binCollections' | 'remembered'> & Pick<ViewParts, 'tree'>;
/** What one call acts on: the account's parts, and the scope its requests are counted for (its result's `requests`). */
export type CallParts = ToolParts & { scope: RequestScope };

export type Input = Record<string, unknown>;
type Token = vscode.CancellationToken;

/** A tool's work: what it answers (`requests` is added), or a refusal thrown. */
export type Run = (p: CallParts, input: Input, options: vscode.LanguageModelToolInvocationOptions<Input>, token: Token) => Promise<Record<string, unknown>>;
/** What the user is asked before the tool writes. */
export type Confirm = (p: ToolParts, input: Input) => Promise<vscode.PreparedToolInvocation>;

/** A text input, or a refusal naming it when it is required and missing. */
export function textInput(input: Input, name: string, required: true): string;
export function textInput(input: Input, name: string, required?: false): string | undefined;
export function textInput(input: Input, name: string, required = false): string | undefined {
  const value = input[name];
  if (typeof value === 'string' && value.trim() !== '') {
    return value.trim();
  }
  if (required || (value !== undefined && value !== null)) {
    throw new ToolRefusal(vscode.l10n.t('The input {0} must be a text that is not blank', name));
  }
  return undefined;
}

/** A whole number input of at least `min`, or undefined when absent. */
export function numberInput(input: Input, name: string, min: number): number | undefined {
  const value = input[name];
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new ToolRefusal(vscode.l10n.t('The input {0} must be a whole number of at least {1}', name, min));
  }
  return value;
}
