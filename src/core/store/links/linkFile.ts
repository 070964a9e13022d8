/**
 * The links a team commits: `.vscode/jsonbin-links.json` in a workspace folder, each a file (its
 * path relative to the folder, with `/`), a bin id, the account by its name and service URL, and
 * whether saving the file pushes it. Never a key: the format has no place for one, and a field it
 * does not know (a key pasted by hand) is dropped on the next write.
 */

/** The link file's path in its workspace folder. */
export const LINKS_FILE = '.vscode/jsonbin-links.json';

export interface LinkAccount {
  name: string;
  apiUrl: string;
}

export interface Link {
  /** Relative to the workspace folder, with `/`. */
  file: string;
  binId: string;
  account: LinkAccount;
  /** Saving the file pushes it (opt-in per link). */
  pushOnSave?: boolean;
}

/**
 * The links of a link file's text; entries of another shape are left out. Undefined when the text
 * is not a link file (not JSON, not an object): it is never written over, as it may be one being
 * edited or merged.
 */
export function parseLinks(text: string): Link[] | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return undefined;
  }
  const links = (value as { links?: unknown }).links;
  return Array.isArray(links) ? links.filter(isLink).map(onlyKnown) : [];
}

/** The link file's text: its links by path, two spaces, a final newline (what a reviewer reads in a diff). */
export function formatLinks(links: readonly Link[]): string {
  const sorted = [...links].map(onlyKnown).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return `${JSON.stringify({ links: sorted }, null, 2)}\n`;
}

/** The links with `link` in place of any other of its file. */
export function withLink(links: readonly Link[], link: Link): Link[] {
  return [...withoutLink(links, link.file), link];
}

export function withoutLink(links: readonly Link[], file: string): Link[] {
  return links.filter((l) => l.file !== file);
}

function isLink(value: unknown): value is Link {
  const l = value as Link;
  return (
    typeof l === 'object' &&
    l !== null &&
    typeof l.file === 'string' &&
    l.file !== '' &&
    typeof l.binId === 'string' &&
    l.binId !== '' &&
    typeof l.account?.name === 'string' &&
    typeof l.account.apiUrl === 'string' &&
    (l.pushOnSave === undefined || typeof l.pushOnSave === 'boolean')
  );
}

/** Only the fields of the format, in its order. */
function onlyKnown(l: Link): Link {
  return { file: l.file, binId: l.binId, account: { name: l.account.name, apiUrl: l.account.apiUrl }, ...(l.pushOnSave ? { pushOnSave: true } : {}) };
}
