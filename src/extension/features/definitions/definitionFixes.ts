/**
 * The quick fixes of a definition's strict-mode problems: each one edit of the document (undone at
 * once) that removes its problem; `additionalProperties: false` also at every object at once.
 */
import * as vscode from 'vscode';
import type { DefinitionProblem, FixKind, TextEdit } from '../../../core/schema/definitions/api';
import { SCHEME } from '../../fs/uris';
import type { DefinitionDiagnostics } from './definitionDiagnostics';

const checks = () => import('./definitionChecks.js');

function titleOf(fix: FixKind): string {
  switch (fix) {
    case 'additionalPropertiesFalse':
      return vscode.l10n.t('Add "additionalProperties": false');
    case 'requireEvery':
      return vscode.l10n.t('Require every property (an optional one becomes nullable)');
    case 'intoDescription':
      return vscode.l10n.t('Move the unsupported constraint into the description');
  }
}

export function registerDefinitionFixes(diagnostics: DefinitionDiagnostics): vscode.Disposable {
  return vscode.languages.registerCodeActionsProvider(
    [{ language: 'json' }, { language: 'jsonc' }, { scheme: SCHEME }],
    {
      async provideCodeActions(document, _range, context) {
        const found = diagnostics.of(document);
        // The problems of the diagnostics asked about: VS Code hands copies, matched by rule, place and message.
        const asked = found?.problems.filter(
          ({ problem, diagnostic }) =>
            problem.fix && context.diagnostics.some((d) => d.code === diagnostic.code && d.message === diagnostic.message && d.range.isEqual(diagnostic.range)),
        );
        if (!found || !asked?.length) {
          return undefined;
        }
        const { editsOf } = await checks();
        const text = document.getText();
        const actions = new Map<string, vscode.CodeAction>();
        for (const { problem, diagnostic } of asked) {
          const fixed = problem as DefinitionProblem & { fix: FixKind };
          // Two providers' same rule at one node: one fix removes both.
          const key = `${fixed.fix}:${fixed.pointer}`;
          const action = actions.get(key) ?? actionOf(document, titleOf(fixed.fix), editsOf(text, found.definition, fixed));
          action.diagnostics = [...(action.diagnostics ?? []), diagnostic];
          actions.set(key, action);
          if (fixed.fix === 'additionalPropertiesFalse' && !actions.has(fixed.fix)) {
            const all = actionOf(document, vscode.l10n.t('Add "additionalProperties": false to every object'), editsOf(text, found.definition, fixed, true));
            all.diagnostics = found.problems.filter((p) => p.problem.fix === fixed.fix).map((p) => p.diagnostic);
            actions.set(fixed.fix, all);
          }
        }
        return [...actions.values()];
      },
    },
    { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] },
  );
}

/** One WorkspaceEdit of all the fix's text edits: the user undoes it at once. */
function actionOf(document: vscode.TextDocument, title: string, edits: TextEdit[]): vscode.CodeAction {
  const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
  action.edit = new vscode.WorkspaceEdit();
  for (const edit of edits) {
    action.edit.replace(document.uri, new vscode.Range(document.positionAt(edit.offset), document.positionAt(edit.offset + edit.length)), edit.content);
  }
  return action;
}
