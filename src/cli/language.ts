/**
 * The command line's words in the user's language: the extension's own translations
 * (l10n/bundle.l10n.<language>.json, beside the bundle's folder in a clone), chosen by the
 * environment's locale; English, the source's own words, otherwise or when none is found.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { useMessages, type Messages } from '../platform/l10n';

const TRANSLATED = [
  { prefix: 'ja', bundle: 'ja' },
  { prefix: 'zh', bundle: 'zh-cn' },
];

export function useLanguage(env: NodeJS.ProcessEnv, script: string | undefined): void {
  const locale = (env.JSONBIN_LANGUAGE || env.LC_ALL || env.LC_MESSAGES || env.LANG || '').toLowerCase();
  const language = TRANSLATED.find((t) => locale.startsWith(t.prefix));
  if (!language || !script) {
    return;
  }
  try {
    // dist/cli/jsonbin.mjs in a clone: the translations are two folders up.
    const file = join(dirname(realpathSync(script)), '..', '..', 'l10n', `bundle.l10n.${language.bundle}.json`);
    useMessages(JSON.parse(readFileSync(file, 'utf8')) as Messages);
  } catch {
    // No translation where this copy runs: the English words.
  }
}
