/**
 * What the listings suite shares: a bin service of its own (its bins in no collection are the
 * suite's alone), each listing read as the user or an agent sees it (the view's rows, the chat
 * tool's pages, a table's rows and its grid's order), and what the service itself lists, which
 * every listing must show after a change, with no request of its own.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { BinClient } from '../../src/core/api';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import type { TableSnapshot } from '../../src/extension/features/table/tableSession';
import type { Node } from '../../src/extension/features/tree/nodes';
import type { Prompter } from '../../src/extension/ui/prompter';
import { BinService } from '../service/server';
import type { Account, StoredBin } from '../service/store';
import { config, idle, kindOf, labelOf, pathsOf, prompter, run, setup, TEST_KEY, until, type World } from './support';

/** A bin as a listing shows it: its id, its name (its id when it has none), its privacy. */
export interface Shown {
  id: string;
  name: string;
  private: boolean;
}

/** A collection's bins, or (null) the bins in no collection. */
export interface Listing {
  collectionId: string | null;
  /** The collection's name: its row's label. */
  name?: string;
}

export type Snapshot = TableSnapshot & { reading: boolean };

const shownOf = (b: { id: string; name?: string; private?: boolean }): Shown => ({ id: b.id, name: b.name ?? b.id, private: b.private !== false });

/** The suite's service and client, the extension pointed at it, and the prompts answered from a queue. */
export class ListingsWorld {
  readonly service = new BinService();
  other!: BinClient;
  private account!: Account;
  w!: World;
  private answers: (string | true)[] = [];

  async start(): Promise<void> {
    this.w = await setup();
    const url = await this.service.start();
    this.account = this.service.addAccount('free', undefined, TEST_KEY);
    this.other = new BinClient({ baseUrl: url, key: () => TEST_KEY });
    await config().update('apiUrl', url, vscode.ConfigurationTarget.Global);
    // The default account's key is kept under its service's URL.
    await run(Command.setApiKey, TEST_KEY);
    this.w.api.setPrompter(this.prompter());
  }

  async stop(): Promise<void> {
    this.w.api.setPrompter(undefined);
    await config().update('apiUrl', this.w.service.baseUrl, vscode.ConfigurationTarget.Global);
    await this.service.stop();
  }

  /** Runs `action` with these answers to its questions, in order: each must be asked. */
  async answering<T>(answers: (string | true)[], action: () => PromiseLike<T>): Promise<T> {
    this.answers = [...answers];
    const result = await action();
    assert.deepEqual(this.answers, [], `not asked: ${this.answers.join(', ')}`);
    return result;
  }

  private prompter(): Prompter {
    const take = (question: string) => this.answers.shift() ?? assert.fail(`unexpected question: ${question}`);
    return prompter({
      input: async (options) => {
        const answer = take(options.prompt ?? '');
        assert.equal(await options.validateInput?.(String(answer)), undefined);
        return String(answer);
      },
      pick: async (items, options) => {
        const answer = String(take(options.placeHolder ?? ''));
        const item = items.find((i) => i.label.replace(/\$\([\w-]+\)\s*/, '').startsWith(answer));
        return item ?? assert.fail(`no item "${answer}" among ${items.map((i) => i.label).join(', ')}`);
      },
      confirm: async (message) => take(message) === true,
    });
  }

  /** Requests the suite's service received since `mark`, as `METHOD path`. */
  since(mark: number): string[] {
    return pathsOf(this.service.requestsSince(mark));
  }

  /** Requests sent while `action` ran, and until the extension was idle again. */
  async during(action: () => PromiseLike<unknown>): Promise<string[]> {
    const mark = this.service.log.length;
    await action();
    await idle();
    return this.since(mark);
  }

  /** What the service would list now, every page, newest first: read from its store, so that no request of the suite's mixes with the extension's. */
  serviceListing(listing: Listing): Shown[] {
    const bins: StoredBin[] = [];
    for (let page: StoredBin[] | undefined; !page || page.length === 10;) {
      page = this.service.store.binsPage(this.account, listing.collectionId ?? undefined, 'descending', bins.at(-1)?.id)!;
      bins.push(...page);
    }
    return bins.map(shownOf);
  }

  // The listings, each as it is seen.

  async roots(): Promise<Node[]> {
    return (await this.w.api.tree.getChildren()) ?? [];
  }

  async rowsOf(parent: Node): Promise<Node[]> {
    return (await this.w.api.tree.getChildren(parent)) ?? [];
  }

  /** The row of a listing: a collection's, or "Bins in no collection". */
  async listingRow(listing: Listing): Promise<Node> {
    const [collections, uncategorized] = await this.roots();
    if (listing.collectionId === null) {
      return uncategorized;
    }
    for (const row of await this.rowsOf(collections)) {
      if (labelOf(await this.w.api.tree.getTreeItem(row)) === listing.name) {
        return row;
      }
    }
    assert.fail(`no row of collection ${listing.name}`);
  }

  /** A bin's row in its listing. */
  async binRow(listing: Listing, id: string): Promise<Node> {
    for (const row of await this.rowsOf(await this.listingRow(listing))) {
      if ((await this.w.api.tree.getTreeItem(row)).id?.endsWith(`:${id}`)) {
        return row;
      }
    }
    assert.fail(`no row of bin ${id}`);
  }

  /** The view: the bin rows under the listing's row, as VS Code shows them (private is the rule: only "public" is written). */
  async view(listing: Listing): Promise<Shown[]> {
    const items = await Promise.all((await this.rowsOf(await this.listingRow(listing))).map(async (n) => this.w.api.tree.getTreeItem(n)));
    return items
      .filter((i) => kindOf(i)?.startsWith('bin'))
      .map((i) => ({ id: i.id!.slice(i.id!.lastIndexOf(':') + 1), name: labelOf(i), private: i.description !== 'public' }));
  }

  /** A language model tool's answer, as an agent gets it. */
  async tool(name: string, input: object): Promise<Record<string, unknown> & { requests: number }> {
    const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined });
    return JSON.parse((result.content[0] as vscode.LanguageModelTextPart).value) as Record<string, unknown> & { requests: number };
  }

  /** The agent's listing: every page of `jsonbin_listBins`, and the requests its answers say they sent. */
  async agent(listing: Listing): Promise<{ shown: Shown[]; requests: number }> {
    const shown: Shown[] = [];
    let requests = 0;
    for (let page = 1, more = true; more; page++) {
      const answer = await this.tool('jsonbin_listBins', { ...(listing.collectionId === null ? {} : { collectionId: listing.collectionId }), page });
      assert.equal(answer.refused, undefined, String(answer.refused));
      shown.push(...(answer.bins as { id: string; name?: string; private: boolean }[]).map(shownOf));
      requests += answer.requests;
      more = answer.more as boolean;
    }
    return { shown, requests };
  }

  snapshot(table: string): Promise<Snapshot> {
    return Promise.resolve(vscode.commands.executeCommand<Snapshot>(Command.tableSnapshot, table));
  }

  /** A table's rows as it shows them. */
  static rows(snapshot: Snapshot): Shown[] {
    return snapshot.rows.map((r) => ({ id: r.id, name: r.name, private: r.privacy === 'Private' }));
  }

  /**
   * The table once it shows `expected` (and `also` holds), in its rows and in the grid's order
   * (which the webview reports: the grid itself took the change), every row in view read.
   */
  async tableShowing(table: string, expected: Shown[], also: (s: Snapshot) => boolean = () => true): Promise<Snapshot> {
    let last: Snapshot | undefined;
    try {
      return await until(async () => {
        const s = (last = await this.snapshot(table));
        const read = new Map(s.rows.map((r) => [r.id, r.read]));
        const done = !s.reading && s.visible.length > 0 && s.visible.every((id) => read.get(id));
        return (
          done &&
          same(ListingsWorld.rows(s), expected) &&
          same(
            s.order,
            expected.map((b) => b.id),
          ) &&
          also(s) &&
          s
        );
      }, 'the table');
    } catch (error) {
      throw new Error(
        `${(error as Error).message}: rows ${JSON.stringify(last && ListingsWorld.rows(last))}, grid ${JSON.stringify(last?.order)}, expected ${JSON.stringify(expected)}`,
        { cause: error },
      );
    }
  }

  /** Opens a table of the listing in the second editor group, beside the first, where the changes' tabs open: the table stays in view. */
  async openTableBeside(listing: Listing): Promise<string> {
    await run('workbench.action.focusSecondEditorGroup');
    const table = await run<string>(Command.openTable, listing.collectionId === null ? { uncategorized: true } : { collectionId: listing.collectionId });
    await run('workbench.action.focusFirstEditorGroup');
    return table;
  }

  /** The requests of the reads a table sent for rows it read between two snapshots (rows that came into view). */
  static readsBetween(before: Snapshot, after: Snapshot, except: string): string[] {
    const wasRead = new Set(before.rows.filter((r) => r.read).map((r) => r.id));
    return after.rows.filter((r) => r.read && !wasRead.has(r.id) && r.id !== except).map((r) => `GET /v3/b/${r.id}/latest`);
  }
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
