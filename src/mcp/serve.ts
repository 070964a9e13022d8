/**
 * Serves the MCP server over stdio for one account's session until the client goes away (stdin
 * ends, or a signal). Only MCP messages go to stdout; what the server says goes to stderr, never a key.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Session } from '../core/session';
import { toolPartsOf } from './parts';
import { mcpServer, type McpOptions } from './server';

export interface Stdio {
  stdin: typeof process.stdin;
  stdout: typeof process.stdout;
}

/** Resolves once the client closed the connection and the server stopped. */
export async function serveMcp(session: Session, options: McpOptions, io: Stdio = { stdin: process.stdin, stdout: process.stdout }): Promise<void> {
  const server = mcpServer(toolPartsOf(session), options);
  const transport = new StdioServerTransport(io.stdin, io.stdout);
  const closed = new Promise<void>((resolve) => (server.onclose = resolve));
  const stop = () => void server.close();
  // The SDK's transport does not notice the end of stdin: a client that closes its end means stop.
  io.stdin.once('end', stop);
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  await server.connect(transport);
  await closed;
  process.off('SIGTERM', stop);
  process.off('SIGINT', stop);
}
