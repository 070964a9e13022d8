/**
 * The chat tools, loaded with the first call: each runs the tools' core (`src/core/tools/`) for
 * the account its input names (the active one by default), with that account's parts made then,
 * and hands its JSON over as one text part. Off by the setting, or without a key, a tool answers
 * why, with no request. A write is confirmed by the user first (`confirmations.ts`).
 */
import * as vscode from 'vscode';
import type { AccountInfo } from '../../accounts/accountList';
import { settings } from '../../config';
import { runTool } from '../../../core/tools/tools';
import type { Input } from '../../../core/tools/input';
import type { ToolName } from '../../../core/tools/toolNames';
import { toolPartsOf, type ChatParts } from './chatParts';
import { confirmCreate, confirmUpdate, type Confirm } from './confirmations';

type Token = vscode.CancellationToken;

/** What the tools are given at activation: the accounts, and each one's parts on demand. */
export interface ToolContext {
  accounts: { all(): AccountInfo[]; readonly active: AccountInfo };
  partsFor(account: string | undefined): Promise<ChatParts | undefined>;
}

export interface ToolImpl {
  invoke(options: vscode.LanguageModelToolInvocationOptions<Input>, token: Token): Promise<vscode.LanguageModelToolResult>;
  prepare(options: vscode.LanguageModelToolInvocationPrepareOptions<Input>, token: Token): Promise<vscode.PreparedToolInvocation | undefined>;
}

/** What the user is asked before each tool that writes. */
const CONFIRMS: Partial<Record<ToolName, Confirm>> = { jsonbin_createBin: confirmCreate, jsonbin_updateBin: confirmUpdate };

function textResult(value: Record<string, unknown>): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(JSON.stringify(value))]);
}

/** The account a tool's input names (by id or name), or why there is none. */
function accountOf(context: ToolContext, input: Input): AccountInfo | string {
  const named = input.account;
  if (named === undefined || named === null || named === '') {
    return context.accounts.active;
  }
  const found = context.accounts.all().find((a) => a.id === named || a.name === named);
  return (
    found ??
    vscode.l10n.t(
      'There is no JSONBin account named {0}. The accounts are: {1}',
      typeof named === 'string' ? named : JSON.stringify(named),
      context.accounts
        .all()
        .map((a) => a.name)
        .join(', '),
    )
  );
}

async function partsOf(context: ToolContext, input: Input): Promise<ChatParts | string> {
  if (!settings.chatTools()) {
    return vscode.l10n.t('The JSONBin tools are turned off (setting jsonbin.chat.tools.enabled)');
  }
  const account = accountOf(context, input);
  if (typeof account === 'string') {
    return account;
  }
  const parts = await context.partsFor(account.id);
  if (!parts) {
    return vscode.l10n.t('The JSONBin account {0} was removed: add it again to work with its bins', account.name);
  }
  if (!(await parts.connection.keys.get())) {
    return vscode.l10n.t('The JSONBin account {0} has no API key: ask the user to run "JSONBin: Set API Key" from the Command Palette', account.name);
  }
  return parts;
}

function toolOf(context: ToolContext, name: ToolName): ToolImpl {
  return {
    invoke: async (options, token) => {
      const p = await partsOf(context, options.input);
      if (typeof p === 'string') {
        return textResult({ refused: p, requests: 0 });
      }
      // The record handed whole must fit the model's token budget as well as the setting.
      const budget = options.tokenizationOptions;
      const withinBudget = budget && (async (compact: string) => (await budget.countTokens(compact, token)) <= budget.tokenBudget);
      return textResult(await runTool(name, toolPartsOf(p), options.input, { withinBudget }));
    },
    prepare: async (options) => {
      const confirm = CONFIRMS[name];
      if (!confirm) {
        return undefined;
      }
      const p = await partsOf(context, options.input);
      // Nothing will be sent: the tool answers why, and there is nothing to confirm.
      return typeof p === 'string' ? undefined : confirm(p, options.input);
    },
  };
}

/** Each tool by name (the names come from activation's list: importing it here would split it into a chunk of its own). */
export function chatTools(context: ToolContext): (name: ToolName) => ToolImpl {
  return (name) => toolOf(context, name);
}
