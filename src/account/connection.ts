/** Holds the service client for the configured URL, rebuilt when the settings that shape it change. */
import * as vscode from 'vscode';
import { BinClient, goesDirect, parseBaseUrl, RequestCounter, type CountStore } from '../api';
import { affectsConnection, settings } from '../config';
import type { BinCollections } from '../schema/binCollections';
import type { KeyStore } from './keyStore';

export class Connection implements vscode.Disposable {
  private current?: BinClient;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the service URL or the key changes: everything listed from the service is stale. */
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];
  private counter?: RequestCounter;
  private readonly counted = new vscode.EventEmitter<void>();
  /** Fires when the requests sent or the allowance block change, or the counter is replaced. */
  readonly onDidCount = this.counted.event;
  private readonly reached = new vscode.EventEmitter<void>();
  /** Fires when the service answered a request other than with "Requests exhausted": it can be used again. */
  readonly onDidReach = this.reached.event;

  constructor(
    readonly keys: KeyStore,
    private readonly binCollections: BinCollections,
    private readonly log: vscode.LogOutputChannel,
    private readonly counts?: CountStore,
  ) {
    this.subscriptions = [
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (affectsConnection(e)) {
          this.reset();
        }
      }),
      keys.onDidChange(() => this.reset()),
    ];
  }

  get baseUrl(): string {
    return settings.apiUrl();
  }

  /** The requests sent to the configured service (one account today: one counter per service URL). */
  get requests(): RequestCounter {
    const url = settings.apiUrl();
    if (this.counter?.serviceUrl !== url) {
      void this.counter?.flush();
      this.counter = new RequestCounter(url, this.counts);
      this.counter.onDidChange(() => this.counted.fire());
    }
    return this.counter;
  }

  /** Writes today's count, which is kept a while after each request. */
  flush(): Promise<void> {
    return this.counter?.flush() ?? Promise.resolve();
  }

  /** Created on first use, so activation sends nothing and loads no HTTP stack. */
  get client(): BinClient {
    this.current ??= this.create(() => this.keys.get());
    return this.current;
  }

  /** A client that uses a key not yet stored, to check it before storing. */
  withKey(key: string): BinClient {
    // Another key is tried: what the service said of the allowance is asked again.
    this.requests.retry();
    return this.create(() => key);
  }

  /** A new service or key: a new client, with nothing learnt under the old one. */
  private reset(): void {
    void this.current?.close();
    this.current = undefined;
    // Another key or service: what the old one said of its allowance no longer holds.
    this.requests.retry();
    this.counted.fire();
    this.changed.fire();
  }

  dispose(): void {
    void this.current?.close();
    for (const s of this.subscriptions) {
      s.dispose();
    }
    this.changed.dispose();
    this.counted.dispose();
    this.reached.dispose();
  }

  private create(key: () => Thenable<string | undefined> | string): BinClient {
    const baseUrl = settings.apiUrl();
    // The counter of this client's service, even if the setting changes while a request is under way.
    const requests = this.requests;
    return new BinClient({
      baseUrl,
      key: () => key(),
      plan: settings.plan,
      timeoutMs: settings.timeoutMs(),
      maxAnswerBytes: settings.maxAnswerBytes(),
      proxyUrl: this.proxyFor(baseUrl),
      onCollectionOf: (binId, collectionId) => this.binCollections.learn(binId, collectionId, baseUrl),
      beforeSend: (operation) => requests.check(operation),
      // Method, path (ids only), status and time: never a header, so never the key.
      onRequest: (e) => {
        if (e.error) {
          this.log.warn(`${e.method} ${e.path} failed after ${e.ms} ms: ${e.error}`);
        } else {
          this.log.info(`${e.method} ${e.path} ${e.status} ${e.ms} ms`);
        }
        requests.record(e);
        if (e.status !== undefined && e.kind !== 'allowanceExhausted') {
          this.reached.fire();
        }
      },
    });
  }

  /** Loopback and `http.noProxy` hosts go direct; an unparsable URL is refused by the client itself. */
  private proxyFor(baseUrl: string): string | undefined {
    const proxy = settings.proxy();
    try {
      return proxy && !goesDirect(parseBaseUrl(baseUrl), settings.noProxy()) ? proxy : undefined;
    } catch {
      return undefined;
    }
  }
}
