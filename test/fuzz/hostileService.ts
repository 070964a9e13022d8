/**
 * A bin service that answers every request with the answer it is given, byte by byte on a raw
 * socket: wrong lengths, resets mid-body, stalls and floods are as easy to send as a good answer.
 * It logs what arrived (never keeping a key) for the properties to check.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { Answer } from './answers';

export interface Arrived {
  method: string;
  path: string;
}

/** Stands for the key in an answer's body: replaced by the key the request carried. */
export const ECHOED_KEY = '\u0000KEY\u0000';
/** The same, URL-encoded (as a page that echoes the request line would show it). */
export const ECHOED_URL_KEY = '\u0000URLKEY\u0000';

/** The answer's body with the key the request carried where it asks for it. */
export function withKey(body: string, key: string): string {
  return body.split(ECHOED_KEY).join(key).split(ECHOED_URL_KEY).join(encodeURIComponent(key));
}

export class HostileService {
  private readonly server: Server = createServer((socket) => this.serve(socket));
  private readonly sockets = new Set<Socket>();
  private timers = new Set<ReturnType<typeof setTimeout>>();
  answer?: Answer;
  readonly arrived: Arrived[] = [];

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v3`;
  }

  /** Ends every stalled answer: between cases, nothing is left running. */
  reset(answer: Answer): void {
    this.timers.forEach((t) => clearTimeout(t));
    this.timers.clear();
    this.sockets.forEach((s) => s.destroy());
    this.arrived.length = 0;
    this.answer = answer;
  }

  async stop(): Promise<void> {
    this.reset(this.answer!);
    await new Promise((resolve) => this.server.close(resolve));
  }

  private serve(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    let pending = Buffer.alloc(0);
    socket.on('data', (data) => {
      pending = Buffer.concat([pending, data]);
      const end = pending.indexOf('\r\n\r\n');
      if (end < 0) {
        return;
      }
      const head = pending.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (pending.length < end + 4 + length) {
        return;
      }
      pending = pending.subarray(end + 4 + length);
      const [method, path] = head.split(' ');
      const key = /\r\nx-(?:master|access)-key: *([^\r]*)/i.exec(head)?.[1] ?? '';
      this.arrived.push({ method, path });
      this.respond(socket, key);
    });
  }

  private respond(socket: Socket, key: string): void {
    const answer = this.answer!;
    const body = Buffer.from(withKey(answer.body, key), 'utf8');
    const headers = [...answer.headers];
    let payload = body;
    // An endless answer can only be chunked.
    const length = answer.delivery === 'flood' ? 'chunked' : answer.length;
    if (length === 'exact') {
      headers.push(['Content-Length', String(body.length)]);
    } else if (length === 'short') {
      headers.push(['Content-Length', String(Math.floor(body.length / 2))]);
    } else if (length === 'long') {
      headers.push(['Content-Length', String(body.length + 10)]);
    } else if (length === 'chunked') {
      headers.push(['Transfer-Encoding', 'chunked']);
      payload =
        body.length > 0 ? Buffer.concat([Buffer.from(`${body.length.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]) : Buffer.from('0\r\n\r\n');
    }
    const head = Buffer.from(
      `HTTP/1.1 ${answer.status} ${answer.reason}\r\n${headers.map(([n, v]) => `${n}: ${v}\r\n`).join('')}Connection: close\r\n\r\n`,
      'latin1',
    );
    const whole = Buffer.concat([head, payload]);
    const half = whole.subarray(0, head.length + Math.floor(payload.length / 2));
    switch (answer.delivery) {
      case 'whole':
        socket.end(whole);
        break;
      case 'slow':
        this.inPieces(socket, whole, 3, 20);
        break;
      case 'silent':
        break;
      case 'stall':
        socket.write(half);
        break;
      case 'resetBeforeAnswer':
        socket.resetAndDestroy();
        break;
      case 'resetMidBody':
        socket.write(half, () => socket.resetAndDestroy());
        break;
      case 'closeMidBody':
        socket.end(half);
        break;
      case 'flood':
        this.flood(socket, head);
        break;
    }
  }

  private inPieces(socket: Socket, bytes: Buffer, pieces: number, gapMs: number): void {
    const size = Math.ceil(bytes.length / pieces);
    const send = (at: number) => {
      if (socket.destroyed) {
        return;
      }
      const last = at + size >= bytes.length;
      socket.write(bytes.subarray(at, at + size));
      if (last) {
        socket.end();
      } else {
        this.later(() => send(at + size), gapMs);
      }
    };
    send(0);
  }

  /** An answer that never ends: chunks as fast as the client reads them. */
  private flood(socket: Socket, head: Buffer): void {
    const chunk = Buffer.from(`4000\r\n${'['.repeat(0x4000)}\r\n`);
    socket.write(head);
    const more = () => {
      while (!socket.destroyed && socket.write(chunk));
      if (!socket.destroyed) {
        socket.once('drain', more);
      }
    };
    more();
  }

  private later(run: () => void, ms: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }
}
