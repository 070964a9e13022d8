/**
 * What every record must pass before it is sent, whichever write sends it: the key's grants, JSON
 * syntax, faithful numbers, not blank, the plan's size, a schema doc's own validity and the
 * collection's schema doc. None of it costs a request (a schema doc is read once per account).
 */
import * as l10n from '@vscode/l10n';
import { BinServiceError, recordBody, RecordText, type Operation, type RequestScope } from '../api';
import { CannotValidate, SchemaDocProblem } from '../schema/problems';
import type { SchemaDocs } from '../schema/schemaDocs';
import type { Service, WriteSettings } from './ports';
import { Refused, rethrow } from './refused';

/** Where a record goes: a schema doc, or a bin of a collection (`undefined`: of none, or not known). */
export type Destination = { kind: 'schema' } | { kind: 'bin'; collectionId: string | undefined };

export class RecordChecks {
  constructor(
    private readonly service: Service,
    private readonly schemaDocs: SchemaDocs,
    private readonly settings: WriteSettings,
  ) {}

  /** Refuses a write the key is known not to be granted, before anything the write reads first. */
  permitted(operation: Operation, doing: string): void {
    try {
      this.service.mayDo(operation);
    } catch (error) {
      rethrow(error, doing);
    }
  }

  /**
   * The record as written, or why it is refused (`doing` begins the message, e.g. "Not saved"). A
   * text is parsed; a `RecordText` made from a value (`RecordText.of`) is JSON already. The schema
   * doc's look-up is counted for `scope`.
   */
  async check(destination: Destination, written: string | RecordText, doing: string, scope?: RequestScope): Promise<RecordText> {
    const text = typeof written === 'string' ? written : written.text;
    let record: RecordText;
    try {
      record = typeof written === 'string' ? await RecordText.parse(written) : written;
    } catch (error) {
      const syntax = (await this.schemaDocs.syntaxProblems(text)).length;
      if (syntax > 0) {
        const reason = syntax === 1 ? l10n.t('the text has {0} JSON syntax error', syntax) : l10n.t('the text has {0} JSON syntax errors', syntax);
        throw new Refused(doing, reason, 'noPermission', undefined, true);
      }
      rethrow(error, doing);
    }
    try {
      // Blank or over the plan's size: refused here, before a conflict check spends a read.
      recordBody(record, this.settings.plan(), destination.kind === 'schema' ? l10n.t('Schema Doc cannot be empty') : undefined);
    } catch (error) {
      rethrow(error, doing);
    }
    if (destination.kind === 'schema') {
      const problem = await this.schemaDocs.schemaProblem(record.value);
      if (problem) {
        throw new Refused(doing, problem, 'noPermission', undefined, true);
      }
    } else if (destination.collectionId && this.settings.validation()) {
      await this.checkSchema(destination.collectionId, text, doing, scope);
    }
    return record;
  }

  private async checkSchema(collectionId: string, text: string, doing: string, scope: RequestScope | undefined): Promise<void> {
    let checked;
    try {
      checked = await this.schemaDocs.check(collectionId, text, 1, scope);
    } catch (error) {
      if (error instanceof SchemaDocProblem) {
        // The editor cannot run this schema doc (its diagnostics say why); the service still validates the record.
        return;
      }
      if (error instanceof CannotValidate) {
        throw new Refused(doing, error.message, 'noPermission');
      }
      throw error instanceof BinServiceError ? new Refused(doing, l10n.t('the schema doc could not be read: {0}', error.message), 'unavailable', error) : error;
    }
    const count = checked?.result.schemaCount ?? 0;
    if (checked && count > 0) {
      throw new Refused(doing, schemaProblems(count, checked.schema.schemaDoc.name, checked.result.schema[0]), 'noPermission', undefined, true);
    }
  }
}

/** Why a record failing its schema doc is refused: how many problems, and the first with where it is. */
function schemaProblems(count: number, schemaDoc: string, first: { message: string; path?: string } | undefined): string {
  const one = count === 1;
  if (!first) {
    return one
      ? l10n.t('{0} schema problem against schema doc "{1}"', count, schemaDoc)
      : l10n.t('{0} schema problems against schema doc "{1}"', count, schemaDoc);
  }
  if (!first.path) {
    return one
      ? l10n.t('{0} schema problem against schema doc "{1}": {2}', count, schemaDoc, first.message)
      : l10n.t('{0} schema problems against schema doc "{1}": {2}', count, schemaDoc, first.message);
  }
  return one
    ? l10n.t('{0} schema problem against schema doc "{1}": {2} at {3}', count, schemaDoc, first.message, first.path)
    : l10n.t('{0} schema problems against schema doc "{1}": {2} at {3}', count, schemaDoc, first.message, first.path);
}
