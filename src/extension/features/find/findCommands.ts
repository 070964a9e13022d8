/** Finding a bin across every listing, and narrowing the view's rows (Filter Bins). */
import * as vscode from 'vscode';
import { settings } from '../../config';
import { setFiltered } from '../../ui/contextKeys';
import { notice } from '../../ui/feedback';
import { pickLive } from '../../ui/livePick';
import type { LiveItems } from '../../ui/prompter';
import { cancelIfUndefined } from '../../commands/args';
import { leastRequests, searchBins, type Match, type Search, type SearchParts } from './binSearch';
import { Command } from '../../commands/idsAndContextKeys';
import type { Parts } from '../parts';
import type { ViewParts } from '../tree/binsView';
import { needs, register, required, type Handler } from '../commandForms';
import { confirmRequests } from '../requestWarning';

export interface FindOptions {
  /** Requests the search may send (default: the `jsonbin.find.maxRequests` setting). */
  maxRequests?: number;
}

export interface BinFilter {
  /** A part of the bin's name (its id when it has none), in any case. */
  name?: string;
  private?: boolean;
  /** A collection's id; null: the bins in no collection. */
  collectionId?: string | null;
}

type MatchItem = vscode.QuickPickItem & { match: Match };

/** Where a match is, or what the view is narrowed to: a collection (its name), or none. */
function inCollection(name: string | undefined): string {
  return name ? vscode.l10n.t('in {0}', name) : vscode.l10n.t('in no collection');
}

/** A count of requests, as a segment of a status. */
function requestCount(n: number): string {
  return n === 1 ? vscode.l10n.t('1 request') : vscode.l10n.t('{0} requests', n);
}

/** The pick of an interactive search: matches show as they are found, and closing it stops the search. */
class FindSession implements LiveItems<MatchItem> {
  items: MatchItem[] = [];
  status = vscode.l10n.t('Searching…');
  done = false;
  closed = false;
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  readonly choice: Promise<MatchItem | undefined>;

  constructor(p: Pick<Parts, 'prompts'>, query: string) {
    this.choice = pickLive(p.prompts.current, this, {
      placeHolder: vscode.l10n.t('Bins whose name or id contains "{0}"', query),
      matchOnDescription: true,
      matchOnDetail: true,
    });
  }

  update(search: Search, status: string, done: boolean): void {
    this.items = search.matches.map((match) => ({
      label: `$(${match.private ? 'lock' : 'globe'}) ${match.name ?? match.id}`,
      description: match.id,
      detail: inCollection(match.collectionName),
      match,
    }));
    Object.assign(this, { status, done });
    this.changed.fire();
  }

  /** The search failed: the pick says why, keeping what was found. */
  fail(error: unknown): void {
    Object.assign(this, { status: error instanceof Error ? error.message : String(error), done: true });
    this.changed.fire();
  }

  close(): void {
    this.closed = true;
  }
}

export function findCommands(p: SearchParts & ViewParts & Pick<Parts, 'prompts'>): Handler[] {
  let current: BinFilter = {};
  const applyFilter = async (filter: BinFilter) => {
    current = { name: filter.name?.trim() || undefined, private: filter.private, collectionId: filter.collectionId };
    const active = Object.values(current).some((v) => v !== undefined);
    const { name, private: isPrivate, collectionId } = current;
    p.tree.setFilter(
      active
        ? {
            collectionId,
            shows: (bin, listing) =>
              (collectionId === undefined || collectionId === listing) &&
              (isPrivate === undefined || isPrivate === (bin.private !== false)) &&
              (!name || (bin.name ?? bin.id).toLowerCase().includes(name.toLowerCase())),
          }
        : undefined,
    );
    p.treeView.description = active ? await describeFilter(p, current) : undefined;
    await setFiltered(active);
  };

  return [
    ...register(
      Command.findBin,
      {
        // The interactive forms pass the session whose pick shows the matches as they come.
        run: (query: string, options?: FindOptions, session?: FindSession) => findBin(p, query, options ?? {}, session),
        ask: () => askFind(p),
        show: async (_, [, , session]) => {
          const chosen = await session?.choice;
          if (chosen) {
            await vscode.commands.executeCommand(Command.openBin, chosen.match.id, chosen.match.name);
          }
        },
      },
      { view: Command.viewFindBin },
    ),

    ...register(
      Command.filterBins,
      {
        run: (filter: BinFilter) => applyFilter(checkFilter(filter)),
        ask: async () => [await askFilter(p, current)],
      },
      { view: Command.viewFilterBins },
    ),

    ...register(Command.clearFilter, { run: () => applyFilter({}), ask: async () => [] }, { view: Command.viewClearFilter }),
  ];
}

async function findBin(p: SearchParts & Pick<Parts, 'prompts'>, query: string, options: FindOptions, session?: FindSession) {
  if (typeof required(query, "a query: part of a bin's name or id", Command.findBin) !== 'string' || query.trim() === '') {
    throw new Error(needs(Command.findBin, "a query: part of a bin's name or id"));
  }
  const maxRequests = options.maxRequests ?? settings.findMaxRequests();
  if (!Number.isInteger(maxRequests) || maxRequests < 0) {
    throw new Error(needs(Command.findBin, 'maxRequests: a whole number from 0'));
  }
  let search: Search;
  if (session) {
    search = await searchBins(p, query, maxRequests, {
      report: (s) => session.update(s, statusOf(s, query, maxRequests, false), false),
      cancelled: () => session.closed,
    }).catch((error: unknown) => {
      session.fail(error);
      throw error;
    });
    session.update(search, statusOf(search, query, maxRequests, true), true);
  } else {
    search = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: notice(vscode.l10n.t('Finding bins…')), cancellable: true },
      (_, token) => searchBins(p, query, maxRequests, { report: () => undefined, cancelled: () => token.isCancellationRequested }),
    );
    if (search.failures.length > 0) {
      throw new Error(search.failures[0]);
    }
    if (search.capped) {
      void vscode.window.showWarningMessage(notice(statusOf(search, query, maxRequests, true)));
    }
  }
  if (search.requests > 0) {
    // The pages fetched are the view's too.
    p.tree.redraw();
  }
  return search.matches.map(({ id, name, collectionId }) => ({ id, name, collectionId }));
}

/** A search's status: segments (what was found, the requests, why it stopped, what failed) joined by " · ". */
function statusOf(search: Search, query: string, maxRequests: number, done: boolean): string {
  const parts = [foundSoFar(search.matches.length, query, done), requestCount(search.requests)];
  if (search.capped) {
    parts.push(stoppedAtCap(maxRequests, search.unfinished));
  } else if (search.unfinished > 0) {
    parts.push(
      search.unfinished === 1
        ? vscode.l10n.t('stopped: 1 listing not searched to the end')
        : vscode.l10n.t('stopped: {0} listings not searched to the end', search.unfinished),
    );
  }
  return [...parts, ...search.failures].join(' · ');
}

function foundSoFar(found: number, query: string, done: boolean): string {
  if (found === 0) {
    return done ? vscode.l10n.t('No bin\'s name or id contains "{0}"', query) : vscode.l10n.t('Searching… No bin\'s name or id contains "{0}"', query);
  }
  if (found === 1) {
    return done ? vscode.l10n.t('1 bin found') : vscode.l10n.t('Searching… 1 bin found');
  }
  return done ? vscode.l10n.t('{0} bins found', found) : vscode.l10n.t('Searching… {0} bins found', found);
}

function stoppedAtCap(cap: number, unfinished: number): string {
  if (cap === 1) {
    return unfinished === 1
      ? vscode.l10n.t('stopped at the cap of 1 request: 1 listing not searched to the end')
      : vscode.l10n.t('stopped at the cap of 1 request: {0} listings not searched to the end', unfinished);
  }
  return unfinished === 1
    ? vscode.l10n.t('stopped at the cap of {0} requests: 1 listing not searched to the end', cap)
    : vscode.l10n.t('stopped at the cap of {0} requests: {1} listings not searched to the end', cap, unfinished);
}

/** The query, then (unless what is fetched covers everything) how many requests the search may send. */
async function askFind(p: SearchParts & Pick<Parts, 'prompts'>): Promise<[string, FindOptions, FindSession]> {
  const query = cancelIfUndefined(
    await p.prompts.input({
      prompt: vscode.l10n.t("Part of the bin's name or id"),
      ignoreFocusOut: true,
      validateInput: (t) => (t.trim() === '' ? vscode.l10n.t('Type part of a name or id') : undefined),
    }),
  ).trim();
  const cap = settings.findMaxRequests();
  const least = await leastRequests(p);
  let maxRequests = cap;
  if (least > 0 && cap > 0) {
    const every = {
      label: vscode.l10n.t('$(search) Search every collection'),
      description: cap === 1 ? vscode.l10n.t('up to 1 request') : vscode.l10n.t('up to {0} requests', cap),
      detail:
        least > cap
          ? vscode.l10n.t('It needs at least {0}: it stops at the cap before the end', least)
          : vscode.l10n.t('At least {0}; the jsonbin.find.maxRequests setting is the cap', least),
    };
    const listed = {
      label: vscode.l10n.t('$(list-flat) Search what is already listed'),
      description: vscode.l10n.t('no request'),
      detail: vscode.l10n.t('Remembered bins and the pages the view fetched'),
    };
    const placeHolder =
      cap === 1
        ? vscode.l10n.t('Searching every collection may send up to 1 request')
        : vscode.l10n.t('Searching every collection may send up to {0} requests', cap);
    maxRequests = cancelIfUndefined(await p.prompts.pick([every, listed], { placeHolder, ignoreFocusOut: true })) === every ? cap : 0;
    // The cap is the estimate: how many pages the listings have is not known before they are fetched.
    await confirmRequests(
      p,
      settings.warnAboveRequests(),
      maxRequests,
      () => vscode.l10n.t('Searching every collection sends up to {0} requests. Send them?', maxRequests),
      vscode.l10n.t('The jsonbin.find.maxRequests setting caps it; it sends fewer when the listings end sooner.'),
    );
  }
  return [query, { maxRequests }, new FindSession(p, query)];
}

function checkFilter(filter: BinFilter): BinFilter {
  const { name, private: isPrivate, collectionId } = required(filter, '{ name?, private?, collectionId? }', Command.filterBins);
  const fits =
    typeof filter === 'object' &&
    (name === undefined || typeof name === 'string') &&
    (isPrivate === undefined || typeof isPrivate === 'boolean') &&
    (collectionId === undefined || collectionId === null || typeof collectionId === 'string');
  if (!fits) {
    throw new Error(needs(Command.filterBins, '{ name?: string, private?: boolean, collectionId?: string or null }'));
  }
  return filter;
}

/** Name, privacy and collection; the collections offered are those listed already, so asking costs nothing. */
async function askFilter(p: Pick<Parts, 'prompts' | 'schemaDocs'>, current: BinFilter): Promise<BinFilter> {
  const ui = p.prompts;
  const name = cancelIfUndefined(
    await ui.input({ prompt: vscode.l10n.t('Show the bins whose name (or id) contains (empty: any name)'), value: current.name, ignoreFocusOut: true }),
  );
  const privacy = [
    { label: vscode.l10n.t('Any privacy'), value: undefined },
    { label: vscode.l10n.t('$(lock) Private'), value: true },
    { label: vscode.l10n.t('$(globe) Public'), value: false },
  ];
  const isPrivate = cancelIfUndefined(await ui.pick(privacy, { placeHolder: vscode.l10n.t('Privacy'), ignoreFocusOut: true })).value;
  const collections = p.schemaDocs.listed ? await p.schemaDocs.listCollections().catch(() => []) : [];
  const places = [
    { label: vscode.l10n.t('Any collection'), id: undefined as string | null | undefined },
    { label: vscode.l10n.t('$(inbox) No collection'), id: null },
    ...collections.map((c) => ({ label: `$(folder) ${c.name}`, id: c.id })),
  ];
  const placeHolder = p.schemaDocs.listed ? vscode.l10n.t('Collection') : vscode.l10n.t('Collection (expand Collections in the view to choose one of them)');
  const collectionId = cancelIfUndefined(await ui.pick(places, { placeHolder, ignoreFocusOut: true })).id;
  return { name, private: isPrivate, collectionId };
}

/** What the view's title says while filtered, e.g. `filter: "conf", private, in Settings`. */
async function describeFilter(p: Pick<Parts, 'schemaDocs'>, filter: BinFilter): Promise<string> {
  const parts: string[] = [];
  if (filter.name) {
    parts.push(JSON.stringify(filter.name));
  }
  if (filter.private !== undefined) {
    parts.push(filter.private ? vscode.l10n.t('private') : vscode.l10n.t('public'));
  }
  if (filter.collectionId === null) {
    parts.push(inCollection(undefined));
  } else if (filter.collectionId) {
    const listed = p.schemaDocs.listed ? await p.schemaDocs.listCollections().catch(() => []) : [];
    parts.push(inCollection(listed.find((c) => c.id === filter.collectionId)?.name ?? filter.collectionId));
  }
  return vscode.l10n.t({
    message: 'filter: {0}',
    args: [parts.join(', ')],
    comment: ['{0}: what the view shows, as a list such as: "conf", private, in Settings'],
  });
}
