/**
 * How the client's calls reach the service: the key in its header, the retry without a key on
 * other accounts' public bins, and the HTTP stack loaded with the first request.
 */
import * as l10n from '@vscode/l10n';
import { checkKeyTransport, parseBaseUrl } from './checks';
import { BinServiceError, type Operation } from './errors';
import type { Request, Transport } from './transport';
import type { Plan } from './json';
import type { RequestScope } from './requestScope';
import type { ClientOptions } from './types';

/**
 * `ifGiven`: public bins answer without a key, so one is sent only when there is one. `master`:
 * an access key is granted bins only, so it is refused here without costing a request.
 */
export type KeyUse = 'required' | 'ifGiven' | 'master';

export interface Call {
  operation: Operation;
  /** The bin a keyless-capable call is about. */
  binId?: string;
  method: Request['method'];
  path: string;
  key: KeyUse;
  headers?: Record<string, string>;
  body?: string;
  /** Answered as the bytes the service sent (see `Request.served`). */
  served?: boolean;
  /** Answered as its value and its text (see `Request.keepText`). */
  keepText?: boolean;
}

/**
 * What a client and its views for an action's scope (`within`) share: one transport, what was
 * learnt of the service and the key.
 */
interface Shared {
  /** The transport, and the host's HTTP stack with it, loads with the first request, not with the extension. */
  transport?: Promise<Transport>;
  /** The transport once loaded, so that later requests need not wait for the load. */
  loaded?: Transport;
  /** Public bins of other accounts, which answer only without a key. */
  keyless: Set<string>;
  /**
   * Whether the key is good: only then can a refused read mean "someone else's public bin". Known
   * from an answer, or assumed for a key checked before it was stored until a refusal puts it in doubt.
   */
  keyGood: 'answered' | 'assumed' | 'unknown';
  /** The path segment that reads the latest record; emptied when the service lacks `/latest`. */
  latest: string;
}

export class Calls {
  private readonly url: URL;
  protected readonly shared: Shared;
  /** The action this view's requests are counted for (see `within`). */
  private readonly scope?: RequestScope;

  constructor(
    protected readonly options: ClientOptions,
    of?: { shared: Shared; scope: RequestScope },
  ) {
    this.url = parseBaseUrl(options.baseUrl);
    this.shared = of?.shared ?? { keyless: new Set(), keyGood: options.keyChecked ? 'assumed' : 'unknown', latest: '/latest' };
    this.scope = of?.scope;
  }

  /**
   * This client, its requests counted for `scope` too (none given: this client): the same
   * transport, key and all it learnt. An action sends through it what it sends for itself.
   */
  within(scope: RequestScope | undefined): this {
    if (!scope) {
      return this;
    }
    const View = this.constructor as new (options: ClientOptions, of: { shared: Shared; scope: RequestScope }) => this;
    return new View(this.options, { shared: this.shared, scope });
  }

  /** What this client learnt of its service, the same for its views (`within`): what a caller learns of it is kept under this. */
  get learnt(): object {
    return this.shared;
  }

  protected get plan(): Plan {
    return this.options.plan?.() ?? 'free';
  }

  async close(): Promise<void> {
    await (await this.shared.transport)?.close();
  }

  private http(): Promise<Transport> {
    this.shared.transport ??= import('./transport.js').then(({ Transport }) => {
      this.shared.loaded = new Transport(this.url.origin, this.url.pathname.replace(/\/$/, ''), this.options);
      return this.shared.loaded;
    });
    return this.shared.transport;
  }

  protected async call<T>(call: Call): Promise<T> {
    const keyless = call.binId !== undefined && this.shared.keyless.has(call.binId);
    const given = keyless ? undefined : this.options.key?.();
    const key = typeof given === 'string' || given === undefined ? given : await given;
    try {
      const answer = await this.send<T>(call, key);
      if (key) {
        this.shared.keyGood = 'answered';
      }
      return answer;
    } catch (error) {
      // Someone else's public bin refuses a key the service accepted before, but is open to anyone:
      // ask again without it. A key not known good is just wrong, and asking again would cost a request.
      // The refused request stored nothing, so asking again cannot duplicate a write. An access key
      // refused for what it was not granted is not a matter of whose bin it is: not asked again.
      const refused = error instanceof BinServiceError && error.status === 401 && error.kind !== 'notPermitted';
      if (!(key && this.shared.keyGood !== 'unknown' && call.binId !== undefined && refused)) {
        throw error;
      }
      const answer = await this.send<T>(call, undefined).catch(() => {
        // Refused both ways: an assumed key may be the one refused (revoked since), so it is not
        // worth a second request on every call until the service accepts it again.
        if (this.shared.keyGood === 'assumed') {
          this.shared.keyGood = 'unknown';
        }
        return Promise.reject(error);
      });
      this.shared.keyless.add(call.binId);
      return answer;
    }
  }

  private async send<T>(call: Call, key: string | undefined): Promise<T> {
    const headers: Record<string, string> = { ...call.headers };
    const access = this.options.keyKind === 'access';
    if (key && access && call.key === 'master') {
      throw new BinServiceError('notPermitted', l10n.t("This needs the account's master key: an access key is granted bins only"), undefined, call.operation);
    }
    if (key) {
      checkKeyTransport(this.url);
      headers[access ? 'X-Access-Key' : 'X-Master-Key'] = key;
    } else if (call.key !== 'ifGiven') {
      throw new BinServiceError('missingKey', l10n.t('No API key is set: this operation needs the account key'), undefined, call.operation);
    }
    if (call.body !== undefined) {
      headers['Content-Type'] = 'application/json';
    }
    this.options.beforeSend?.(call.operation);
    return (this.shared.loaded ?? (await this.http())).send<T>({
      scope: this.scope,
      method: call.method,
      path: call.path,
      headers,
      body: call.body,
      served: call.served,
      keepText: call.keepText,
      facts: {
        operation: call.operation,
        sentKey: Boolean(key),
        sentAccessKey: Boolean(key) && access,
        sentBody: call.body !== undefined,
        askedForVersioning: headers['X-Bin-Versioning'] === 'true',
      },
    });
  }
}
