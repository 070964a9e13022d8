/**
 * Validation as the extension host's thread asks for it: each request goes to the validation
 * worker (`validationWorker.ts`), started on the first one. The thread only sends the text and
 * receives the placed problems: typing in a 1 MB record never blocks the editor's extensions.
 */
import { Worker } from 'node:worker_threads';
import { CannotValidate, SchemaDocProblem } from './problems';
import type { TextCheck } from './validator';

/** A schema doc as the worker compiles it: once per id and text. */
export interface SchemaSource {
  id: string;
  text: string;
}

/** A check names its schema doc; the doc's text goes along only when the worker has not seen it (it keeps each id's last text). */
type Request = { op: 'check'; schema?: { id: string; text?: string }; text: string; maxPlaced: number } | { op: 'schemaProblem'; schemaText: string };

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
  private worker?: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  /** The schema doc texts the current worker was sent, by id: a keystroke sends only the record. */
  private readonly sentSchemas = new Map<string, string>();

  /** `workerPath`: the worker's script (the bundle's `dist/validationWorker.mjs`, or the compiled module in tests). */
  constructor(
    private readonly workerPath: string,
    private readonly timeLimitMs = TIME_LIMIT_MS,
  ) {}

  /**
   * Syntax problems, and the schema's problems placed (at most `maxPlaced`, then a count).
   * Rejects with `SchemaDocProblem` or `CannotValidate` when the record cannot be validated.
   */
  check(schema: SchemaSource | undefined, text: string, maxPlaced = Number.POSITIVE_INFINITY): Promise<TextCheck> {
    return this.call(() => {
      const seen = schema && this.sentSchemas.get(schema.id) === schema.text;
      if (schema) {
        this.sentSchemas.set(schema.id, schema.text);
      }
      return { op: 'check', schema: schema && (seen ? { id: schema.id } : schema), text, maxPlaced };
    }) as Promise<TextCheck>;
  }

  /** Why a schema doc cannot be used, or undefined when it compiles. */
  schemaProblem(schema: unknown): Promise<string | undefined> {
    return this.call(() => ({ op: 'schemaProblem', schemaText: JSON.stringify(schema) })) as Promise<string | undefined>;
  }

  async dispose(): Promise<void> {
    await this.worker?.terminate();
  }

  /** `request` is built once the worker is known: what it was sent before decides what goes. */
  private call(request: () => Request): Promise<unknown> {
    const worker = this.started();
    const message = request();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      // A save waits on this answer: it never waits forever.
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new CannotValidate(`Validation took longer than ${this.timeLimitMs / 1000} s`));
        void worker.terminate();
      }, this.timeLimitMs);
      this.pending.set(id, { resolve, reject, timer });
      // Only a worker with work to do keeps the process alive.
      worker.ref();
      worker.postMessage({ ...message, id });
    });
  }

  private started(): Worker {
    if (this.worker) {
      return this.worker;
    }
    const worker = new Worker(this.workerPath);
    this.sentSchemas.clear();
    worker.unref();
    worker.on('message', (answer: ValidationAnswer) => this.settle(answer));
    worker.on('error', (error) => this.stopped(worker, error));
    worker.on('exit', (code) => this.stopped(worker, new Error(`The validation worker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private settle({ id, result, failure }: ValidationAnswer): void {
    const pending = this.pending.get(id);
    this.pending.delete(id);
    clearTimeout(pending?.timer);
    if (this.pending.size === 0) {
      this.worker?.unref();
    }
    if (!failure) {
      pending?.resolve(result);
    } else {
      const ErrorKind = failure.kind === 'schemaDocProblem' ? SchemaDocProblem : failure.kind === 'cannotValidate' ? CannotValidate : Error;
      pending?.reject(new ErrorKind(failure.message));
    }
  }

  /** A worker that failed is replaced on the next request; what it had not answered fails now. */
  private stopped(worker: Worker, error: Error): void {
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
