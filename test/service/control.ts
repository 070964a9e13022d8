/**
 * The local bin service, driven from another process: the suite that runs in the browser's web
 * worker host cannot start a server, so the runner starts the service and this small server beside
 * it, and the suite asks it for the request log, faults and outages. Its own requests never reach
 * the service's log. It answers CORS as the service does (the suite asks cross-origin).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BinService, Fault } from './server';
import type { Account } from './store';
import { courseModulesOfSize, courseModuleSchema } from './courseModule';

/** What the suite learns at its start: where the service is, and the account's key (kept in memory only). */
export interface WorldFacts {
  baseUrl: string;
  /** A free plan account's key. */
  key: string;
  /** A paid plan account's key (versions). */
  paidKey: string;
}

/** A fault as JSON carries it: a path pattern as its source. */
export type RemoteFault = Omit<Fault, 'path'> & { path?: string; pathPattern?: string };

export async function startControl(service: BinService, accounts: { free: Account; paid: Account }): Promise<{ url: string; stop(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, POST', 'Access-Control-Allow-Headers': 'Content-Type' }).end();
      return;
    }
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      void answer(new URL(req.url ?? '/', 'http://control'), body ? JSON.parse(body) : undefined).then(
        (result) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(result ?? null)),
        (error: Error) => res.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ message: error.message })),
      );
    });
  });

  async function answer(url: URL, body: unknown): Promise<unknown> {
    switch (url.pathname) {
      case '/world':
        return { baseUrl: service.baseUrl, key: accounts.free.key, paidKey: accounts.paid.key } satisfies WorldFacts;
      case '/log':
        return service.requestsSince(Number(url.searchParams.get('since') ?? 0));
      case '/log/length':
        return service.log.length;
      case '/fault': {
        const { pathPattern, ...fault } = body as RemoteFault;
        service.fault(pathPattern === undefined ? fault : { ...fault, path: new RegExp(pathPattern) });
        return undefined;
      }
      case '/faults/clear':
        return service.clearFaults();
      case '/stop':
        return service.stop();
      case '/start':
        return service.start();
      case '/bench/editing':
        return editingBin(service, accounts.paid, (body as { kb: number }).kb);
      default:
        throw new Error(`No control route ${url.pathname}`);
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The edit bench's bin, as the Node host's bench makes it (test/vscode-bench/editing.ts): stored directly, in a validated collection. */
function editingBin(service: BinService, account: Account, kb: number): { binId: string; collectionId: string } {
  const schema = { type: 'array', items: courseModuleSchema };
  const schemaDoc = service.store.createSchemaDoc(account, 'Bench modules', schema, service.store.compile(schema));
  const collection = service.store.createCollection(account, 'Bench editing');
  collection.schemaDocId = schemaDoc.id;
  const bin = service.store.createBin(account, courseModulesOfSize(kb * 1024), { name: `edit ${kb} KB`, private: true, collectionId: collection.id });
  return { binId: bin.id, collectionId: collection.id };
}
