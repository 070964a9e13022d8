/** How each tool reads its input: the values checked, a refusal naming the one that is not right. */
import * as l10n from '@vscode/l10n';
import type { CallParts } from './ports';
import { ToolRefusal } from './result';

export type Input = Record<string, unknown>;

/** A tool's work: what it answers (`requests` is added), or a refusal thrown. */
export type Run = (p: CallParts, input: Input) => Promise<Record<string, unknown>>;

/** A text input, or a refusal naming it when it is required and missing. */
export function textInput(input: Input, name: string, required: true): string;
export function textInput(input: Input, name: string, required?: false): string | undefined;
export function textInput(input: Input, name: string, required = false): string | undefined {
  const value = input[name];
  if (typeof value === 'string' && value.trim() !== '') {
    return value.trim();
  }
  if (required || (value !== undefined && value !== null)) {
    throw new ToolRefusal(l10n.t('The input {0} must be a text that is not blank', name));
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
    throw new ToolRefusal(l10n.t('The input {0} must be a whole number of at least {1}', name, min));
  }
  return value;
}
