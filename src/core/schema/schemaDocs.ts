/**
 * Which schema doc validates which collection, and records checked against it. Each schema doc is
 * fetched once (and compiled once per version, by the validation worker); the one collection
 * listing serves the view too.
 */
import type { BinClient, Collection, Json, RequestScope, SchemaDoc } from '../api';
import { Emitter } from '../api/events';
import type { OpenText, SchemaSource, Validates } from './validation';
import type { Problem, ServedResult, TextCheck } from './validator';

export interface CollectionSchema {
  schemaDoc: { id: string; name: string };
  /** The schema doc's record: the JSON Schema itself. */
  schema: Json;
  /** What the validation worker compiles. */
  source: SchemaSource;
}

export class SchemaDocs {
  private collections?: Promise<Collection[]>;
  private readonly docs = new Map<string, Promise<SchemaDoc>>();
  /** Collections missing from a listing that was fetched again for them: not again. */
  private readonly relisted = new Set<string>();

  /** Names of the schema docs read or saved so far: the view shows them without a request. */
  private readonly names = new Map<string, string>();
  private readonly named = new Emitter<string>();
  /** A schema doc's name became known or changed (its id): rows that show it redraw. */
  readonly onDidName = this.named.event;
  /** The `$schema` each schema doc read names, for drafts in the dialect the account uses. */
  private readonly dialects = new Map<string, string>();

  /** The text each schema doc's version is compiled from, serialized once. */
  private readonly texts = new WeakMap<SchemaDoc, string>();

  constructor(
    private readonly client: () => BinClient,
    private readonly validation: Validates,
    /**
     * Whether the key may read collections and schema docs. An access key may not: its account
     * knows no collection, and its records are validated by the service alone.
     */
    private readonly readable: () => boolean = () => true,
  ) {}

  /**
   * A record's text checked against its collection's schema doc: undefined when the collection has
   * none. Rejects with `SchemaDocProblem` or `CannotValidate` when it cannot be validated. What is
   * read to know the schema doc is counted for `scope` (see `RequestScope`), as in each method here.
   */
  async check(
    collectionId: string | undefined,
    text: string | OpenText,
    maxPlaced?: number,
    scope?: RequestScope,
  ): Promise<{ schema: CollectionSchema; result: TextCheck } | undefined> {
    const schema = await this.schemaFor(collectionId, scope);
    if (!schema) {
      return undefined;
    }
    const result =
      typeof text === 'string' ? await this.validation.check(schema.source, text, maxPlaced) : await this.validation.checkOpen(schema.source, text, maxPlaced);
    return { schema, result };
  }

  /** A text checked against a schema: a schema doc's, or one given (Validate Collection). */
  validate(source: SchemaSource, text: string, maxPlaced?: number): Promise<TextCheck> {
    return this.validation.check(source, text, maxPlaced);
  }

  /** The records of reads' answers as served, checked against a schema (Validate Collection): a failing one comes with its text. */
  validateServed(source: SchemaSource, served: Uint8Array[], maxPlaced?: number): Promise<ServedResult[]> {
    return this.validation.checkServed(source, served, maxPlaced);
  }

  /** The validation worker's copies of open documents follow their edits (see `Validation.checkOpen`). */
  get openTexts(): Pick<Validates, 'edited' | 'closed'> {
    return this.validation;
  }

  /** JSON syntax problems of a text, with no schema, placed in it. */
  async syntaxProblems(text: string): Promise<Problem[]> {
    return (await this.validation.check(undefined, text, 0)).syntax;
  }

  async schemaFor(collectionId: string | undefined, scope?: RequestScope): Promise<CollectionSchema | undefined> {
    if (!collectionId || !this.readable()) {
      return undefined;
    }
    let collection = (await this.listCollections(scope)).find((c) => c.id === collectionId);
    if (!collection && !this.relisted.has(collectionId)) {
      // Created after the listing was fetched: list once more rather than skip validation.
      this.relisted.add(collectionId);
      this.collections = undefined;
      collection = (await this.listCollections(scope)).find((c) => c.id === collectionId);
    }
    if (!collection?.schemaDocId) {
      return undefined;
    }
    const doc = await this.read(collection.schemaDocId, scope);
    let text = this.texts.get(doc);
    if (text === undefined) {
      text = JSON.stringify(doc.record);
      this.texts.set(doc, text);
    }
    return { schemaDoc: { id: doc.metadata.id, name: doc.metadata.name }, schema: doc.record, source: { id: doc.metadata.id, text } };
  }

  /** The schema doc's record and metadata, fetched once. */
  read(id: string, scope?: RequestScope): Promise<SchemaDoc> {
    let doc = this.docs.get(id);
    if (!doc) {
      doc = this.client().within(scope).readSchemaDoc(id);
      this.docs.set(id, doc);
      doc.then(
        (read) => this.learn(read),
        () => this.docs.delete(id),
      );
    }
    return doc;
  }

  /** After a schema doc was saved or read fresh: later validations use this version. */
  updated(doc: SchemaDoc): void {
    this.docs.set(doc.metadata.id, Promise.resolve(doc));
    this.learn(doc);
  }

  private learn(doc: SchemaDoc): void {
    if (this.names.get(doc.metadata.id) !== doc.metadata.name) {
      this.names.set(doc.metadata.id, doc.metadata.name);
      this.named.fire(doc.metadata.id);
    }
    const declared = (doc.record as { $schema?: unknown } | null)?.$schema;
    if (typeof declared === 'string') {
      this.dialects.set(doc.metadata.id, declared);
    } else {
      this.dialects.delete(doc.metadata.id);
    }
  }

  /** The `$schema` most of the schema docs read so far name (none read: undefined). Costs no request. */
  dialectInUse(): string | undefined {
    const counts = new Map<string, number>();
    for (const uri of this.dialects.values()) {
      counts.set(uri, (counts.get(uri) ?? 0) + 1);
    }
    return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  }

  nameOf(schemaDocId: string): string | undefined {
    return this.names.get(schemaDocId);
  }

  /** A collection changed by a command (a schema doc attached, a new name): listed so without listing again. */
  changed(collectionId: string, changes: Partial<Collection>): void {
    const current = this.collections;
    if (current) {
      this.collections = current.then((list) => list.map((c) => (c.id === collectionId ? { ...c, ...changes } : c)));
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
    this.names.clear();
    this.dialects.clear();
    this.relisted.clear();
  }

  schemaProblem(schema: Json): Promise<string | undefined> {
    return this.validation.schemaProblem(schema);
  }

  /** Whether the collections are listed (or being listed): listing them again costs nothing. */
  get listed(): boolean {
    return this.collections !== undefined;
  }

  /** The account's collections, listed once and shared by the view and validation. */
  listCollections(scope?: RequestScope): Promise<Collection[]> {
    if (!this.readable()) {
      return Promise.resolve([]);
    }
    if (!this.collections) {
      const listing = this.client().within(scope).listCollections();
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
