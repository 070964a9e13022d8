/** Holds an account's service client, rebuilt when its key or the settings that shape it change. */
import * as vscode from 'vscode';
import { BinClient, BinServiceError, goesDirect, parseBaseUrl, RequestCounter, type CountStore, type Operation } from '../../core/api';
import { accountScope } from '../../core/api/stateKeys';
import { affectsConnection, settings } from '../config';
import type { BinCollections } from '../../core/store/binCollections';
import { refusal, type AccountInfo } from './accountList';
import type { KeyStore } from './keyStore';

/** Where an account's requests go: read each time, since the default account follows the settings. */
export interface ConnectionTarget {
  info(): AccountInfo;
  apiUrl(): string;
  /** What the account's stored state (remembered bins, their collections) is kept under. */
  scope(): string;
}

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
    private readonly target: ConnectionTarget,
    readonly keys: KeyStore,
    private readonly binCollections: BinCollections,
    private readonly log: vscode.LogOutputChannel,
    private readonly counts?: CountStore,
  ) {
    this.subscriptions = [
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (affectsConnection(e, this.target.info().apiUrl === undefined)) {
          this.reset();
        }
      }),
      keys.onDidChange(() => this.reset()),
    ];
  }

  get baseUrl(): string {
    return this.target.apiUrl();
  }

  /** What the account's stored state is kept under: its service URL, or the URL and its id. */
  get scope(): string {
    return this.target.scope();
  }

  /** The account this connection serves. */
  get account(): AccountInfo {
    return this.target.info();
  }

  /** The requests this account sent to its service: one counter per service URL. */
  get requests(): RequestCounter {
    const url = this.baseUrl;
    if (this.counter?.serviceUrl !== url) {
      void this.counter?.flush();
      // The default account's count is kept under the URL alone, as before accounts existed.
      const { id } = this.target.info();
      this.counter = new RequestCounter(url, this.counts, undefined, accountScope(url, id));
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
    this.current ??= this.create(() => this.keys.get(), true);
    return this.current;
  }

  /**
   * A client that uses a key not yet stored, to check it before storing. The stored key's allowance
   * neither stops it nor is touched by what the service says to it: a refused key leaves no trace.
   */
  withKey(key: string): BinClient {
    return this.create(() => key, false);
  }

  /** An access key known not to update bins: its tabs open read-only rather than fail on save. */
  mayNotUpdate(): boolean {
    return this.account.permissions?.bins.update === false;
  }

  /**
   * Refuses, sending nothing, an action the account's key is known not to be granted. Every
   * request is checked; an action that reads before it writes asks first, so it reads nothing either.
   */
  mayDo(operation: Operation): void {
    const refused = refusal(this.target.info(), operation);
    if (refused) {
      throw new BinServiceError('notPermitted', refused, undefined, operation);
    }
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
    this.counter?.dispose();
    for (const s of this.subscriptions) {
      s.dispose();
    }
    this.changed.dispose();
    this.counted.dispose();
    this.reached.dispose();
  }

  /** `stored`: the account's own key, which its allowance block is about. */
  private create(key: () => Thenable<string | undefined> | string, stored: boolean): BinClient {
    const baseUrl = this.baseUrl;
    const scope = this.target.scope();
    // The counter of this client's service, even if the setting changes while a request is under way.
    const requests = this.requests;
    return new BinClient({
      baseUrl,
      key: () => key(),
      keyKind: this.target.info().keyKind,
      keyChecked: stored,
      plan: settings.plan,
      timeoutMs: settings.timeoutMs(),
      maxAnswerBytes: settings.maxAnswerBytes(),
      proxyUrl: this.proxyFor(baseUrl),
      onCollectionOf: (binId, collectionId) => this.binCollections.learn(binId, collectionId, scope),
      beforeSend: (operation) => {
        this.mayDo(operation);
        if (stored) {
          requests.check(operation);
        }
      },
      // Method, path (ids only), status and time: never a header, so never the key.
      onRequest: (e) => {
        if (e.error) {
          this.log.warn(vscode.l10n.t('{0} {1} failed after {2} ms: {3}', e.method, e.path, e.ms, e.error));
        } else {
          this.log.info(
            vscode.l10n.t({ message: '{0} {1} {2} {3} ms', args: [e.method, e.path, e.status ?? '', e.ms], comment: ['method, path, status, milliseconds'] }),
          );
        }
        requests.record(e, stored);
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
