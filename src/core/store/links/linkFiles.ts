/**
 * The link files of a workspace's folders as this window knows them: each read once and kept, and
 * changed one change at a time per folder, so that no read overlaps this window's own write. A file
 * read while it is written reads empty (measured in VS Code's file service: 130 of 200 reads during
 * a write of the same file), and an empty file taken for one with no links would lose every link on
 * the next write. A file that is not a link file is never written over.
 */
import * as l10n from '@vscode/l10n';
import { formatLinks, LINKS_FILE, parseLinks, type Link } from './linkFile';

/** Reads and writes the link file of a folder (named by a string the caller understands). */
export interface LinkFileAccess {
  /** The link file's text, or undefined when the folder has none. */
  read(folder: string): Promise<string | undefined>;
  write(folder: string, text: string): Promise<void>;
}

/** A folder's link file as read: its links, or undefined when its text is not a link file. */
type Known = Link[] | undefined;

export class LinkFiles {
  /** What each folder's link file was read or written as; a folder not in it is read again. */
  private readonly known = new Map<string, Known>();
  /** Each folder's reads and changes, one after another; a step never waits for a later one. */
  private readonly turns = new Map<string, Promise<unknown>>();

  constructor(private readonly access: LinkFileAccess) {}

  /** The links of `folder`'s link file (none when it has none, or its text is not a link file). */
  async links(folder: string): Promise<Link[]> {
    const known = this.known.has(folder) ? this.known.get(folder) : await this.inTurn(folder, () => this.knownIn(folder));
    return known ?? [];
  }

  /** Changes `folder`'s links by `edit` and writes them, after every change asked for before it. */
  change(folder: string, edit: (links: readonly Link[]) => Link[]): Promise<Link[]> {
    return this.inTurn(folder, async () => {
      const now = await this.knownIn(folder);
      if (now === undefined) {
        this.known.delete(folder);
        throw new Error(l10n.t('{0} is not a link file that can be changed (it is not a JSON object): correct or delete it, then try again', LINKS_FILE));
      }
      const links = edit(now);
      this.known.set(folder, links);
      try {
        await this.access.write(folder, formatLinks(links));
      } catch (error) {
        this.known.delete(folder);
        throw error;
      }
      return links;
    });
  }

  /** Forgets what was read (a link file changed on disk): the next ask reads again, after this window's writes. */
  forget(): void {
    this.known.clear();
  }

  /** Within a turn: what is known of `folder`, read when nothing is. */
  private async knownIn(folder: string): Promise<Known> {
    if (!this.known.has(folder)) {
      const text = await this.access.read(folder);
      this.known.set(folder, text === undefined ? [] : parseLinks(text));
    }
    return this.known.get(folder);
  }

  private inTurn<T>(folder: string, step: () => Promise<T>): Promise<T> {
    const done = (this.turns.get(folder) ?? Promise.resolve()).then(step);
    this.turns.set(
      folder,
      done.catch(() => undefined),
    );
    return done;
  }
}
