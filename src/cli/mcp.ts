/**
 * `jsonbin mcp [--read-only]`: the MCP server (`src/mcp/`) over stdio for the environment's
 * account, until the client closes the connection. stdout carries MCP messages only: what the
 * command says goes to stderr, as every note of the command line does.
 */
import * as l10n from '@vscode/l10n';
import { name } from '../../package.json';
import { serveMcp } from '../mcp/serve';
import type { CommandContext, Outcome } from './command';
import { Exit } from './exit';

/** package.json's version, written in by esbuild. */
declare const JSONBIN_VERSION: string;

export async function mcp(c: CommandContext): Promise<Outcome> {
  const session = c.session();
  const readOnly = c.values['read-only'] === true;
  c.out.note(
    readOnly
      ? l10n.t('JSONBin MCP server for the account at {0}, read-only', session.apiUrl)
      : l10n.t('JSONBin MCP server for the account at {0}', session.apiUrl),
  );
  await serveMcp(session, { name, version: JSONBIN_VERSION, readOnly, apiUrl: session.apiUrl });
  return { exit: Exit.ok };
}
