/**
 * What an account keeps of its tables (Open as Table), in its parts: the open ones, by id, and
 * the reads they share this session, made by the table's code when it loads (nothing of it loads
 * with the account).
 */
import type { BinClient } from '../../core/api';
import type { TableReads } from '../../core/store/tableReads';

/** An open table, as the account's tables know it. */
export interface OpenTable {
  readonly id: string;
  readonly panel: { readonly active: boolean; dispose(): void };
}

export class AccountTables {
  /** The open tables, by id. */
  readonly open = new Map<string, OpenTable>();
  private session?: { client: BinClient; reads: TableReads };

  /** The reads of this session, made with the first table, and again after a change of service or key (a new client): another service lists other bins. */
  readsFor(client: BinClient, make: () => TableReads): TableReads {
    if (this.session?.client !== client) {
      this.session?.reads.dispose();
      this.session = { client, reads: make() };
    }
    return this.session.reads;
  }

  /** The account is removed: its tables close, and their reads stop. */
  dispose(): void {
    [...this.open.values()].forEach((t) => t.panel.dispose());
    this.session?.reads.dispose();
  }
}
