/**
 * Validation as the extension host's thread asks for it: each request goes to the validation
 * worker (`validationWorker.ts`), started on the first one. The thread only sends the text and
 * receives the placed problems: typing in a 1 MB record never blocks the editor's extensions.
 */
import * as l10n from '@vscode/l10n';
import { host, type WorkerScript, type WorkerThread } from '../../platform';
import { messagesInUse, type Messages } from '../../platform/l10n';
import { CannotValidate, SchemaDocProblem } from './problems';
import type { ServedResult, TextCheck } from './validator';

/** A schema doc as the worker compiles it: once per id and text. */
export interface SchemaSource {
  id: string;
  text: string;
}

/** An open document, of which the worker keeps a copy that its edits keep up to date. */
export interface OpenText {
  /** Names the document (its URI). */
  key: string;
  version: number;
  /** Its length now: the worker's copy is used only if it has the same. */
  length: number;
  /** The whole text, read only when the worker has no copy of this version. */
  text(): string;
}

/**
 * What a schema doc's users (`SchemaDocs`) ask of validation: the worker's client here, or the
 * checks run on the caller's thread (`inProcessValidation.ts`, for the command line and the MCP server).
 */
export type Validates = Pick<Validation, 'check' | 'checkServed' | 'checkOpen' | 'edited' | 'closed' | 'schemaProblem' | 'dispose'>;

/** One change of an edit, as VS Code reports it (offsets before the change). */
export interface TextChange {
  offset: number;
  length: number;
  text: string;
}

/**
 * A check names its schema doc; the doc's text goes along only when the worker has not seen it
 * (it keeps each id's last text). The record is its text, or an open document the worker keeps.
 */
type Request =
  | {
      op: 'check';
      schema?: { id: string; text?: string };
      text?: string;
      open?: { key: string; version: number; length: number };
      /** Reads' answers as served, whose records are checked (see `checkServed`). */
      served?: Uint8Array[];
      maxPlaced: number;
    }
  | { op: 'edit'; key: string; version: number; changes: readonly TextChange[] }
  | { op: 'close'; key: string }
  | { op: 'schemaProblem'; schemaText: string }
  /** The user's language's messages, sent first: the worker's problems are worded in them. */
  | { op: 'messages'; messages: Messages };

/** What the worker answers when its copy of a document is not the version asked for. */
export const OUT_OF_STEP = 'out of step';

export type ValidationRequest = Request & { id: number };

export interface ValidationAnswer {
  id: number;
  result?: unknown;
  failure?: { kind: 'schemaDocProblem' | 'cannotValidate' | 'error'; message: string };
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

/** Longer than any record a plan allows takes; a worker stuck past it is replaced. */
const TIME_LIMIT_MS = 30_000;

export class Validation {
  private worker?: WorkerThread;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  /** The schema doc texts the current worker was sent, by id: a keystroke sends only the record. */
  private readonly sentSchemas = new Map<string, string>();
  /** The open documents the current worker keeps a copy of, and the version its copy will be at. */
  private readonly copies = new Map<string, number>();

  /** `script`: the worker's bundled script (`host.validationWorkerFile`), or the compiled module in tests. */
  constructor(
    private readonly script: WorkerScript,
    private readonly timeLimitMs = TIME_LIMIT_MS,
  ) {}

  /**
   * Syntax problems, and the schema's problems placed (at most `maxPlaced`, then a count).
   * Rejects with `SchemaDocProblem` or `CannotValidate` when the record cannot be validated.
   */
  check(schema: SchemaSource | undefined, text: string, maxPlaced = Number.POSITIVE_INFINITY): Promise<TextCheck> {
    return this.call(() => ({ op: 'check', schema: this.schemaToSend(schema), text, maxPlaced })) as Promise<TextCheck>;
  }

  /**
   * As `check`, of the records in reads' answers as the service sent them, in one message: a
   * failing one comes back with its text, formatted as a tab shows it. The bytes go to the worker,
   * not copied: they are unusable here afterwards.
   */
  checkServed(schema: SchemaSource, served: Uint8Array[], maxPlaced = Number.POSITIVE_INFINITY): Promise<ServedResult[]> {
    const transfer = served.map((answer) => answer.buffer as ArrayBuffer);
    // Each record has the time one check may take.
    return this.call(() => ({ op: 'check', schema: this.schemaToSend(schema), served, maxPlaced }), transfer, served.length) as Promise<ServedResult[]>;
  }

  /**
   * As `check`, for an open document: the worker keeps a copy that `edited` keeps up to date, so
   * a keystroke sends the edit, never the whole text again (a 1 MB record is read and copied once).
   */
  async checkOpen(schema: SchemaSource | undefined, document: OpenText, maxPlaced = Number.POSITIVE_INFINITY): Promise<TextCheck> {
    const ask = () =>
      this.call(() => {
        const kept = this.copies.get(document.key) === document.version;
        this.copies.set(document.key, document.version);
        const open = { key: document.key, version: document.version, length: document.length };
        return { op: 'check', schema: this.schemaToSend(schema), open, text: kept ? undefined : document.text(), maxPlaced };
      }) as Promise<TextCheck>;
    try {
      return await ask();
    } catch (error) {
      if (!(error instanceof Error) || error.message !== OUT_OF_STEP) {
        throw error;
      }
      // The copy went astray (it should not): once more with the whole text.
      this.copies.delete(document.key);
      return ask();
    }
  }

  /** An open document changed: the worker's copy, if it has one, takes the same changes. */
  edited(key: string, version: number, changes: readonly TextChange[]): void {
    if (this.worker && this.copies.has(key)) {
      this.copies.set(key, version);
      this.worker.post({ op: 'edit', key, version, changes, id: -1 }, []);
    }
  }

  /** An open document closed: the worker drops its copy. */
  closed(key: string): void {
    if (this.worker && this.copies.delete(key)) {
      this.worker.post({ op: 'close', key, id: -1 }, []);
    }
  }

  private schemaToSend(schema: SchemaSource | undefined): { id: string; text?: string } | undefined {
    if (!schema) {
      return undefined;
    }
    const seen = this.sentSchemas.get(schema.id) === schema.text;
    this.sentSchemas.set(schema.id, schema.text);
    return seen ? { id: schema.id } : schema;
  }

  /** Why a schema doc cannot be used, or undefined when it compiles. */
  schemaProblem(schema: unknown): Promise<string | undefined> {
    return this.call(() => ({ op: 'schemaProblem', schemaText: JSON.stringify(schema) })) as Promise<string | undefined>;
  }

  async dispose(): Promise<void> {
    await this.worker?.terminate();
  }

  /** `request` is built once the worker is known: what it was sent before decides what goes. */
  private call(request: () => Request, transfer: ArrayBuffer[] = [], records = 1): Promise<unknown> {
    const worker = this.started();
    const message = request();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // A save waits on this answer: it never waits forever.
      const limitMs = this.timeLimitMs * records;
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new CannotValidate(l10n.t('Validation took longer than {0} s', limitMs / 1000)));
        void worker.terminate();
      }, limitMs);
      this.pending.set(id, { resolve, reject, timer });
      // Only a worker with work to do keeps the process alive.
      worker.busy(true);
      try {
        worker.post({ ...message, id }, transfer);
      } catch (error) {
        // Not sent (a message that cannot be copied): nothing will answer it.
        this.settle({ id, failure: { kind: 'error', message: (error as Error).message } });
      }
    });
  }

  private started(): WorkerThread {
    if (this.worker) {
      return this.worker;
    }
    this.sentSchemas.clear();
    this.copies.clear();
    const worker: WorkerThread = host.startWorker(this.script, {
      message: (answer) => this.settle(answer as ValidationAnswer),
      stopped: (error) => this.stopped(worker, error),
    });
    this.worker = worker;
    const messages = messagesInUse();
    if (messages) {
      worker.post({ op: 'messages', messages, id: -1 }, []);
    }
    return worker;
  }

  private settle({ id, result, failure }: ValidationAnswer): void {
    const pending = this.pending.get(id);
    this.pending.delete(id);
    clearTimeout(pending?.timer);
    if (this.pending.size === 0) {
      this.worker?.busy(false);
    }
    if (!failure) {
      pending?.resolve(result);
    } else {
      const ErrorKind = failure.kind === 'schemaDocProblem' ? SchemaDocProblem : failure.kind === 'cannotValidate' ? CannotValidate : Error;
      pending?.reject(new ErrorKind(failure.message));
    }
  }

  /** A worker that failed is replaced on the next request; what it had not answered fails now. */
  private stopped(worker: WorkerThread, error: Error): void {
    if (this.worker !== worker) {
      return;
    }
    this.worker = undefined;
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.pending.clear();
  }
}
