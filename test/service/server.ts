/**
 * The local bin service: a real HTTP server implementing the contract, for every test and the demo.
 * Tests read its request log and inject faults per route.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { M } from './messages';
import { streamForever, unreadable } from './damagedAnswers';
import { route, type Answer, type Context } from './routes';
import { Store, type Account, type BinAction, type Plan, type StoredAccessKey } from './store';

export interface LogEntry {
  method: string;
  path: string;
  /** Header names as sent, lower-cased; the key's value is never kept. */
  headers: Record<string, string>;
  hasKey: boolean;
  /** Which key header it carried (`both` when both were sent), without the key. */
  keyHeader?: 'master' | 'access' | 'both';
  status: number | 'dropped';
  body?: string;
}

export interface Fault {
  method?: string;
  /** A path (exact, under the base path) or a pattern it must match. */
  path?: string | RegExp;
  /** How many requests the fault applies to; unlimited when absent. */
  times?: number;
  delayMs?: number;
  /** The answer waits until this settles: a test holds a request under way while something else is sent. */
  hold?: Promise<unknown>;
  status?: number;
  message?: string;
  drop?: boolean;
  malformed?: boolean;
  /** A 200 with this body instead of the real answer (e.g. one of the wrong shape). */
  body?: unknown;
  /** A 200 with this text as its body, as written: a record no JavaScript value writes (`1e400`), as a service keeping texts would answer. */
  raw?: string;
  /** A 200 whose body never ends, until the client hangs up. */
  endless?: boolean;
  /** A 200 whose body begins, then stops without ending, until the client hangs up. */
  stalled?: boolean;
  /** A 302 to this location (a path or a URL), with no body: a client must not follow it. */
  redirect?: string;
  /**
   * The request is done as usual, then its answer's body cannot be read: `notJson` (half of it,
   * its length told), `empty`, or `cutShort` (its whole length told, half sent, the connection closed).
   */
  unreadable?: 'notJson' | 'empty' | 'cutShort';
}

export interface ServiceOptions {
  port?: number;
  host?: string;
  /** The version segment the routes live under. */
  basePath?: string;
  /**
   * Only the fields the contract and the reference require: no name or collectionId in read metadata,
   * no names in listings, no access key id or metadata where the API reference shows them.
   */
  minimal?: boolean;
  /**
   * Only the contract's routes and the reads it refers to: version counts and the `/meta/...`
   * routes (of bins and collections) and the access key routes answer 404 as a plain web server would, and reads ignore `X-Bin-Meta` and `X-JSON-Path`.
   */
  bareRoutes?: boolean;
}

/** Routes beyond the contract that a compatible service may lack. */
const EXTRA_ROUTE = /^\/(b\/[^/]+\/(latest|versions\/count|meta\/[^/]+)|c\/[^/]+\/meta\/name|a(\/[^/]+)?)$/;

/** What a browser may send across origins: every method and request header of the contract, and the key headers. */
export const CORS_METHODS = 'GET, POST, PUT, DELETE';
export const CORS_HEADERS = [
  'Content-Type',
  'X-Master-Key',
  'X-Access-Key',
  'X-Bin-Meta',
  'X-Bin-Name',
  'X-Bin-Private',
  'X-Bin-Versioning',
  'X-Collection-Id',
  'X-Collection-Name',
  'X-JSON-Path',
  'X-Key-Name',
  'X-Preserve-Latest',
  'X-Schema-Doc-Id',
  'X-Schema-Doc-Name',
  'X-Sort-Order',
];

export class BinService {
  readonly store = new Store();
  readonly log: LogEntry[] = [];
  private faults: Fault[] = [];
  /** Off for benchmarks, where keeping every request would measure the log. */
  logging = true;
  private server?: Server;
  private readonly basePath: string;
  baseUrl = '';
  /** TCP connections accepted so far: shows whether clients reuse sockets. */
  connections = 0;
  /** CORS preflights answered: a browser sends them, and they are not requests of the log. */
  preflights = 0;
  /** One per endless or stalled answer, settled when the client hangs up on it. */
  readonly hangUps: Promise<void>[] = [];

  constructor(private readonly options: ServiceOptions = {}) {
    this.basePath = options.basePath ?? '/v3';
    this.minimal = options.minimal ?? false;
  }

  /** Answers only the required fields; can be switched while running, as a service might be replaced. */
  minimal: boolean;

  /** How this service departs from the full one, for messages. */
  get mode(): string {
    return [this.minimal && 'minimal', this.options.bareRoutes && 'bare routes'].filter(Boolean).join(', ');
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('clientError', (_error, socket) => socket.destroy());
    this.server.on('connection', () => this.connections++);
    // Started again after stop(), it listens where it did: a service back after an outage.
    const again = this.baseUrl ? Number(new URL(this.baseUrl).port) : undefined;
    await new Promise<void>((resolve) => this.server!.listen(again ?? this.options.port ?? 0, this.options.host ?? '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = `http://127.0.0.1:${port}${this.basePath}`;
    return this.baseUrl;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  addAccount(plan: Plan = 'free', allowance?: number, key?: string): Account {
    return this.store.addAccount(plan, allowance, key);
  }

  /** An access key of `account` granted the given bin actions (the others refused). */
  addAccessKey(account: Account, granted: BinAction[], name = 'test key'): StoredAccessKey {
    const bins = { create: false, read: false, update: false, delete: false };
    granted.forEach((action) => (bins[action] = true));
    return this.store.createAccessKey(account, name, { bins });
  }

  fault(fault: Fault): void {
    this.faults.push({ ...fault });
  }

  clearFaults(): void {
    this.faults = [];
  }

  clearLog(): void {
    this.log.length = 0;
  }

  /** Log entries since a mark (a previous log length), optionally of one method. */
  requestsSince(mark: number, method?: string): LogEntry[] {
    return this.log.slice(mark).filter((e) => method === undefined || e.method === method);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // As the hosted service, which enables CORS: the extension in a browser's web worker asks cross-origin.
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Vary', 'Origin');
    if (req.method === 'OPTIONS') {
      this.preflights++;
      res
        .writeHead(204, {
          'Access-Control-Allow-Methods': CORS_METHODS,
          'Access-Control-Allow-Headers': CORS_HEADERS.join(', '),
          'Access-Control-Max-Age': '600',
        })
        .end();
      return;
    }
    const entry: LogEntry = { method: req.method ?? 'GET', path: req.url ?? '/', headers: {}, hasKey: false, status: 0 };
    for (const [name, value] of Object.entries(req.headers)) {
      if (name === 'x-master-key' || name === 'x-access-key') {
        entry.hasKey = true;
        const kind = name === 'x-master-key' ? 'master' : 'access';
        entry.keyHeader = entry.keyHeader && entry.keyHeader !== kind ? 'both' : kind;
      } else if (typeof value === 'string') {
        entry.headers[name] = value;
      }
    }
    if (this.logging) {
      this.log.push(entry);
    }
    try {
      const body = await readBody(req);
      if (body.length > 0) {
        entry.body = body;
      }
      const fault = this.takeFault(entry);
      if (fault?.delayMs) {
        await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
      }
      await fault?.hold;
      if (fault?.drop) {
        entry.status = 'dropped';
        req.socket.destroy();
        return;
      }
      if (fault?.endless || fault?.stalled) {
        entry.status = 200;
        this.hangUps.push(streamForever(res, fault.endless ? 64 * 1024 : 0));
        return;
      }
      if (fault?.redirect !== undefined) {
        entry.status = 302;
        res.writeHead(302, { Location: fault.redirect }).end();
        return;
      }
      if (fault && 'body' in fault) {
        entry.status = 200;
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(fault.body));
        return;
      }
      if (fault?.raw !== undefined) {
        entry.status = 200;
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(fault.raw);
        return;
      }
      if (fault?.malformed) {
        entry.status = 200;
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"record": {"trunc');
        return;
      }
      const bare = this.options.bareRoutes && EXTRA_ROUTE.test(new URL(entry.path, 'http://local').pathname.slice(this.basePath.length));
      if (bare) {
        entry.status = 404;
        res.writeHead(404, { 'Content-Type': 'text/html' }).end(`<pre>Cannot ${entry.method} ${entry.path}</pre>`);
        return;
      }
      const answer: Answer =
        fault?.status !== undefined ? { status: fault.status, body: { message: fault.message ?? 'Injected fault' } } : this.answer(req, entry, body);
      entry.status = answer.status;
      if (fault?.unreadable) {
        unreadable(res, answer, fault.unreadable);
        return;
      }
      res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(answer.body));
    } catch (error) {
      entry.status = 500;
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: `Internal error: ${(error as Error).message}` }));
      }
    }
  }

  private answer(req: IncomingMessage, entry: LogEntry, body: string): Answer {
    const url = new URL(entry.path, 'http://local');
    if (!url.pathname.startsWith(this.basePath + '/')) {
      return { status: 404, body: { message: M.notRoute } };
    }
    let segments: string[];
    try {
      segments = url.pathname
        .slice(this.basePath.length + 1)
        .split('/')
        .map(decodeURIComponent);
    } catch {
      return { status: 400, body: { message: M.badPath } };
    }
    const context: Context = {
      store: this.store,
      method: entry.method,
      segments,
      header: (name) => {
        const value = req.headers[name.toLowerCase()];
        return Array.isArray(value) ? value[0] : value;
      },
      body,
      minimal: this.minimal,
      plainReads: this.options.bareRoutes ?? false,
    };
    return route(context);
  }

  private takeFault(entry: LogEntry): Fault | undefined {
    const path = entry.path.startsWith(this.basePath) ? entry.path.slice(this.basePath.length) : entry.path;
    const fault = this.faults.find(
      (f) =>
        (f.method === undefined || f.method === entry.method) && (f.path === undefined || (typeof f.path === 'string' ? f.path === path : f.path.test(path))),
    );
    if (fault && fault.times !== undefined && --fault.times <= 0) {
      this.faults.splice(this.faults.indexOf(fault), 1);
    }
    return fault;
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
