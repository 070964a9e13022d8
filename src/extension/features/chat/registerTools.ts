/**
 * Registers the language model tools at activation, cheaply: each name with a stand-in whose
 * first call loads the tools' code (`tools.ts`) and, for the account it names, that account's parts.
 */
import * as vscode from 'vscode';
import { TOOL_NAMES, type ToolName } from '../../../core/tools/toolNames';
import type { ToolContext, ToolImpl } from './tools';

export type ChatTool = vscode.LanguageModelTool<Record<string, unknown>>;

/** The registered tools, and each tool object (the integration tests call `prepareInvocation` on it). */
export function registerTools(context: ToolContext): { disposables: vscode.Disposable[]; tools: ReadonlyMap<ToolName, ChatTool> } {
  let loaded: Promise<(name: ToolName) => ToolImpl> | undefined;
  const impl = async (name: ToolName) => (await (loaded ??= import('./tools.js').then((m) => m.chatTools(context))))(name);
  const tools = new Map<ToolName, ChatTool>(
    TOOL_NAMES.map((name) => [
      name,
      {
        invoke: async (options, token) => (await impl(name)).invoke(options, token),
        prepareInvocation: async (options, token) => (await impl(name)).prepare(options, token),
      },
    ]),
  );
  return { disposables: [...tools].map(([name, tool]) => vscode.lm.registerTool(name, tool)), tools };
}
