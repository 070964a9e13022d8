/**
 * How the client's calls reach the service: the key in its header, the retry without a key on
 * other accounts' public bins, and the HTTP stack loaded with the first request.
 */
import * as l10n from '@vscode/l10n';
import { checkKeyTransport, parseBaseUrl } from './checks';
import { BinServiceError, type Operation } from './errors';
import type { Request, Transport } from './transport';
import type { Plan } from './json';
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
}

export class Calls {
  /** The transport, and the host's HTTP stack with it, loads with the first request, not with the extension. */
  private transport?: Promise<Transport>;
  /** The transport once loaded, so that later requests need not wait for the load. */
  private loaded?: Transport;
  private readonly url: URL;
  /** Public bins of other accounts, which answer only without a key. */
  private readonly keyless = new Set<string>();
  /**
   * Whether the key is good: only then can a refused read mean "someone else's public bin". Known
   * from an answer, or assumed for a key checked before it was stored until a refusal puts it in doubt.
   */
  private keyGood: 'answered' | 'assumed' | 'unknown';

  constructor(protected readonly options: ClientOptions) {
    this.url = parseBaseUrl(options.baseUrl);
    this.keyGood = options.keyChecked ? 'assumed' : 'unknown';
  }

  protected get plan(): Plan {
    return this.options.plan?.() ?? 'free';
  }

  async close(): Promise<void> {
    await (await this.transport)?.close();
  }

  private http(): Promise<Transport> {
    this.transport ??= import('./transport.js').then(({ Transport }) => {
      this.loaded = new Transport(this.url.origin, this.url.pathname.replace(/\/$/, ''), this.options);
      return this.loaded;
    });
    return this.transport;
  }

  protected async call<T>(call: Call): Promise<T> {
    const keyless = call.binId !== undefined && this.keyless.has(call.binId);
    const given = keyless ? undefined : this.options.key?.();
    const key = typeof given === 'string' || given === undefined ? given : await given;
    try {
      const answer = await this.send<T>(call, key);
      if (key) {
        this.keyGood = 'answered';
      }
      return answer;
    } catch (error) {
      // Someone else's public bin refuses a key the service accepted before, but is open to anyone:
      // ask again without it. A key not known good is just wrong, and asking again would cost a request.
      // The refused request stored nothing, so asking again cannot duplicate a write. An access key
      // refused for what it was not granted is not a matter of whose bin it is: not asked again.
      const refused = error instanceof BinServiceError && error.status === 401 && error.kind !== 'notPermitted';
      if (!(key && this.keyGood !== 'unknown' && call.binId !== undefined && refused)) {
        throw error;
      }
      const answer = await this.send<T>(call, undefined).catch(() => {
        // Refused both ways: an assumed key may be the one refused (revoked since), so it is not
        // worth a second request on every call until the service accepts it again.
        if (this.keyGood === 'assumed') {
          this.keyGood = 'unknown';
        }
        return Promise.reject(error);
      });
      this.keyless.add(call.binId);
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
    return (this.loaded ?? (await this.http())).send<T>({
      method: call.method,
      path: call.path,
      headers,
      body: call.body,
      served: call.served,
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
