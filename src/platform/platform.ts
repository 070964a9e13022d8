/**
 * What differs between the hosts the extension runs in: the desktop and remote Node extension
 * host, and the browser's web worker host. Each host has one implementation (`node/`, `web/`),
 * chosen when the bundle is built (esbuild.mjs); nothing else asks which host it is in.
 * No `vscode` import: the core uses it.
 */

/** One HTTP request as the service client sends it: the bytes exactly as written. */
export interface HttpRequest {
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers: Record<string, string>;
  body?: string;
  /** The whole request's time limit, the answer's body included. */
  timeoutMs: number;
  /** An answer longer than this is cut off while it streams in, and refused. */
  maxAnswerBytes: number;
}

/** An answer read to its end: its status and body bytes (in an array of their own, transferable). */
export interface HttpAnswer {
  status: number;
  bytes: Uint8Array;
}

/**
 * Why a request got no answer to read. The service client words it for the user (`api/transport.ts`),
 * so every host says the same.
 */
export type HttpFailureReason =
  /** No answer within the time limit. */
  | 'timeout'
  /** The connection failed or was dropped. */
  | 'network'
  /** The browser refused to send it or to show the answer: the service may not allow requests from a browser (CORS). */
  | 'blocked'
  /** The answer was a redirect, which is never followed (the key would go with it). */
  | 'redirect'
  /** Longer than `maxAnswerBytes`. */
  | 'answerTooLarge'
  /** Refused before sending: a header holds a character HTTP does not allow. */
  | 'invalidHeader';

export class HttpFailure extends Error {
  override readonly name = 'HttpFailure';

  constructor(
    readonly reason: HttpFailureReason,
    /** True when no byte of the request can have reached the service (a refused connection). */
    readonly notSent: boolean,
    /** The network error's code, when the host gives one (ECONNREFUSED, …). */
    readonly code?: string,
    /** The answer's status, when it arrived before its body failed: a write answered 2xx was done. */
    readonly status?: number,
  ) {
    super(code ? `${reason} (${code})` : reason);
  }
}

export interface Http {
  send(request: HttpRequest): Promise<HttpAnswer>;
  close(): Promise<void>;
}

/** How the client's requests go out. */
export interface HttpOptions {
  /** An http(s) proxy for requests that do not go direct (Node only: the browser uses its own). */
  proxyUrl?: string;
}

/** The validation worker's script, among the extension's files. */
export interface WorkerScript {
  /** Its path on disk, where the host has one. */
  fsPath: string;
  /** Its bytes, read through VS Code (the web worker host reads it this way). */
  read(): Promise<Uint8Array>;
}

/** The validation worker, as the extension's thread talks to it. */
export interface WorkerThread {
  post(message: unknown, transfer: ArrayBuffer[]): void;
  /** Whether work is waiting: an idle worker must not keep a Node process alive. */
  busy(waiting: boolean): void;
  terminate(): Promise<void>;
}

export interface WorkerEvents {
  message(answer: unknown): void;
  /** The worker failed or stopped: it answers nothing more. */
  stopped(error: Error): void;
}

/** The worker's side of the channel, inside the worker. */
export interface WorkerPort {
  onMessage(handle: (request: unknown) => void): void;
  post(answer: unknown): void;
}

/** json-schema-to-typescript's `compile`: a schema to TypeScript declarations. */
export type CompileTypes = (schema: object, name: string, options: { $refOptions: { resolve: { external: false } } }) => Promise<string>;

export interface Host {
  /** The HTTP stack, loaded with the first request (undici on Node, fetch in the browser). */
  http(options: HttpOptions): Promise<Http>;
  /**
   * Resolves once a request just handed to the HTTP stack is on its way, so that work started then
   * overlaps the wait for its answer instead of holding the request back.
   */
  afterSend(): Promise<void>;
  /** SHA-256 of `bytes`, in base64: the same digest on every host. */
  sha256(bytes: Uint8Array): string;
  /** The validation worker's file in the extension, relative to its folder. */
  readonly validationWorkerFile: string;
  startWorker(script: WorkerScript, events: WorkerEvents): WorkerThread;
  /** Where file dialogs start when no folder is open (undefined: the host's own choice). */
  homeFolder(): string | undefined;
  /** The TypeScript types' library, loaded on first use; undefined where it cannot run. */
  readonly typeScriptTypes?: () => Promise<CompileTypes>;
}
