/**
 * A minimal HTTP proxy on loopback (CONNECT tunnels and absolute-form requests) that records what
 * it carried. With `everyHostIs`, it reaches every host at that address, so that a test can use a
 * name only the proxy knows.
 */
import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface TestProxy {
  url: string;
  /** Targets (host:port) of the requests and tunnels it carried. */
  carried: string[];
  /** Everything that passed through it, as text: a test can search it for a key. */
  seen: string[];
  close(): Promise<void>;
}

export async function startProxy(options: { everyHostIs?: string } = {}): Promise<TestProxy> {
  const carried: string[] = [];
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const target = new URL(req.url ?? '/');
    carried.push(target.host);
    seen.push(JSON.stringify(req.headers));
    const upstream = request(target, { method: req.method, headers: req.headers, host: options.everyHostIs ?? target.hostname }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req, client: Socket, head) => {
    carried.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    client.on('data', (chunk: Buffer) => seen.push(chunk.toString('latin1')));
    const upstream = connect(Number(port), options.everyHostIs ?? host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    carried,
    seen,
    async close() {
      sockets.forEach((s) => s.destroy());
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
