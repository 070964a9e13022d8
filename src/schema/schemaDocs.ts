/**
 * Which schema doc validates which collection, and the compiled schema docs. Each schema doc is
 * fetched once and compiled once per version; the one collection listing serves the view too.
 */
import type { ValidateFunction } from 'ajv';
import type { BinClient, Collection, Json, SchemaDoc } from '../api';
import { SchemaCompiler } from './validator';

export interface CollectionSchema {
  schemaDoc: { id: string; name: string };
  /** The schema doc's record: the JSON Schema itself. */
  schema: Json;
  validate: ValidateFunction;
}

export class SchemaDocs {
  readonly compiler = new SchemaCompiler();
  private collections?: Promise<Collection[]>;
  private readonly docs = new Map<string, Promise<SchemaDoc>>();
  /** Collections missing from a listing that was fetched again for them: not again. */
  private readonly relisted = new Set<string>();

  constructor(private readonly client: () => BinClient) {}

  async schemaFor(collectionId: string | undefined): Promise<CollectionSchema | undefined> {
    if (!collectionId) {
      return undefined;
    }
    let collection = (await this.listCollections()).find((c) => c.id === collectionId);
    if (!collection && !this.relisted.has(collectionId)) {
      // Created after the listing was fetched: list once more rather than skip validation.
      this.relisted.add(collectionId);
      this.collections = undefined;
      collection = (await this.listCollections()).find((c) => c.id === collectionId);
    }
    if (!collection?.schemaDocId) {
      return undefined;
    }
    const doc = await this.read(collection.schemaDocId);
    return {
      schemaDoc: { id: doc.metadata.id, name: doc.metadata.name },
      schema: doc.record,
      validate: await this.compiler.compile(doc.metadata.id, doc.record),
    };
  }

  /** The schema doc's record and metadata, fetched once. */
  read(id: string): Promise<SchemaDoc> {
    let doc = this.docs.get(id);
    if (!doc) {
      doc = this.client().readSchemaDoc(id);
      this.docs.set(id, doc);
      doc.catch(() => this.docs.delete(id));
    }
    return doc;
  }

  /** After a schema doc was saved or read fresh: later validations use this version. */
  updated(doc: SchemaDoc): void {
    this.docs.set(doc.metadata.id, Promise.resolve(doc));
  }

  attached(collectionId: string, schemaDocId: string | undefined): void {
    const current = this.collections;
    if (current) {
      this.collections = current.then((list) => list.map((c) => (c.id === collectionId ? { ...c, schemaDocId } : c)));
    }
  }

  /** A collection just created: listed from now on without listing again. */
  created(collection: Collection): void {
    const current = this.collections;
    if (current) {
      this.collections = current.then((list) => [...list, collection]);
    }
  }

  clear(): void {
    this.collections = undefined;
    this.docs.clear();
    this.relisted.clear();
  }

  schemaProblem(schema: Json): Promise<string | undefined> {
    return this.compiler.schemaProblem(schema);
  }

  /** The account's collections, listed once and shared by the view and validation. */
  listCollections(): Promise<Collection[]> {
    if (!this.collections) {
      const listing = this.client().listCollections();
      this.collections = listing;
      listing.catch(() => {
        if (this.collections === listing) {
          this.collections = undefined;
        }
      });
    }
    return this.collections;
  }
}
