/** What a save must pass before its PUT: checks that cost no request first, then the conflict read. */
import * as vscode from 'vscode';
import { BinServiceError, recordBody, RecordText } from '../api';
import type { Connection } from '../account/connection';
import { settings } from '../config';
import type { BinCollections } from '../schema/binCollections';
import type { SchemaDocs } from '../schema/schemaDocs';
import { CannotValidate, SchemaDocProblem } from '../schema/problems';
import { digestOf, digestOfBytes, serialize } from './entry';
import { fsError } from './errors';
import type { Resource } from './uris';

export type ConflictChoice = 'overwrite' | 'compare' | 'cancel';
export type ConflictResolver = (uri: vscode.Uri, serviceText: string) => Promise<ConflictChoice>;

const decoder = new TextDecoder();

export class SaveChecks {
  constructor(
    private readonly connection: Connection,
    private readonly schemaDocs: SchemaDocs,
    private readonly binCollections: BinCollections,
    private readonly resolveConflict: ConflictResolver,
  ) {}

  /**
   * Refuses a write the account's key is known not to be granted. Called before anything a write
   * reads first (the record it replaces, a version), so that it sends nothing at all.
   */
  permitted(resource: Resource, refused = 'Not saved'): void {
    try {
      this.connection.mayDo(resource.kind === 'schema' ? 'updateSchemaDoc' : 'updateBin');
    } catch (error) {
      throw error instanceof BinServiceError ? fsError(error, refused) : error;
    }
  }

  /**
   * JSON syntax, faithful numbers, size, schema doc validity and the collection's schema: all before
   * any request. `refused` begins the message of a refusal (a restore is not a save).
   */
  async check(resource: Resource, text: string, refused = 'Not saved'): Promise<RecordText> {
    // Parsed here for the checks that cost no request; the schema check parses it again in the validation worker.
    let record: RecordText;
    try {
      record = await RecordText.parse(text);
    } catch (error) {
      const syntax = await this.schemaDocs.syntaxProblems(text);
      if (syntax > 0) {
        throw vscode.FileSystemError.NoPermissions(`${refused}: the text has ${syntax} JSON syntax error${syntax === 1 ? '' : 's'}`);
      }
      throw error instanceof BinServiceError ? fsError(error, refused) : error;
    }
    try {
      // Blank or over the plan's size: refused here, before the conflict check spends a read.
      recordBody(record, settings.plan(), resource.kind === 'schema' ? 'Schema Doc cannot be empty' : undefined);
    } catch (error) {
      throw error instanceof BinServiceError ? fsError(error, refused) : error;
    }
    if (resource.kind === 'schema') {
      const problem = await this.schemaDocs.schemaProblem(record.value);
      if (problem) {
        throw vscode.FileSystemError.NoPermissions(`${refused}: ${problem}`);
      }
      return record;
    }
    const collectionId = this.binCollections.of(resource.id);
    if (settings.validation() && collectionId) {
      await this.checkSchema(collectionId, text, refused);
    }
    return record;
  }

  /**
   * The service has no etag: read before writing. `write` when the service holds what this
   * document was based on; `stored` when it already holds the text being saved (a save whose
   * answer was lost); otherwise the user is asked, and a document with no known base is asked
   * about too. `current` is the record the service sent just now (serialized), when the save had to
   * read it anyway; `resolve` replaces the question (a programmatic command never asks).
   */
  async beforeWrite(
    uri: vscode.Uri,
    resource: Resource,
    baseline: string | undefined,
    saving: RecordText,
    current?: Uint8Array,
    resolve = this.resolveConflict,
  ): Promise<'write' | 'stored' | 'cancel'> {
    const bytes = current ?? serialize(await this.readCurrent(resource));
    const digest = digestOfBytes(bytes);
    if (digest === digestOf(saving.value)) {
      return 'stored';
    }
    if (digest === baseline) {
      return 'write';
    }
    const choice = await resolve(uri, decoder.decode(bytes));
    return choice === 'overwrite' ? 'write' : 'cancel';
  }

  private async readCurrent(resource: Resource): Promise<unknown> {
    return resource.kind === 'schema'
      ? (await this.connection.client.readSchemaDoc(resource.id)).record
      : (await this.connection.client.readBin(resource.id)).record;
  }

  private async checkSchema(collectionId: string, text: string, refused: string): Promise<void> {
    let checked;
    try {
      checked = await this.schemaDocs.check(collectionId, text, 0);
    } catch (error) {
      if (error instanceof SchemaDocProblem) {
        // The editor cannot run this schema doc (its diagnostics say why); the service still validates the save.
        return;
      }
      if (error instanceof CannotValidate) {
        throw vscode.FileSystemError.NoPermissions(`${refused}: ${error.message}`);
      }
      throw error instanceof BinServiceError ? fsError(error, `${refused}: the schema doc could not be read`) : error;
    }
    const problems = checked?.result.schemaCount ?? 0;
    if (checked && problems > 0) {
      throw vscode.FileSystemError.NoPermissions(
        `${refused}: ${problems} schema problem${problems === 1 ? '' : 's'} against schema doc "${checked.schema.schemaDoc.name}"`,
      );
    }
  }
}
