/**
 * `jsonbin-mcp [--read-only] [--api-url <url>]`: the MCP server's own entry, until the command
 * line's `jsonbin mcp` serves it. The key comes from the environment only (JSONBIN_MASTER_KEY, or
 * JSONBIN_ACCESS_KEY), the service from --api-url or JSONBIN_API_URL. Exit 2: a usage error or no key.
 */
import * as l10n from '@vscode/l10n';
import { name, version } from '../../package.json';
import { HOSTED_API_URL, normalizeBaseUrl, type KeyKind } from '../core/api';
import { openSession } from '../core/session';
import { serveMcp } from './serve';

function keyOf(env: NodeJS.ProcessEnv): { key: string; keyKind: KeyKind } | undefined {
  return env.JSONBIN_MASTER_KEY
    ? { key: env.JSONBIN_MASTER_KEY, keyKind: 'master' }
    : env.JSONBIN_ACCESS_KEY
      ? { key: env.JSONBIN_ACCESS_KEY, keyKind: 'access' }
      : undefined;
}

async function main(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const options = { readOnly: false, apiUrl: undefined as string | undefined };
  for (let i = 0; i < args.length; i++) {
    const [flag, value] = args[i].split(/=(.*)/s);
    if (flag === '--read-only' && value === undefined) {
      options.readOnly = true;
    } else if (flag === '--api-url' && (value ?? args[i + 1]) !== undefined) {
      options.apiUrl = value ?? args[++i];
    } else {
      // Named only when it reads as a flag, never with its value: a key typed on the command line is not repeated.
      const named = /^--?[a-z][a-z-]*$/i.test(flag) ? flag : '…';
      process.stderr.write(`${l10n.t('Unknown option {0}: the options are --read-only and --api-url <url>', named)}\n`);
      process.stderr.write(`${l10n.t('The key is read from JSONBIN_MASTER_KEY or JSONBIN_ACCESS_KEY, never from the command line.')}\n`);
      return 2;
    }
  }
  const found = keyOf(env);
  if (!found) {
    process.stderr.write(`${l10n.t('No key: set {0} (or {1} for an access key) in the environment.', 'JSONBIN_MASTER_KEY', 'JSONBIN_ACCESS_KEY')}\n`);
    return 2;
  }
  const apiUrl = normalizeBaseUrl(options.apiUrl ?? env.JSONBIN_API_URL ?? HOSTED_API_URL);
  const session = openSession({ apiUrl, ...found });
  const { readOnly } = options;
  const started = readOnly
    ? l10n.t('JSONBin MCP server for the account at {0}, read-only', apiUrl)
    : l10n.t('JSONBin MCP server for the account at {0}', apiUrl);
  process.stderr.write(`${started}\n`);
  try {
    await serveMcp(session, { name, version, readOnly, apiUrl });
  } finally {
    await session.dispose();
  }
  process.stderr.write(`${l10n.t('Requests sent: {0}', session.requests())}\n`);
  return 0;
}

void main(process.argv.slice(2), process.env).then((code) => (process.exitCode = code));
