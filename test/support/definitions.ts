/**
 * What the definition tests of both hosts share: the service's example record (a definition of
 * course modules), and waiting for each provider's problems. No Node module here.
 */
import * as vscode from 'vscode';
import { courseModuleSchema } from '../service/courseModule';
import { until } from './workbench';

/** The contract's example record (section 2.1): `{ name, strict, schema }`. */
export const COURSE_DEFINITION = { name: 'course_module', strict: true, schema: courseModuleSchema };

/** A small definition whose only object lacks `additionalProperties: false` (OpenAI's and Anthropic's rule). */
export const OPEN_OBJECT = {
  name: 'answer',
  strict: true,
  schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
};

/** The providers' problems of a document (its schema problems left out), once `count` of `provider`'s show. */
export function definitionDiagnostics(uri: vscode.Uri, provider: 'OpenAI' | 'Anthropic' | 'Gemini', count: number): Promise<vscode.Diagnostic[]> {
  return until(() => {
    const list = vscode.languages.getDiagnostics(uri).filter((d) => d.source === `JSONBin ${provider}`);
    return list.length === count ? list : undefined;
  }, `${count} ${provider} problems of ${uri.toString()}`);
}

/** Every definition problem of a document, whichever provider's. */
export const allDefinitionProblems = (uri: vscode.Uri) =>
  vscode.languages.getDiagnostics(uri).filter((d) => /^JSONBin (OpenAI|Anthropic|Gemini)$/.test(d.source ?? ''));

/**
 * Where Anthropic refuses the example, found in the text itself: each `maxItems` value and each
 * `minItems` value above 1, as `offset:text`, in the order they are written.
 */
export function itemBoundsIn(text: string): string[] {
  return [...text.matchAll(/"(maxItems|minItems)": (\d+)/g)]
    .filter((m) => m[1] === 'maxItems' || Number(m[2]) > 1)
    .map((m) => `${m.index + m[0].length - m[2].length}:${m[2]}`);
}

/** A diagnostic as `offset:text`, to compare with `itemBoundsIn`. */
export const placed = (document: vscode.TextDocument, d: vscode.Diagnostic) => `${document.offsetAt(d.range.start)}:${document.getText(d.range)}`;

/**
 * A definition with a problem of each fix: two objects without `additionalProperties: false`
 * (OpenAI and Anthropic), `owner` not required (OpenAI), `maxItems` (Anthropic).
 */
export const FIXABLE = {
  name: 'lesson',
  strict: true,
  schema: {
    type: 'object',
    properties: {
      title: { type: 'string' },
      tags: { type: 'array', items: { type: 'string' }, maxItems: 5 },
      owner: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    },
    required: ['title', 'tags'],
  },
};

/** The quick fixes VS Code offers at a range, as a user's light bulb lists them. */
export const fixesAt = async (document: vscode.TextDocument, range: vscode.Range) =>
  (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, range, vscode.CodeActionKind.QuickFix.value)) ??
  [];
