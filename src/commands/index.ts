/**
 * Every command id is registered at activation, so that menus, keys and other extensions find
 * them; the commands' code loads with the first command run.
 */
import * as vscode from 'vscode';
import { Command, type CommandId } from './ids';
import type { Parts } from './parts';
import type { Handler } from './register';

export function registerCommands(p: Parts): vscode.Disposable[] {
  let handlers: Promise<Map<CommandId, Handler[1]>> | undefined;
  const handler = async (id: CommandId) => {
    handlers ??= import('./handlers.js').then((m) => m.commandHandlers(p));
    const found = (await handlers).get(id);
    if (!found) {
      throw new Error(`The command ${id} has no handler`);
    }
    return found;
  };
  return Object.values(Command).map((id) =>
    vscode.commands.registerCommand(id, async (...args: never[]) => (await handler(id))(...args)),
  );
}
