/**
 * The one way a record reaches the service: saving a bin's or schema doc's tab, creating a bin
 * (create, upload, copy by drop) or a schema doc, restoring a version, and the updates that must
 * carry the record the service holds (versioning, a schema doc's name). Each runs the same steps
 * once, in this order: the key's grants, the checks every record passes (`RecordChecks`), the
 * conflict check against what the tab was read from, the request, and what the answer teaches the
 * store. A refused record sends nothing. A bin's other changes (delete, rename, privacy) are sent
 * here too: the store tells every change of a bin to whoever follows (`BinStore.onDidChangeBins`).
 * A `scope` given counts what a write sends for its action: the schema doc's look-up, the conflict
 * check's read and the write itself (see `RequestScope`).
 */
import * as l10n from '@vscode/l10n';
import {
  BinServiceError,
  checkName,
  MAX_SHORT_NAME,
  RecordText,
  readAsShown,
  type CreatedBin,
  type DeletedBin,
  type Json,
  type RequestScope,
  type SchemaDoc,
} from '../api';
import type { BinChange } from './binEvents';
import type { BinCollections } from './binCollections';
import type { SchemaDocs } from '../schema/schemaDocs';
import type { BinStore } from './binStore';
import { conflictVerdict } from './conflictCheck';
import { digestOf, digestOfBytes, serialize } from './entry';
import { checkImpact, type SchemaDocSaves } from './schemaDocImpact';
import type { ConflictResolver, Service, WriteSettings } from './ports';
import { RecordChecks } from './recordChecks';
import { Refused, rethrow } from './refused';
import { isReadOnly, type Resource } from './resource';
import { CheckedBin, CheckedUpdate, type CreateBin, type NewBin, type RestoreHow, type SentUpdate } from './checkedRecords';

const decoder = new TextDecoder();
const encoder = new TextEncoder();

export class RecordWrites {
  readonly checks: RecordChecks;

  constructor(
    private readonly service: Service,
    private readonly store: BinStore,
    private readonly schemaDocs: SchemaDocs,
    private readonly binCollections: BinCollections,
    private readonly settings: WriteSettings,
    private readonly resolveConflict: ConflictResolver,
    private readonly schemaDocSaves?: SchemaDocSaves,
  ) {
    this.checks = new RecordChecks(service, schemaDocs, settings);
  }

  /**
   * Document `doc`'s text saved as the record of `resource`, with one PUT after the conflict read
   * (none when the text is unchanged, or the record was just fetched for this save). `resolve`
   * decides a conflict: the user is asked, unless the caller (an agent's tool) refuses it.
   */
  async save(resource: Resource, content: Uint8Array, doc: string, resolve: ConflictResolver = this.resolveConflict, scope?: RequestScope): Promise<void> {
    if (isReadOnly(resource)) {
      throw new Refused('', l10n.t('This tab is read-only'), 'noPermission');
    }
    const notSaved = l10n.t('Not saved');
    this.checks.permitted(resource.kind === 'schema' ? 'updateSchemaDoc' : 'updateBin', notSaved);
    const { entry, current: fetched } = await this.store.beforeSave(resource, scope);
    let current = fetched;
    if (entry.offline) {
      const at = new Date(entry.offline.at).toLocaleString();
      throw new Refused(
        notSaved,
        l10n.t('{0}. This tab shows the copy kept {1}, read-only until the service answers; your edits stay in the editor', entry.offline.reason, at),
        'unavailable',
      );
    }
    if (digestOfBytes(content) === entry.textDigest) {
      return;
    }
    const destination =
      resource.kind === 'schema' ? ({ kind: 'schema' } as const) : { kind: 'bin' as const, collectionId: this.binCollections.of(resource.id) ?? undefined };
    const record = await this.checks.check(destination, decoder.decode(content), notSaved, scope);
    if (resource.kind === 'schema' && (await checkImpact(this.impactParts(), { schemaDocId: resource.id }, record.value, entry.name ?? resource.id, 'Save'))) {
      // Time passed (reads, a question): the record fetched before them may be out of date for the conflict check.
      current = undefined;
    }
    let digest: string;
    try {
      const client = this.service.client.within(scope);
      const verdict = this.settings.conflictCheck()
        ? await conflictVerdict(this.store.baselines, client, { resource, doc, baseline: this.store.baselines.of(doc), saving: record, current, resolve })
        : 'write';
      if (verdict === 'cancel') {
        throw new Refused(l10n.t('Save cancelled'), l10n.t('it changed on the service since it was opened'), 'unavailable');
      }
      if (verdict === 'stored') {
        // The service already holds this text (a save whose answer was lost): nothing to send.
        digest = digestOf(record.value);
        this.store.offline.keep(resource, serialize(record.value), entry.name);
      } else if (resource.kind === 'schema') {
        const stored = await client.updateSchemaDoc(resource.id, record, entry.name ?? resource.id);
        this.schemaDocs.updated(stored);
        digest = digestOf(stored.record);
      } else {
        const answer = await client.updateBin(resource.id, record);
        entry.private = answer.metadata.private;
        const stored = serialize(answer.record);
        digest = digestOfBytes(stored);
        this.store.offline.keep(resource, stored, entry.name);
      }
    } catch (error) {
      if (error instanceof BinServiceError && error.kind === 'unknownOutcome') {
        // The next save of this tab may find this text stored: not someone else's change.
        this.store.baselines.sentUnconfirmed(doc, digestOf(record.value));
      }
      rethrow(error, notSaved);
    }
    this.store.saved(entry, content, digest, doc);
  }

  private impactParts() {
    return { client: this.service.client, schemaDocs: this.schemaDocs, saves: this.schemaDocSaves };
  }

  /** Checks a new bin's record (its text as written, or a value): a refused one costs no request. */
  async prepare(record: string | Json | RecordText, bin: NewBin, doing = l10n.t('Not created'), scope?: RequestScope): Promise<CheckedBin> {
    this.checks.permitted('createBin', doing);
    return new CheckedBin(await this.checks.check({ kind: 'bin', collectionId: bin.collectionId }, textOf(record), doing, scope), bin);
  }

  /** Checks a bin's new record computed from the record `read`: a refused one costs no request. */
  async prepareUpdate(
    bin: { id: string; name?: string },
    written: string | RecordText,
    read: Json,
    doing: string,
    scope?: RequestScope,
  ): Promise<CheckedUpdate> {
    this.checks.permitted('updateBin', doing);
    const record = await this.checks.check({ kind: 'bin', collectionId: this.binCollections.of(bin.id) ?? undefined }, written, doing, scope);
    return new CheckedUpdate(bin.id, bin.name, record, read);
  }

  /**
   * The record `prepareUpdate` checked, sent with one PUT. With `reread` (time passed since the
   * read it was made from) and the conflict check on, one read first: a bin changed since is left
   * as it is (`changedSince`), one that already holds the record is not sent again (`stored`).
   * Clean documents of the bin (`docs`) show the new record.
   */
  async update(checked: CheckedUpdate, reread: boolean, docs: () => string[]): Promise<SentUpdate> {
    const sent = await this.sendUpdate(checked, reread);
    sent.record(docs());
    return sent;
  }

  /**
   * `update` in two steps, for a run of many (Change Bins): the answer is in when this resolves,
   * and its `record` tells the store, which the caller does while the next bin's request is on its
   * way. Nothing else may read the bin from the store between the two.
   */
  async sendUpdate(checked: CheckedUpdate, reread: boolean, scope?: RequestScope): Promise<SentUpdate & { record: (docs: string[]) => void }> {
    const { id, record } = checked;
    const client = this.service.client.within(scope);
    if (reread && this.settings.conflictCheck()) {
      // As served: a record JavaScript cannot hold is not the one read, nor the one to write.
      const current = digestOfBytes(encoder.encode((await readAsShown(client.readBin(id))).text));
      if (current === digestOf(record.value)) {
        return { outcome: 'stored', record: () => undefined };
      }
      if (current !== digestOf(checked.read)) {
        return { outcome: 'changedSince', record: () => undefined };
      }
    }
    const answer = await client.updateBin(id, record);
    const written = (docs: string[]) => this.store.written({ kind: 'bin', id }, answer.record, { name: checked.name, private: answer.metadata.private }, docs);
    return { outcome: 'written', record: written };
  }

  /** Creates the bin `prepare` checked: one POST. */
  async create(checked: CheckedBin, scope?: RequestScope): Promise<CreatedBin> {
    return this.createAll((create) => create(checked), scope);
  }

  /**
   * Bins created one after another (an upload, a copy by drop), each with one POST through `create`.
   * The store tells them all when `creating` ends, also when it fails: the view lists their
   * collection once, not once per bin.
   */
  async createAll<T>(creating: (create: CreateBin) => Promise<T>, scope?: RequestScope): Promise<T> {
    const created: BinChange[] = [];
    try {
      return await creating(async ({ bin, record }) => {
        const answer = await this.service.client.within(scope).createBin({ ...bin, record });
        const { id, private: isPrivate, createdAt } = answer.metadata;
        // The record sent, which the service took as it is: held already, where a copy of its answer's would double an upload's memory.
        created.push({
          kind: 'created',
          bin: { id, name: bin.name, private: isPrivate, createdAt },
          collectionId: bin.collectionId ?? null,
          record: record.value,
        });
        return answer;
      });
    } finally {
      this.store.binsChanged(created);
    }
  }

  /** One DELETE; the bin's documents (`docs`, once it is gone) show it deleted. */
  async deleteBin(id: string, docs: () => string[]): Promise<DeletedBin> {
    const result = await this.service.client.deleteBin(id);
    this.store.markDeleted({ kind: 'bin', id }, docs());
    return result;
  }

  async renameBin(id: string, name: string): Promise<void> {
    await this.service.client.renameBin(id, name);
    this.store.binsChanged([{ kind: 'renamed', id, name }]);
  }

  async setPrivacy(id: string, isPrivate: boolean): Promise<void> {
    await this.service.client.setPrivacy(id, isPrivate);
    this.store.binsChanged([{ kind: 'privacy', id, private: isPrivate }]);
  }

  /**
   * A new schema doc: its text must be a JSON Schema the editor can use. One POST. When it is to
   * validate collection `attachTo`, that collection's stored bins are checked first, as a schema
   * doc's save checks them (the caller attaches it).
   */
  async createSchemaDoc(schema: string | Json | RecordText, name: string, attachTo?: string, scope?: RequestScope): Promise<SchemaDoc> {
    const notCreated = l10n.t('Not created');
    this.checks.permitted('createSchemaDoc', notCreated);
    const record = await this.checks.check({ kind: 'schema' }, textOf(schema), notCreated, scope);
    if (attachTo !== undefined) {
      await checkImpact(this.impactParts(), { collectionId: attachTo }, record.value, name, 'Creation');
    }
    const doc = await this.service.client.within(scope).createSchemaDoc(name, record);
    this.schemaDocs.updated(doc);
    // Its tab, opened next, is served what the service answered: no read.
    this.store.written({ kind: 'schema', id: doc.metadata.id }, doc.record, { name: doc.metadata.name }, []);
    return doc;
  }

  /**
   * A schema doc's record replaced by a value (a definition's `schema`), not from its tab: checked
   * as a new schema doc is, then one PUT with its name (known, else read once). The caller has
   * checked the stored bins it validates (`checkSchemaDocImpact`). `unchanged` when the service's
   * record, as known, is that value already: nothing is sent. Open tabs of it show the new record.
   */
  async updateSchemaDoc(id: string, schema: Json, docs: string[], scope?: RequestScope): Promise<{ unchanged: boolean }> {
    const notSaved = l10n.t('Not saved');
    this.checks.permitted('updateSchemaDoc', notSaved);
    const record = await this.checks.check({ kind: 'schema' }, textOf(schema), notSaved, scope);
    const current = await this.schemaDocs.read(id, scope);
    if (digestOf(current.record) === digestOf(record.value)) {
      return { unchanged: true };
    }
    const doc = await this.service.client.within(scope).updateSchemaDoc(id, record, current.metadata.name);
    this.schemaDocs.updated(doc);
    this.store.written({ kind: 'schema', id }, doc.record, { name: doc.metadata.name }, docs);
    return { unchanged: false };
  }

  /**
   * The contract changes a bin's versioning only with an update, which must carry the record: the
   * service's own, read just before, is sent back as it is (2 requests).
   */
  async setVersioning(id: string, enabled: boolean): Promise<void> {
    this.checks.permitted('updateBin', l10n.t('Versioning not changed'));
    const current = await this.service.client.readBin(id);
    await this.service.client.updateBin(id, current.record, { versioning: enabled });
  }

  /**
   * The contract renames a schema doc only with an update, which must carry its record: the record
   * the service holds is read (what anyone saved is sent back as it is) and sent unchanged with the
   * new name. With the conflict check off, a record already read is sent.
   */
  async renameSchemaDoc(id: string, name: string): Promise<SchemaDoc> {
    // Checked before the read, so that a refused name costs nothing.
    checkName(name, MAX_SHORT_NAME, 'X-Schema-Doc-Name');
    this.checks.permitted('updateSchemaDoc', l10n.t('Not renamed'));
    const current = this.settings.conflictCheck() ? await this.service.client.readSchemaDoc(id) : await this.schemaDocs.read(id);
    const doc = await this.service.client.updateSchemaDoc(id, current.record, name);
    this.schemaDocs.updated(doc);
    this.store.written({ kind: 'schema', id }, doc.record, { name }, []);
    return doc;
  }

  /**
   * A version's record made the bin's latest with one PUT, after one read of the current record
   * (which serves the diff and the conflict check). `restored: false` when the user cancelled.
   */
  async restore(id: string, how: RestoreHow): Promise<{ alreadyLatest: boolean; restored: boolean }> {
    const resource = { kind: 'bin', id } as const;
    const notRestored = l10n.t('Not restored');
    this.checks.permitted('updateBin', notRestored);
    const restoring = await how.record();
    // Sent compact, as the service keeps it: the size checked is the record's, not its indentation's.
    const record = await this.checks.check({ kind: 'bin', collectionId: this.binCollections.of(id) ?? undefined }, JSON.stringify(restoring), notRestored);
    // As served, for the diff and the conflict check: the current record is replaced, not used.
    const { read: current, text } = await readAsShown(this.service.client.readBin(id));
    const currentBytes = encoder.encode(text);
    if (digestOfBytes(currentBytes) === digestOf(record.value)) {
      return { alreadyLatest: true, restored: false };
    }
    const name = current.metadata.name ?? this.store.known(resource)?.name;
    await how.confirm?.(decoder.decode(currentBytes), name);
    // What the user looked at: the record an open tab of the bin was read from, else the current one.
    const baseline = (how.doc && this.store.baselines.of(how.doc)) || digestOfBytes(currentBytes);
    const checking = { resource, doc: how.doc ?? '', baseline, saving: record, current: currentBytes, resolve: how.resolve ?? this.resolveConflict };
    if ((await conflictVerdict(this.store.baselines, this.service.client, checking)) === 'cancel') {
      return { alreadyLatest: false, restored: false };
    }
    const answer = await this.service.client.updateBin(id, record);
    // Open tabs of the bin show the restored record, read from what the answer carried.
    this.store.written(resource, answer.record, { name, private: answer.metadata.private }, how.docs());
    return { alreadyLatest: false, restored: true };
  }
}

/** The text checked and sent: the user's own, as written, or a value from a programmatic call, serialized. */
function textOf(record: string | Json | RecordText): string {
  return typeof record === 'string' ? record : record instanceof RecordText ? record.text : JSON.stringify(record);
}
