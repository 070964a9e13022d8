/**
 * The tools whose cost grows with the account: Find Bin and Validate Collection, each within a
 * request cap (the call's `maxRequests`, else the user's settings). What they would need beyond
 * it is refused before it is sent, and said.
 */
import { checkCollection, type Listing } from '../store/collectionCheck';
import { leastRequests, searchBins } from '../store/binSearch';
import { capOf, withinCap } from './readTools';
import { ToolRefusal } from './result';
import { numberInput, textInput, type Run } from './input';

export const findBins: Run = async (p, input) => {
  const query = textInput(input, 'query', true);
  const warn = p.settings.warnAboveRequests() || Number.POSITIVE_INFINITY;
  const cap = numberInput(input, 'maxRequests', 0) ?? Math.min(p.settings.findMaxRequests(), warn);
  const least = await leastRequests(p);
  withinCap(least, cap);
  const search = await searchBins(p, query, cap, { report: () => undefined, cancelled: () => false }, p.scope);
  return {
    query,
    matches: search.matches.map((m) => ({ id: m.id, name: m.name, collectionId: m.collectionId, collectionName: m.collectionName, private: m.private })),
    ...(search.capped ? { capped: true, unfinishedListings: search.unfinished } : {}),
    ...(search.failures.length ? { failures: search.failures } : {}),
  };
};

/** Requests the check needs before its first read: the collections' listing and the schema doc, when not known. */
async function schemaRequests(p: Parameters<Run>[0], collectionId: string): Promise<number> {
  if (!p.schemaDocs.listed) {
    return 2;
  }
  const schemaDocId = (await p.schemaDocs.listCollections()).find((c) => c.id === collectionId)?.schemaDocId;
  return schemaDocId && p.schemaDocs.nameOf(schemaDocId) === undefined ? 1 : 0;
}

export const validateCollection: Run = async (p, input) => {
  const collectionId = textInput(input, 'collectionId', true);
  const cap = capOf(p, input);
  const before = await schemaRequests(p, collectionId);
  // The view's listing, when it has every page, costs nothing; otherwise at least its first page.
  const fetched = p.listings.pages.get(collectionId);
  const listing: Listing | undefined = fetched && !fetched.more ? { bins: fetched.bins, pages: 0 } : undefined;
  withinCap(before + (listing ? listing.bins.length : 1), cap);
  let check;
  try {
    check = await checkCollection(p.client, p.schemaDocs, collectionId, {
      scope: p.scope,
      listing,
      unsavedText: (id) => p.editor?.unsavedText?.(id),
      // The reads are refused, after the listing, when they would pass the cap.
      listed: (bins, pages) => Promise.resolve(withinCap(before + pages + bins, cap)),
      maxPlaced: p.settings.maxProblems(),
    });
  } catch (error) {
    if (error instanceof ToolRefusal) {
      throw error;
    }
    throw new ToolRefusal((error as Error).message);
  }
  return {
    collectionId,
    against: check.against,
    checked: check.checked,
    failing: check.failing.map(({ id, name, problems }) => ({ id, name, problems: problems.map(({ path, message }) => ({ path, message })) })),
    ...(check.notRead.length ? { notRead: check.notRead } : {}),
  };
};
