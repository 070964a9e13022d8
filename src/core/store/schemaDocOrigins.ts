/**
 * Which definition bin each schema doc was made from (Use as Schema Doc), and the digest of the
 * `schema` it was made from: a later save of the definition whose `schema` differs is offered as an
 * update of that schema doc. Kept per account in synced state, as the bins' collections are, so
 * that the offer follows the user to another machine. No `vscode` import.
 */
import { entryOf, setEntries, StateKey, type Memory } from '../api/stateKeys';

export interface SchemaDocOrigin {
  /** The definition bin's id. */
  binId: string;
  /** `digestOf` the definition's `schema` as last sent to the schema doc. */
  schema: string;
  /** The schema doc's name when it was made or updated: the offer names it without a request. */
  name?: string;
}

type Stored = Record<string, SchemaDocOrigin>;

export class SchemaDocOrigins {
  constructor(
    private readonly memory: Memory,
    /** The account's scope (see `accountScope`). */
    private readonly scope: () => string,
  ) {}

  private all(): Stored {
    return entryOf<Stored>(this.memory, StateKey.schemaDocOrigins, this.scope()) ?? {};
  }

  of(schemaDocId: string): SchemaDocOrigin | undefined {
    const all = this.all();
    return Object.hasOwn(all, schemaDocId) ? all[schemaDocId] : undefined;
  }

  /** The schema docs made from definition `binId`, with their origins. */
  madeFrom(binId: string): [string, SchemaDocOrigin][] {
    return Object.entries(this.all()).filter(([, origin]) => origin.binId === binId);
  }

  /** Every definition bin a schema doc was made from. */
  definitions(): string[] {
    return [...new Set(Object.values(this.all()).map((origin) => origin.binId))];
  }

  set(schemaDocId: string, origin: SchemaDocOrigin): PromiseLike<void> {
    return setEntries(this.memory, StateKey.schemaDocOrigins, { [this.scope()]: { ...this.all(), [schemaDocId]: origin } });
  }
}
