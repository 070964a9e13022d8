/** What the tools act on in a headless session: its core parts, listings fetched as the tools page them, and the settings' defaults. */
import type { Session } from '../core/session';
import { ListingPages } from '../core/store/listingPages';
import { DEFAULT_TOOL_SETTINGS, type ToolParts } from '../core/tools/ports';

export function toolPartsOf(session: Session): ToolParts {
  const listings = new ListingPages(() => session.client);
  // A bin created, deleted or moved by a tool shows in the pages fetched, as the service would list them next.
  session.bins.onDidChangeBins((changes) => listings.follow(changes));
  return {
    account: { id: '', keyKind: session.keyKind },
    client: session.client,
    // The server does not start without a key.
    hasKey: () => Promise.resolve(true),
    bins: session.bins,
    writes: session.writes,
    schemaDocs: session.schemaDocs,
    binCollections: session.binCollections,
    remembered: session.remembered,
    listings,
    settings: DEFAULT_TOOL_SETTINGS,
  };
}
