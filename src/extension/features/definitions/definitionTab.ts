/**
 * `jsonbin.definitionTab`: the active tab is a bin whose record is a structured-output definition,
 * so that Use as Schema Doc shows in its title and the palette. Read when the active tab changes
 * or a bin's document is saved (or recognition is turned on or off), never on a keystroke.
 */
import * as vscode from 'vscode';
import { ContextKey } from '../../commands/contextKeyNames';
import { parseUri } from '../../fs/uris';
import { settings } from '../../config';

/** Loaded with the first bin's text that may hold a definition. */
const recognition = () => import('../../../core/schema/definitions/inText.js');

export function trackDefinitionTab(): vscode.Disposable {
  let shown = false;
  const update = async () => {
    const document = vscode.window.activeTextEditor?.document;
    const resource = document && parseUri(document.uri);
    const text = settings.definitions() && resource?.kind === 'bin' && resource.version === undefined ? document!.getText() : '';
    // Both shapes have a "schema" key: any other text is told apart before the recognition loads.
    const is = text.includes('"schema"') && (await recognition()).definitionInText(text) !== undefined;
    if (document !== vscode.window.activeTextEditor?.document) {
      // Another tab came meanwhile: its own update says what holds.
      return;
    }
    if (is !== shown) {
      shown = is;
      await vscode.commands.executeCommand('setContext', ContextKey.definitionTab, is);
    }
  };
  void update();
  return vscode.Disposable.from(
    vscode.window.onDidChangeActiveTextEditor(() => void update()),
    vscode.workspace.onDidSaveTextDocument((d) => d === vscode.window.activeTextEditor?.document && void update()),
    // A bin's tab opens before its record is read: the record arriving changes the document.
    vscode.workspace.onDidOpenTextDocument((d) => d === vscode.window.activeTextEditor?.document && void update()),
    vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('jsonbin.structuredOutputs.enabled') && void update()),
  );
}
