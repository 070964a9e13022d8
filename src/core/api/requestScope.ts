/**
 * The requests one action sent (a command, a tool's call, a table), counted where they are sent:
 * the transport tells the action's scope of each request it sent for it, as it tells the
 * account's counter. An action hands its scope to whatever sends for it (`BinClient.within`, and
 * the `scope` argument of the store, the schema docs and the write path), so that a look-up of a
 * schema doc, a retry or a conflict check's read is counted with the action that caused it, and
 * nothing sent meanwhile by anything else is. A request another action has under way, which this
 * one shares (a read in flight, a listing loading), was not sent for this one. No `vscode` import.
 */
/** What the transport reports of a request it tried (`RequestLogEntry`) that decides whether it counts. */
interface Tried {
  /** It reached the service, or may have. */
  reached: boolean;
}

/**
 * Whether a request the transport tried counts as sent, for the account's counter and for a scope
 * alike: it reached the service, or may have (no answer within the time limit, a connection
 * dropped once the request left, an answer cut off). Each attempt counts: a read repeated after a
 * dropped connection or a busy gateway reached the service each time, and so did a read repeated
 * without the key or on another route. A request refused before it left (the record's checks, a
 * key not granted the action, requests held back after "Requests exhausted", a connection that
 * could not be opened) was not sent. A browser's CORS preflight is no request of the extension: the
 * browser sends it on its own, without the key, so it spends no account's allowance and the
 * transport never sees it (the local service counts it apart from its request log).
 */
export function counts(entry: Tried): boolean {
  return entry.reached;
}

export class RequestScope {
  private count = 0;

  /** `within`: the scope of the action this one is part of (a search run by a tool): it counts these requests too. */
  constructor(private readonly within?: RequestScope) {}

  /** Requests sent for this action so far. */
  get sent(): number {
    return this.count;
  }

  /** The transport's report of a request it tried for this action. */
  record(entry: Tried): void {
    if (counts(entry)) {
      this.count++;
    }
    this.within?.record(entry);
  }
}
