/**
 * The tools' code, loaded with the first call: each tool runs for the account its input names (the
 * active one by default), with that account's parts made then, and answers through `result.ts`.
 * Off by the setting, or without a key, a tool answers why, with no request.
 */
import * as vscode from 'vscode';
import type { AccountInfo } from '../../accounts/accountList';
import { settings } from '../../config';
import { answer, textResult } from './result';
import type { Confirm, Input, Run, ToolParts } from './input';
import type { ToolName } from './toolNames';
import { listBins, listCollections, readBin, readSchemaDoc } from './readTools';
import { checkRecord, createBin, updateBin } from './writeTools';
import { confirmCreate, confirmUpdate } from './confirmations';
import { findBins, validateCollection } from './costTools';
import { checkDefinition } from './definitionTools';

type Token = vscode.CancellationToken;

/** What the tools are given at activation: the accounts, and each one's parts on demand. */
export interface ToolContext {
  accounts: { all(): AccountInfo[]; readonly active: AccountInfo };
  partsFor(account: string | undefined): Promise<ToolParts | undefined>;
}

export interface ToolImpl {
  invoke(options: vscode.LanguageModelToolInvocationOptions<Input>, token: Token): Promise<vscode.LanguageModelToolResult>;
  prepare(options: vscode.LanguageModelToolInvocationPrepareOptions<Input>, token: Token): Promise<vscode.PreparedToolInvocation | undefined>;
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

async function partsOf(context: ToolContext, input: Input): Promise<ToolParts | string> {
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

interface How {
  /** What the user is asked before a write. */
  confirm?: Confirm;
}

function toolOf(context: ToolContext, run: Run, how: How = {}): ToolImpl {
  return {
    invoke: async (options, token) => {
      const p = await partsOf(context, options.input);
      if (typeof p === 'string') {
        return textResult({ refused: p, requests: 0 });
      }
      return answer(p, (call) => run(call, options.input, options, token));
    },
    prepare: async (options) => {
      if (!how.confirm) {
        return undefined;
      }
      const p = await partsOf(context, options.input);
      // Nothing will be sent: the tool answers why, and there is nothing to confirm.
      return typeof p === 'string' ? undefined : how.confirm(p, options.input);
    },
  };
}

export function chatTools(context: ToolContext): Record<ToolName, ToolImpl> {
  const tool = (run: Run, how?: How) => toolOf(context, run, how);
  return {
    jsonbin_listCollections: tool(listCollections),
    jsonbin_listBins: tool(listBins),
    jsonbin_findBins: tool(findBins),
    jsonbin_readBin: tool(readBin),
    jsonbin_readSchemaDoc: tool(readSchemaDoc),
    jsonbin_checkRecord: tool(checkRecord),
    jsonbin_createBin: tool(createBin, { confirm: confirmCreate }),
    jsonbin_updateBin: tool(updateBin, { confirm: confirmUpdate }),
    jsonbin_validateCollection: tool(validateCollection),
    jsonbin_checkDefinition: tool(checkDefinition),
  };
}
