/**
 * One account's rows of the JSONBin view (`binsView.ts` shows every account's). Nothing is fetched until a row is expanded; a refresh drops what was fetched
 * and VS Code asks again only for the rows that are expanded. Each row kind lists its own
 * children (see `nodes/`); this class keeps the fetched pages and tells VS Code what changed.
 */
import * as vscode from 'vscode';
import { BinServiceError, type BinSummary, type Collection, type RequestScope } from '../../../core/api';
import type { BinChange } from '../../../core/store/binEvents';
import { ListingPages, type Listings as FetchedListings, type Page } from '../../../core/store/listingPages';
import type { Connection } from '../../accounts/connection';
import { Command } from '../../commands/idsAndContextKeys';
import type { SchemaDocs } from '../../../core/schema/schemaDocs';
import {
  BinNode,
  CollectionsNode,
  MessageNode,
  REMEMBERED,
  REMEMBERED_PER_PAGE,
  UncategorizedNode,
  type AccountNode,
  type Listings,
  type LoadMoreNode,
  type Node,
  type RowFilter,
} from './nodes';
import type { RememberedBins } from '../../../core/store/rememberedBins';
import type { BinStore } from '../../../core/store/binStore';
import { DefinitionBins } from './definitionBins';

export type { Page };

export class BinsTree implements vscode.Disposable, FetchedListings {
  private readonly changed = new vscode.EventEmitter<Node | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  /** What is fetched of each listing; Find Bin and the agents' tools search it first. */
  private readonly fetched: ListingPages;
  private readonly listings: Listings;
  /** What the rows are narrowed to (Filter Bins). */
  private filter?: RowFilter;
  private readonly collectionsRoot: CollectionsNode;
  private readonly uncategorizedRoot: UncategorizedNode;
  private rememberedShown = REMEMBERED_PER_PAGE;
  private readonly subscriptions: { dispose(): void }[] = [];

  constructor(
    connection: Connection,
    remembered: RememberedBins,
    private readonly schemaDocs: SchemaDocs,
    /** The account's row, the roots' parent (shown only when there are several accounts). */
    private readonly root: AccountNode,
    /** Whose records mark the rows of definitions. */
    bins: Pick<BinStore, 'onDidReadRecord' | 'onDidStoreRecord' | 'onDidChangeBins'>,
  ) {
    this.fetched = new ListingPages(() => connection.client);
    this.listings = {
      canList: async () => {
        // Known before any row shows: a row offers writes only if its account has a key.
        root.keyStored = Boolean(await connection.keys.get());
        return connection.account.keyKind === 'master' && root.keyStored;
      },
      collections: () => schemaDocs.listCollections(),
      bins: (listingId) => this.page(listingId),
      remembered,
      rememberedShown: () => this.rememberedShown,
      schemaDocName: (id) => schemaDocs.nameOf(id),
      filter: () => this.filter,
    };
    this.collectionsRoot = new CollectionsNode(root, this.listings);
    this.uncategorizedRoot = new UncategorizedNode(root, this.listings);
    // A schema doc's row shows its name once it is read, opened or saved, with no request of its own.
    this.subscriptions.push(schemaDocs.onDidName(() => this.redraw()));
    // A definition's row is marked once its record is read or written, by whichever path.
    root.definitions = new DefinitionBins(bins);
    this.subscriptions.push(
      root.definitions,
      root.definitions.onDidChange(() => this.redraw()),
    );
  }

  async getChildren(node?: Node): Promise<Node[]> {
    if (!node) {
      // A collection filter hides the bins in no collection; `null` (no collection) hides the collections.
      const only = this.filter?.collectionId;
      if (await this.listings.canList()) {
        return only === undefined ? [this.collectionsRoot, this.uncategorizedRoot] : [only ? this.collectionsRoot : this.uncategorizedRoot];
      }
      return this.listings.remembered.count > 0 && !only ? [this.uncategorizedRoot] : [];
    }
    try {
      return await node.children();
    } catch (error) {
      return [errorRow(node, error, this.root)];
    }
  }

  /** Everything listed is fetched again when VS Code next asks (only expanded rows ask), from its first page. */
  refresh(): void {
    this.fetched.clear();
    this.rememberedShown = REMEMBERED_PER_PAGE;
    this.changed.fire(undefined);
  }

  /** Narrows the rows (undefined: all of them); the remembered bins start again from their first page. */
  setFilter(filter: RowFilter | undefined): void {
    this.filter = filter;
    this.rememberedShown = REMEMBERED_PER_PAGE;
    this.changed.fire(undefined);
  }

  /** Shows a change already applied to what was fetched (e.g. a schema doc attached), without a request. */
  redraw(): void {
    this.changed.fire(undefined);
  }

  /** What the fetched pages list after bins changed, as the service would list them next: no listing is fetched again. */
  follow(changes: readonly BinChange[]): void {
    this.fetched.follow(changes);
    this.changed.fire(undefined);
  }

  /** What a fetched listing says of a bin (its privacy, its name), without a request. */
  listed(id: string): BinSummary | undefined {
    for (const page of this.pages.values()) {
      const bin = page.bins.find((b) => b.id === id);
      if (bin) {
        return bin;
      }
    }
    return undefined;
  }

  /** The row of a bin, for revealing it. */
  async binRow(bin: BinSummary, collectionId: string | undefined): Promise<BinNode> {
    const collection: Collection | undefined = collectionId ? (await this.schemaDocs.listCollections()).find((c) => c.id === collectionId) : undefined;
    const parent = collection ? this.collectionsRoot.collectionNode(collection) : this.uncategorizedRoot;
    return new BinNode(parent, bin, collection, !collection);
  }

  async loadMore(node: LoadMoreNode): Promise<void> {
    if (node.listingId === REMEMBERED) {
      this.rememberedShown += REMEMBERED_PER_PAGE;
    } else {
      await this.nextPage(node.listingId);
    }
    this.changed.fire(node.parent);
  }

  get pages(): ReadonlyMap<string, Page> {
    return this.fetched.pages;
  }

  page(listingId: string, scope?: RequestScope): Promise<Page> {
    return this.fetched.page(listingId, scope);
  }

  nextPage(listingId: string, scope?: RequestScope): Promise<void> {
    return this.fetched.nextPage(listingId, scope);
  }

  dispose(): void {
    this.subscriptions.forEach((s) => s.dispose());
    this.changed.dispose();
  }
}

/** A listing that failed: the service's words, and a click that helps (Set API Key acts on the active account). */
function errorRow(parent: Node, error: unknown, root: AccountNode): MessageNode {
  const message = error instanceof Error ? error.message : String(error);
  const keyProblem = error instanceof BinServiceError && (error.kind === 'missingKey' || error.kind === 'invalidKey');
  const active = root.contextValue.endsWith('.active');
  const action = !keyProblem
    ? { command: Command.refresh, title: vscode.l10n.t('Refresh') }
    : active
      ? { command: Command.setApiKey, title: vscode.l10n.t('Set API Key') }
      : { command: Command.rowSwitchAccount, title: vscode.l10n.t('Make this account active, then Set API Key'), arguments: [root] };
  return new MessageNode(parent, message, action, true);
}
