// The messages translators get (l10n/bundle.l10n.json, package.nls.json) against the source, and
// each translation against them: a message added to src/ and not exported, or a translation
// missing a message or keeping one no longer asked for, fails here.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, it } from 'mocha';
import { BUNDLE_FILE, exportMessages, messagesText, NLS_FILE } from '../../../scripts/l10n.mjs';

const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
/** `{0}`, `{1}`… of a message, sorted: a translation places the same values. */
const placeholders = (message) => [...String(message).matchAll(/\{\d+\}/g)].map((m) => m[0]).sort();

/** Each translation beside its English file: bundle.l10n.<language>.json, package.nls.<language>.json. */
const translations = [
  ...readdirSync(dirname(BUNDLE_FILE))
    .filter((name) => /^bundle\.l10n\.[\w-]+\.json$/.test(name))
    .map((name) => [join(dirname(BUNDLE_FILE), name), BUNDLE_FILE]),
  ...readdirSync(dirname(NLS_FILE))
    .filter((name) => /^package\.nls\.[\w-]+\.json$/.test(name))
    .map((name) => [join(dirname(NLS_FILE), name), NLS_FILE]),
];

describe('the messages for translators', () => {
  it('l10n/bundle.l10n.json is what `npm run l10n` exports from src/ now', async () => {
    const fresh = messagesText(await exportMessages());
    assert.equal(readFileSync(BUNDLE_FILE, 'utf8'), fresh, 'run `npm run l10n` and commit l10n/bundle.l10n.json');
  }).timeout(60_000);

  for (const [translated, english] of translations) {
    it(`${basename(translated)} translates exactly the messages of ${basename(english)}, with their placeholders`, () => {
      const source = read(english);
      const translation = read(translated);
      assert.deepEqual(
        Object.keys(source).filter((key) => !(key in translation)),
        [],
        'missing',
      );
      assert.deepEqual(
        Object.keys(translation).filter((key) => !(key in source)),
        [],
        'no longer asked for',
      );
      for (const [key, message] of Object.entries(translation)) {
        assert.deepEqual(
          placeholders(typeof message === 'string' ? message : message.message),
          placeholders(typeof source[key] === 'string' ? source[key] : source[key].message),
          key,
        );
      }
    });
  }
});
