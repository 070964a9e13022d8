// The extension's messages for translators, with @vscode/l10n-dev: `npm run l10n` writes
// l10n/bundle.l10n.json, every `l10n.t` and `vscode.l10n.t` message of src/ (a unit test fails
// when the committed file differs from a fresh export). A translation sits beside it as
// bundle.l10n.<language>.json, and package.nls.<language>.json beside package.nls.json (the
// manifest's words). `pseudoLocale()` writes the pseudo-language's pair, for the integration run
// in that language (test/runner/code-server.mjs --pseudo-locale); they are not committed.
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getL10nJson, getL10nPseudoLocalized } from '@vscode/l10n-dev';

const root = resolve(import.meta.dirname, '..');
export const BUNDLE_FILE = join(root, 'l10n', 'bundle.l10n.json');
export const NLS_FILE = join(root, 'package.nls.json');
export const PSEUDO_LOCALE = 'qps-ploc';

/** Every message of src/, the files in path order and each file's messages in the order written. */
export async function exportMessages() {
  const files = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .sort();
  return getL10nJson(files.map((file) => ({ extension: extname(file), contents: readFileSync(join(root, 'src', file), 'utf8') })));
}

export const messagesText = (messages) => JSON.stringify(messages, null, 2) + '\n';

/** The pseudo-language's bundle and package.nls, made from the English ones; returns their paths. */
export function pseudoLocale(locale = PSEUDO_LOCALE) {
  const written = [
    [BUNDLE_FILE, join(root, 'l10n', `bundle.l10n.${locale}.json`)],
    [NLS_FILE, join(root, `package.nls.${locale}.json`)],
  ];
  for (const [english, translated] of written) {
    writeFileSync(translated, messagesText(getL10nPseudoLocalized(JSON.parse(readFileSync(english, 'utf8')))));
  }
  return written.map(([, translated]) => translated);
}

export function removePseudoLocale(locale = PSEUDO_LOCALE) {
  for (const file of [join(root, 'l10n', `bundle.l10n.${locale}.json`), join(root, `package.nls.${locale}.json`)]) {
    rmSync(file, { force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const messages = await exportMessages();
  writeFileSync(BUNDLE_FILE, messagesText(messages));
  console.log(`wrote ${Object.keys(messages).length} messages to ${BUNDLE_FILE}`);
}
