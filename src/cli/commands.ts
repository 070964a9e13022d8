/**
 * The command line's commands, one entry each: its words, options, the formats it writes, and its
 * handler (each in a file of its own, tested in test/unit/cli/). A new command is an entry here, its
 * handler, and its test; `--help` lists the table.
 */
import * as l10n from '@vscode/l10n';
import type { CliCommand } from './command';
import { linksCheck } from './links/check';
import { linksPull } from './links/pull';
import { linksPush } from './links/push';
import { linksStatus } from './links/status';
import { mcp } from './mcp';
import { validate } from './validate';

const json = { json: { type: 'boolean' } } as const;
const format = { format: { type: 'string' }, ...json } as const;

export const COMMANDS: CliCommand[] = [
  {
    words: ['links', 'status'],
    usage: 'links status [--json] [files…]',
    summary: () => l10n.t('Each linked file against its bin: same, differs or gone (one read per link).'),
    options: json,
    positionals: true,
    formats: ['text', 'json'],
    run: linksStatus,
  },
  {
    words: ['links', 'check'],
    usage: 'links check [--format text|json|github] [--providers openai,anthropic,gemini] [files…]',
    summary: () =>
      l10n.t(
        "Each linked file against its bin's collection schema doc and the checks of a save; a structured-output definition against each provider's strict mode.",
      ),
    options: { ...format, providers: { type: 'string' } },
    positionals: true,
    formats: ['text', 'json', 'github'],
    run: linksCheck,
  },
  {
    words: ['links', 'push'],
    usage: 'links push [--dry-run] [--base <git revision>] [--json] [files…]',
    summary: () => l10n.t('Sends each differing linked file to its bin through the checks of a save; refuses to overwrite a bin changed since --base (HEAD).'),
    options: { 'dry-run': { type: 'boolean' }, base: { type: 'string' }, ...json },
    positionals: true,
    formats: ['text', 'json'],
    run: linksPush,
  },
  {
    words: ['links', 'pull'],
    usage: 'links pull [--json] [files…]',
    summary: () => l10n.t("Writes each differing linked file with its bin's record."),
    options: json,
    positionals: true,
    formats: ['text', 'json'],
    run: linksPull,
  },
  {
    words: ['validate'],
    usage: 'validate <collectionId> [--format text|json|github]',
    summary: () => l10n.t('Validate Collection: every bin of the collection against its schema doc (the listing, then one read per bin).'),
    options: format,
    positionals: true,
    formats: ['text', 'json', 'github'],
    run: validate,
  },
  {
    words: ['mcp'],
    usage: 'mcp [--read-only]',
    summary: () => l10n.t('The MCP server over stdio: the chat tools for agents outside VS Code (--read-only: only the tools that read).'),
    options: { 'read-only': { type: 'boolean' } },
    positionals: false,
    formats: ['text'],
    run: mcp,
  },
];
