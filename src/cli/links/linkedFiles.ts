/**
 * The folder's linked files, as the extension reads them: `.vscode/jsonbin-links.json` through the
 * core's `LinkFiles`, here over Node's file system. Only the links to the service this run talks to
 * are served; the others are named on stderr, since no key given here is theirs.
 */
import * as l10n from '@vscode/l10n';
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { normalizeBaseUrl } from '../../core/api';
import { LINKS_FILE, parseLinks, type Link } from '../../core/store/links/linkFile';
import { LinkFiles, type LinkFileAccess } from '../../core/store/links/linkFiles';
import type { CommandContext } from '../command';
import { Refusal, seeHelp } from '../exit';

/** Link files on disk; a folder is a path. */
class NodeLinkFiles implements LinkFileAccess {
  /** What each folder's file held when read, to tell "no file" and "not a link file" from "no links". */
  readonly texts = new Map<string, string | undefined>();

  async read(folder: string): Promise<string | undefined> {
    const text = await readText(join(folder, LINKS_FILE));
    this.texts.set(folder, text);
    return text;
  }

  async write(folder: string, text: string): Promise<void> {
    await writeFile(join(folder, LINKS_FILE), text);
  }
}

/** The links the command acts on: those to this run's service, narrowed to the files named, if any. */
export async function linksOf(context: CommandContext, files: readonly string[]): Promise<Link[]> {
  const { folder, out } = context;
  const access = new NodeLinkFiles();
  const links = await new LinkFiles(access).links(folder);
  const text = access.texts.get(folder);
  if (text === undefined) {
    throw new Refusal(l10n.t('No {0} in {1}: run jsonbin in a folder with linked files, or pass --cwd.', LINKS_FILE, folder));
  }
  if (parseLinks(text) === undefined) {
    throw new Refusal(l10n.t('{0} in {1} is not a link file (not a JSON object).', LINKS_FILE, folder));
  }
  const apiUrl = context.session().apiUrl;
  const here = links.filter((l) => sameService(l.account.apiUrl, apiUrl));
  for (const other of links.filter((l) => !here.includes(l))) {
    out.note(l10n.t('{0}: left out, linked to {1} (this run uses {2})', other.file, other.account.apiUrl, apiUrl));
  }
  if (files.length === 0) {
    return here;
  }
  const named = files.map((f) => relativePath(context, f));
  const unknown = named.filter((f) => !here.some((l) => l.file === f));
  if (unknown.length > 0) {
    throw new Refusal(l10n.t('Not a linked file of {0}: {1}. {2}', folder, unknown.join(', '), seeHelp()));
  }
  return here.filter((l) => named.includes(l.file));
}

/** A path given on the command line (relative to where it was run) as the link file names it. */
function relativePath(context: CommandContext, file: string): string {
  const path = relative(context.folder, resolve(context.cwd, file));
  return isAbsolute(path) ? path : path.split(sep).join('/');
}

function sameService(a: string, b: string): boolean {
  try {
    return normalizeBaseUrl(a) === normalizeBaseUrl(b);
  } catch {
    return false;
  }
}

/** A linked file's text; undefined when it does not exist. */
export function readLinkedFile(folder: string, link: Link): Promise<string | undefined> {
  return readText(join(folder, link.file));
}

export async function writeLinkedFile(folder: string, link: Link, text: string): Promise<void> {
  const path = join(folder, link.file);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

/**
 * The file's text at a git revision (what the repository held: a push's base), undefined when
 * git, the revision or the file there is missing. Git's own errors are not shown: a file new
 * since the revision is not a failure.
 */
export function textAtRevision(folder: string, revision: string, link: Link): Promise<string | undefined> {
  return new Promise((done) => {
    execFile('git', ['show', `${revision}:./${link.file}`], { cwd: folder, maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => done(error ? undefined : stdout));
  });
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      return undefined;
    }
    throw error;
  }
}
