/**
 * An extension's global state as VS Code 1.139's extension host keeps it (extHostMemento.ts and
 * mainThreadStorage.ts, as code-server 4.139.1 ships them): `update` changes the host's object and
 * schedules sending the whole object; the main thread stores it, then echoes the stored object back,
 * which replaces the host's, then answers. Here the test says when the memento sends and when each
 * message reaches the host, so an order seen now and then in a real VS Code is played every time.
 */
import type { Memory } from '../../../../src/core/api/stateKeys';

interface Waiting {
  resolve(): void;
  reject(error: Error): void;
  promise: Promise<void>;
}

export class ExtensionHostState implements Memory {
  /** What the main thread stores. */
  stored: Record<string, unknown> = {};
  /** How many times the host sent its object. */
  sent = 0;
  /** The next send fails. */
  failNext = false;
  private value: Record<string, unknown> = {};
  private scheduled = false;
  private waiting = new Map<string, Waiting>();
  /** Messages on their way to the host, in order. */
  private readonly inbox: (() => void)[] = [];

  get<T>(key: string): T | undefined {
    return this.value[key] as T | undefined;
  }

  keys(): readonly string[] {
    return Object.keys(this.value).filter((key) => this.value[key] !== undefined);
  }

  update(key: string, value: unknown): Promise<void> {
    this.value[key] = value !== null && typeof value === 'object' ? JSON.parse(JSON.stringify(value)) : value;
    const known = this.waiting.get(key);
    if (known) {
      return known.promise;
    }
    let settle!: Pick<Waiting, 'resolve' | 'reject'>;
    const promise = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
    this.waiting.set(key, { ...settle, promise });
    this.scheduled = true;
    return promise;
  }

  /** The memento's scheduler runs, if an update scheduled it: the whole object is sent. */
  send(): boolean {
    if (!this.scheduled) {
      return false;
    }
    this.scheduled = false;
    this.sent++;
    const records = [...this.waiting.values()];
    this.waiting = new Map();
    if (this.failNext) {
      this.failNext = false;
      this.inbox.push(() => records.forEach((r) => r.reject(new Error('storage failed'))));
      return true;
    }
    const text = JSON.stringify(this.value);
    this.stored = JSON.parse(text) as Record<string, unknown>;
    this.inbox.push(
      () => (this.value = JSON.parse(text) as Record<string, unknown>),
      () => records.forEach((r) => r.resolve()),
    );
    return true;
  }

  /** The next message reaches the host: an echo (the stored object replaces the host's) or an answer. */
  deliver(): boolean {
    const message = this.inbox.shift();
    message?.();
    return message !== undefined;
  }

  /** One turn of the event loop: what the last step set going (promises) has run. */
  async turn(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
  }

  /** Messages are delivered and sends made until nothing is left to do. */
  async settle(): Promise<void> {
    for (;;) {
      await this.turn();
      if (!this.deliver() && !this.send()) {
        return;
      }
    }
  }
}
