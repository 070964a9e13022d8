/**
 * Addresses and snippets that read a bin from outside the editor. The key never appears in them:
 * a private bin's snippet reads it from an environment variable the user sets.
 */
import { checkId, parseBaseUrl } from './checks';
import { isHostedService } from './serviceFacts';
import type { KeyKind } from './types';

/** Where a snippet for a private bin takes the key from. */
export const KEY_VARIABLE = 'JSONBIN_MASTER_KEY';
export const ACCESS_KEY_VARIABLE = 'JSONBIN_ACCESS_KEY';

export { isHostedService };

/** The header and environment variable a snippet uses for each kind of key. */
function keyOf(kind: KeyKind): { header: string; variable: string } {
  return kind === 'access' ? { header: 'X-Access-Key', variable: ACCESS_KEY_VARIABLE } : { header: 'X-Master-Key', variable: KEY_VARIABLE };
}

/** The address that reads the latest record of a bin; without a key it answers only for a public bin. */
export function publicUrl(baseUrl: string, binId: string): string {
  // Parsed, so that what reaches a snippet is a well-formed URL, as the client itself sends to.
  return `${parseBaseUrl(baseUrl).href.replace(/\/+$/, '')}/b/${checkId(binId, 'Bin Id')}/latest`;
}

export function dashboardUrl(binId: string): string {
  return `https://jsonbin.io/app/bins/${checkId(binId, 'Bin Id')}`;
}

/**
 * JavaScript that prints the bin's record, for Node 18 or later and browsers alike (no top-level
 * await, no import). A private bin's key (`key`: its kind) comes from `process.env.JSONBIN_MASTER_KEY`
 * or `process.env.JSONBIN_ACCESS_KEY`; a public bin's snippet sends none.
 */
export function fetchSnippet(baseUrl: string, binId: string, key: KeyKind | undefined): string {
  const url = JSON.stringify(publicUrl(baseUrl, binId));
  const options = key ? `, {\n  headers: { "${keyOf(key).header}": process.env.${keyOf(key).variable} },\n}` : '';
  return [
    `fetch(${url}${options})`,
    '  .then((response) => {',
    '    if (!response.ok) throw new Error(`JSONBin answered ${response.status}`);',
    '    return response.json();',
    '  })',
    '  .then(({ record }) => console.log(record));',
    '',
  ].join('\n');
}

/** A POSIX shell command that prints the bin with its metadata; a private bin's key comes from `$JSONBIN_MASTER_KEY` (or `$JSONBIN_ACCESS_KEY`). */
export function curlSnippet(baseUrl: string, binId: string, key: KeyKind | undefined): string {
  const header = key ? ` -H "${keyOf(key).header}: $${keyOf(key).variable}"` : '';
  return `curl -sS${header} ${shellQuoted(publicUrl(baseUrl, binId))}\n`;
}

function shellQuoted(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
