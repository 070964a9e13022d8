/**
 * The MCP server: the agents' tools (`src/core/tools/`) with the chat tools' names, input schemas
 * and model descriptions, each answering the same JSON as the chat tool, as one text part. A tool
 * that writes is left out when the server is read-only. One account: the one whose key the server
 * was started with.
 */
import * as l10n from '@vscode/l10n';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { runTool } from '../core/tools/tools';
import type { ToolParts } from '../core/tools/ports';
import { TOOL_NAMES, type ToolName } from '../core/tools/toolNames';
import { TOOLS, type ToolSpec } from '../core/tools/toolTable';

export interface McpOptions {
  name: string;
  version: string;
  /** Only the tools that read are offered. */
  readOnly: boolean;
  /** Where the account's requests go, to say which account this server serves. */
  apiUrl: string;
}

/** The tools offered: every one, or those that read. */
export function offeredTools(readOnly: boolean): ToolName[] {
  return TOOL_NAMES.filter((name) => !readOnly || !(TOOLS[name] as ToolSpec).writes);
}

/** A tool as MCP lists it: its hints say what it does to the account's bins. */
export function listedTool(name: ToolName): Tool {
  const spec: ToolSpec = TOOLS[name];
  return {
    name,
    title: spec.displayName,
    description: spec.modelDescription,
    inputSchema: spec.inputSchema as Tool['inputSchema'],
    annotations: spec.writes
      ? // A new bin leaves every other as it was; an update replaces a record, and a patch applied twice may change it twice.
        { title: spec.displayName, readOnlyHint: false, destructiveHint: spec.replaces === true, idempotentHint: false }
      : { title: spec.displayName, readOnlyHint: true, idempotentHint: true },
  };
}

function textOf(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], ...('refused' in value ? { isError: true } : {}) };
}

/** Why a call is not run, sending nothing; undefined when it may run. */
function notRun(options: McpOptions, name: ToolName, input: Record<string, unknown>): string | undefined {
  if (!offeredTools(options.readOnly).includes(name)) {
    return l10n.t('This JSONBin MCP server was started with --read-only: {0} is not offered', name);
  }
  const account = input.account;
  if (account !== undefined && account !== null && account !== '') {
    return l10n.t(
      'This JSONBin MCP server serves one account, the one whose key it was started with (at {0}): leave out account. It cannot reach {1}',
      options.apiUrl,
      typeof account === 'string' ? account : JSON.stringify(account),
    );
  }
  return undefined;
}

export function mcpServer(parts: ToolParts, options: McpOptions): Server {
  const server = new Server({ name: options.name, version: options.version }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: offeredTools(options.readOnly).map(listedTool) }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const name = request.params.name as ToolName;
    if (!TOOL_NAMES.includes(name)) {
      throw new McpError(ErrorCode.InvalidParams, l10n.t('There is no tool {0}', request.params.name));
    }
    const input = request.params.arguments ?? {};
    const refused = notRun(options, name, input);
    return textOf(refused !== undefined ? { refused, requests: 0 } : await runTool(name, parts, input));
  });
  return server;
}
