/**
 * A table's rows' records: each read once a session (through the store), checked in the
 * validation worker against the collection's schema doc as a tab's is, and the failing ones'
 * problems shown in the Problems panel. A row read already, or shown in a tab, costs no request.
 */
import * as vscode from 'vscode';
import { settings } from '../../config';
import { againstSchemaDoc, type Against } from '../../../core/schema/against';
import { binUri } from '../../fs/uris';
import { confirmRequests } from '../requestWarning';
import type { TableSession } from './tableSession';
import { readsOf, type SourceParts } from './tableSource';

export type RowsParts = SourceParts & Pick<import('../parts').Parts, 'prompts'> & { diagnostics: FoundProblems };

/** Where the failing rows' problems show when their bins have no open tab (the Problems panel). */
export interface FoundProblems {
  showFound(failing: { uri: vscode.Uri; text: string; problems: import('../../../core/schema/validator').Problem[] }[], against: Against): void;
}

/** Reads sent at once by Read All: a few, as a tab's opens would be. */
const READS_AT_ONCE = 6;

export class TableRows {
  /** Reads (and the listing's pages) asked for and not yet shown: the snapshot says the table is still reading. */
  reading = 0;
  /** Rows whose reads are under way: a second report of the same rows in view asks for them once. */
  private readonly pending = new Set<string>();

  constructor(
    private readonly p: RowsParts,
    private readonly session: () => TableSession,
    /** Shows rows again once their records are in. */
    private readonly shown: (ids: readonly string[]) => void,
  ) {}

  /** A row of the table neither read nor being read (a report of the rows in view may still name a row of a bin deleted since). */
  unread(id: string): boolean {
    return !this.session().has(id) && !this.pending.has(id) && this.session().ids.includes(id);
  }

  /** Reads the records of `ids` (each once per session), then shows their rows. */
  async read(ids: readonly string[]): Promise<void> {
    const reads = readsOf(this.p);
    this.reading++;
    ids.forEach((id) => this.pending.add(id));
    try {
      await Promise.all(
        ids.map(async (id) => {
          const text = this.session().textOf(id) ?? (await reads.read(id, this.session().scope).catch((error: Error) => this.notRead(id, error)));
          if (text !== undefined) {
            this.session().set(id, text, undefined);
            await this.check(id, text);
          }
        }),
      );
    } finally {
      this.reading--;
      ids.forEach((id) => this.pending.delete(id));
    }
    this.shown(ids);
  }

  private notRead(id: string, error: Error): undefined {
    this.session().set(id, '', undefined, error.message);
    return undefined;
  }

  /** The record checked in the validation worker against the collection's schema doc, as a tab's is. */
  async check(id: string, text: string): Promise<void> {
    const collectionId = this.session().source.collectionId;
    if (!this.session().source.schema || collectionId === undefined) {
      return;
    }
    try {
      const checked = await this.p.schemaDocs.check(collectionId, text, settings.maxProblems(), this.session().scope);
      this.session().set(id, text, checked?.result);
    } catch (error) {
      this.session().set(id, text, undefined, (error as Error).message);
    }
    this.showProblems();
  }

  /** Read All: every row not read yet, asked first above `jsonbin.warnAboveRequests`. */
  async readAll(warnAbove: number | undefined = settings.warnAboveRequests()): Promise<void> {
    const unread = this.session().ids.filter((id) => this.unread(id));
    const sent = unread.filter((id) => readsOf(this.p).known(id) === undefined && this.session().textOf(id) === undefined).length;
    await confirmRequests(
      this.p,
      warnAbove,
      sent,
      () => vscode.l10n.t('Reading {0} bins sends {1} requests. Send them?', unread.length, sent),
      vscode.l10n.t('One request reads each bin not read yet in this window.'),
    );
    for (let i = 0; i < unread.length; i += READS_AT_ONCE) {
      await this.read(unread.slice(i, i + READS_AT_ONCE));
    }
  }

  /** The failing rows' problems in the Problems panel, as the rows are now. */
  showProblems(): void {
    const schema = this.session().source.schema;
    if (!schema) {
      return;
    }
    const failing = this.session().ids.flatMap((id) => {
      const failed = this.session().failing(id);
      return failed ? [{ uri: binUri(id, this.session().source.bins.find((b) => b.id === id)?.name, undefined, this.p.account.id), ...failed }] : [];
    });
    this.p.diagnostics.showFound(failing, againstSchemaDoc(schema.schemaDoc.name));
  }
}
