/**
 * The rules of moving bins to and from files: which files are uploaded and under what bin name,
 * what a bin's file is called and holds, and how a batch's outcome is told. No `vscode` import,
 * so that they are tested in plain Node (their words come through `@vscode/l10n`).
 */
import * as l10n from '@vscode/l10n';
import { MAX_BIN_NAME } from '../../../core/api';
import { sentences } from '../../ui/sentences';

const JSON_FILE = /\.json$/i;

/**
 * Characters of a file name kept at most: a bin name of 128 Latin-1 characters can take 256 bytes
 * in UTF-8, over the 255 most file systems allow, before the id and `.json` are added.
 */
const MAX_FILE_STEM = 100;

/** Names Windows reserves for devices, whatever their extension. */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i;

/**
 * The reason given for a file left unsent because the user cancelled. This module loads with the
 * commands, after activation gave `@vscode/l10n` VS Code's words.
 */
export const CANCELLED = l10n.t('Not sent: cancelled');

export function isJsonFileName(fileName: string): boolean {
  return JSON_FILE.test(fileName);
}

/** A file's bin name: its name without `.json`, cut to the service's limit; undefined when nothing is left. */
export function binNameOfFile(fileName: string): string | undefined {
  const name = [...fileName.replace(JSON_FILE, '')].slice(0, MAX_BIN_NAME).join('');
  return name.trim() === '' ? undefined : name;
}

/** A bin's name as a file name's stem that every common file system accepts; `fallback` (the id) when none is left. */
export function safeFileStem(name: string, fallback: string): string {
  const stem = [...name]
    // eslint-disable-next-line no-control-regex
    .map((c) => (/[/\\:*?"<>|\u0000-\u001f\u007f]/.test(c) ? '_' : c))
    .slice(0, MAX_FILE_STEM)
    .join('')
    // Windows drops trailing dots and spaces, which would make two names one.
    .replace(/[. ]+$/, '')
    .trim();
  if (stem === '') {
    return fallback;
  }
  return RESERVED.test(stem) ? `_${stem}` : stem;
}

/**
 * One file name per bin, in the same order: the bin's name made safe, or its id when it has none;
 * bins whose names would be the same file (letter case aside, as on Windows and macOS) all get
 * their id added, so that no bin takes a name over another and every file says which bin it is.
 */
export function exportFileNames(bins: readonly { id: string; name?: string }[]): string[] {
  const key = (name: string) => name.toLowerCase();
  const stems = bins.map((b) => safeFileStem(b.name ?? '', b.id));
  const counts = new Map<string, number>();
  for (const stem of stems) {
    counts.set(key(stem), (counts.get(key(stem)) ?? 0) + 1);
  }
  const collides = (stem: string) => counts.get(key(stem))! > 1;
  const withId = stems.map((stem, i) => `${stem} (${bins[i].id})`);
  // A name that is already another bin's name with its id ("a (id)") takes its own id too.
  const taken = new Set(withId.filter((_, i) => collides(stems[i])).map(key));
  return stems.map((stem, i) => `${collides(stem) || taken.has(key(stem)) ? withId[i] : stem}.json`);
}

/** A record as its file holds it: 2-space indentation and a final line break. */
export function formatRecord(record: unknown): string {
  return `${JSON.stringify(record, null, 2)}\n`;
}

/** The URIs of a `text/uri-list` (RFC 2483): one a line, `#` lines are comments. */
export function parseUriList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** Refusals named in a summary; the rest are counted. */
const NAMED_REFUSALS = 3;

/**
 * What a batch of files did, in one sentence per outcome: the bins created and where (`collection`:
 * its name; undefined: in no collection), the files that may have been created (their answer could
 * not be read), the files refused by name with why (the first few), and how many the user's
 * cancelling left unsent.
 */
export function uploadSummary(
  created: number,
  collection: string | undefined,
  refused: readonly { name: string; reason: string }[],
  uncertain: readonly string[] = [],
): string {
  const unsent = refused.filter((r) => r.reason === CANCELLED).length;
  const problems = refused.filter((r) => r.reason !== CANCELLED);
  const parts = [createdIn(created, collection)];
  if (uncertain.length > 0) {
    parts.push(l10n.t("May have been created: {0} (the service's answer could not be read; refresh to see before uploading again).", uncertain.join(', ')));
  }
  if (problems.length > 0) {
    const named = problems
      .slice(0, NAMED_REFUSALS)
      .map((r) => l10n.t({ message: '{0} ({1})', args: [r.name, r.reason], comment: ['A file refused: its name (why)'] }))
      .join('; ');
    const more = problems.length - NAMED_REFUSALS;
    parts.push(
      more > 0
        ? l10n.t('Refused {0} files: {1}; and {2} more.', problems.length, named, more)
        : problems.length === 1
          ? l10n.t('Refused 1 file: {0}.', named)
          : l10n.t('Refused {0} files: {1}.', problems.length, named),
    );
  }
  if (unsent > 0) {
    parts.push(unsent === 1 ? l10n.t('Cancelled: 1 file not sent.') : l10n.t('Cancelled: {0} files not sent.', unsent));
  }
  return sentences(parts[0], ...parts.slice(1));
}

function createdIn(created: number, collection: string | undefined): string {
  if (collection === undefined) {
    return created === 1 ? l10n.t('Created 1 bin in no collection.') : l10n.t('Created {0} bins in no collection.', created);
  }
  return created === 1 ? l10n.t('Created 1 bin in collection "{0}".', collection) : l10n.t('Created {0} bins in collection "{1}".', created, collection);
}
