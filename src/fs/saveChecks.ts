/** What a save must pass before its PUT: checks that cost no request first, then the conflict read. */
import * as vscode from 'vscode';
import { BinServiceError, recordBody, type Json } from '../api';
import type { Connection } from '../account/connection';
import { settings } from '../config';
import type { SchemaDocs } from '../schema/schemaDocs';
import { checkText } from '../schema/validator';
import { serialize, type Entry } from './entry';
import { fsError } from './errors';
import type { Resource } from './uris';

export type ConflictChoice = 'overwrite' | 'compare' | 'cancel';
export type ConflictResolver = (uri: vscode.Uri, serviceText: string) => Promise<ConflictChoice>;

const decoder = new TextDecoder();

export class SaveChecks {
  constructor(
    private readonly connection: Connection,
    private readonly schemaDocs: SchemaDocs,
    private readonly resolveConflict: ConflictResolver,
  ) {}

  /** JSON syntax, schema doc validity and the collection's schema: all before any request. */
  async check(resource: Resource, entry: Entry, text: string): Promise<Json> {
    const checked = checkText(text);
    if (checked.syntax.length > 0) {
      const n = checked.syntax.length;
      throw vscode.FileSystemError.NoPermissions(`Not saved: the text has ${n} JSON syntax error${n === 1 ? '' : 's'}`);
    }
    const record = JSON.parse(text) as Json;
    try {
      // Blank or over the plan's size: refused here, before the conflict check spends a read.
      recordBody(record, settings.plan(), resource.kind === 'schema' ? 'Schema Doc cannot be empty' : undefined);
    } catch (error) {
      throw error instanceof BinServiceError ? fsError(error, 'Not saved') : error;
    }
    if (resource.kind === 'schema') {
      const problem = await this.schemaDocs.schemaProblem(record);
      if (problem) {
        throw vscode.FileSystemError.NoPermissions(`Not saved: ${problem}`);
      }
      return record;
    }
    if (settings.validation() && entry.collectionId) {
      let schema;
      try {
        schema = await this.schemaDocs.schemaFor(entry.collectionId);
      } catch (error) {
        throw error instanceof BinServiceError ? fsError(error, 'Not saved: the schema doc could not be read') : error;
      }
      // Only the count matters here: no positions are computed.
      const problems = schema ? checkText(text, schema.validate, 0).schemaCount : 0;
      if (schema && problems > 0) {
        throw vscode.FileSystemError.NoPermissions(
          `Not saved: ${problems} schema problem${problems === 1 ? '' : 's'} against schema doc "${schema.schemaDoc.name}"`,
        );
      }
    }
    return record;
  }

  /** The service has no etag: read before writing, and ask when someone else changed the bin. */
  async noConflict(uri: vscode.Uri, id: string, entry: Entry): Promise<boolean> {
    const current = await this.connection.client.readBin(id);
    if (JSON.stringify(current.record) === entry.serviceText) {
      return true;
    }
    const choice = await this.resolveConflict(uri, decoder.decode(serialize(current.record)));
    return choice === 'overwrite';
  }
}
