/**
 * The requests this extension sent to one service (one account, later one per account): today's
 * and this window's, by action, and the block that holds requests bound to fail once the service
 * said the allowance is exhausted. No `vscode` import: the store is any key-value memento.
 */
import * as l10n from '@vscode/l10n';
import { BinServiceError, type Operation } from './errors';
import { counts } from './requestScope';
import { isScopeOf, StateKey } from './stateKeys';
import type { RequestLogEntry } from './transport';

/** Where today's count is kept across reloads (VS Code's globalState fits). */
export interface CountStore {
  get<T>(key: string): T | undefined;
  update(key: string, value: unknown): Thenable<void> | Promise<void>;
}

export interface RequestCount {
  total: number;
  byAction: Partial<Record<Operation | 'other', number>>;
}

interface Day extends RequestCount {
  /** The local calendar day, YYYY-MM-DD. */
  day: string;
}

export class RequestCounter {
  readonly window: RequestCount = { total: 0, byAction: {} };
  private today: Day;
  /** The service's message while requests are held back, undefined otherwise. */
  private heldBy?: string;
  /** When the service said it: the contract gives no time at which the allowance renews. */
  private heldSince?: Date;
  private readonly listeners = new Set<() => void>();
  private timer?: ReturnType<typeof setTimeout>;
  /** The account is gone: a request still in flight counts nowhere, and nothing is written. */
  private disposed = false;

  constructor(
    /** The service URL: today's count is kept under it, never under the key. */
    readonly serviceUrl: string,
    private readonly store?: CountStore,
    private readonly now: () => Date = () => new Date(),
    /** Where today's count is kept: the URL, or the URL and the account when several share it. */
    private readonly slot = serviceUrl,
  ) {
    const kept = store?.get<Record<string, Day>>(StateKey.requestsToday)?.[slot];
    this.today = kept && kept.day === dayOf(now()) ? { day: kept.day, total: kept.total, byAction: { ...kept.byAction } } : fresh(dayOf(now()));
  }

  /** Requests sent today (calendar day), across reloads. */
  get day(): RequestCount {
    const day = dayOf(this.now());
    if (this.today.day !== day) {
      this.today = fresh(day);
    }
    return this.today;
  }

  /** The service's "Requests exhausted" message while requests are held back. */
  get exhausted(): string | undefined {
    return this.heldBy;
  }

  /** When the service answered "Requests exhausted", while requests are held back. */
  get exhaustedAt(): Date | undefined {
    return this.heldBy === undefined ? undefined : this.heldSince;
  }

  /**
   * Called with every request the client tried; counts those sent (`counts`). A request
   * made with a key only being tried (`holdsBack` false) counts, but its "Requests exhausted" is
   * that key's, not the stored key's: it holds nothing back.
   */
  record(entry: RequestLogEntry, holdsBack = true): void {
    if (counts(entry)) {
      const action = entry.operation ?? 'other';
      for (const count of [this.window, this.day]) {
        count.total++;
        count.byAction[action] = (count.byAction[action] ?? 0) + 1;
      }
      // Written a while after a burst of requests, not once per request.
      if (!this.disposed) {
        this.timer ??= setTimeout(() => void this.flush(), 2000);
        // A pending write of the day's count keeps no process alive (tests, a closing host: flush() runs on deactivate).
        this.timer.unref?.();
      }
    }
    if (holdsBack && entry.kind === 'allowanceExhausted' && entry.status !== undefined) {
      this.heldBy = entry.message ?? l10n.t('Requests exhausted');
      this.heldSince = this.now();
    }
    this.fire();
  }

  /** Throws, without sending, while the allowance is known to be exhausted. */
  check(operation: Operation): void {
    if (this.heldBy !== undefined) {
      throw new BinServiceError(
        'allowanceExhausted',
        l10n.t(
          'Not sent: at {0} the service said "{1}". Run "JSONBin: Retry Requests" (or click the requests in the status bar) to send again',
          timeOf(this.heldSince!, this.now()),
          this.heldBy,
        ),
        undefined,
        operation,
      );
    }
  }

  /** Lets the next request go to the service again. */
  retry(): void {
    if (this.heldBy !== undefined) {
      this.heldBy = undefined;
      this.fire();
    }
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private fire(): void {
    for (const l of this.listeners) {
      l();
    }
  }

  /** Stops the pending write of today's count: the account is gone, and its count with it. */
  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Writes today's count now (on deactivation). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.store && !this.disposed) {
      const all = { ...this.store.get<Record<string, Day>>(StateKey.requestsToday) };
      all[this.slot] = this.today;
      await this.store.update(StateKey.requestsToday, all);
    }
  }
}

/** Deletes today's counts kept for an added account (`id`), under whatever service URL it used. */
export async function forgetRequestCounts(store: CountStore, id: string): Promise<void> {
  const all = store.get<Record<string, Day>>(StateKey.requestsToday) ?? {};
  const kept = Object.entries(all).filter(([slot]) => !isScopeOf(slot, id));
  if (kept.length < Object.keys(all).length) {
    await store.update(StateKey.requestsToday, Object.fromEntries(kept));
  }
}

/**
 * What each action is called wherever its count is shown: the user's words, not the client's
 * operation ids. Worded when asked, once the language's messages are loaded.
 */
const ACTION_NAMES: Record<Operation | 'other', () => string> = {
  createBin: () => l10n.t('Create bin'),
  readBin: () => l10n.t('Read bin'),
  versionCount: () => l10n.t('Count versions'),
  updateBin: () => l10n.t('Save bin'),
  deleteBin: () => l10n.t('Delete bin'),
  deleteVersions: () => l10n.t('Delete versions'),
  renameBin: () => l10n.t('Rename bin'),
  setPrivacy: () => l10n.t('Set privacy'),
  listCollections: () => l10n.t('List collections'),
  createCollection: () => l10n.t('Create collection'),
  renameCollection: () => l10n.t('Rename collection'),
  listBins: () => l10n.t('List bins'),
  readSchemaDoc: () => l10n.t('Read schema doc'),
  createSchemaDoc: () => l10n.t('Create schema doc'),
  updateSchemaDoc: () => l10n.t('Save schema doc'),
  attachSchemaDoc: () => l10n.t('Attach schema doc'),
  detachSchemaDoc: () => l10n.t('Detach schema doc'),
  createAccessKey: () => l10n.t('Create access key'),
  other: () => l10n.t('Other'),
};

/** One action's requests in this window and today, the most sent today first. */
export interface ActionCount {
  action: keyof RequestCount['byAction'];
  /** The action as the user reads it ("Read bin"). */
  name: string;
  window: number;
  today: number;
}

export function breakdown(window: RequestCount, today: RequestCount): ActionCount[] {
  const actions = new Set([...Object.keys(today.byAction), ...Object.keys(window.byAction)]) as Set<keyof RequestCount['byAction']>;
  return [...actions]
    .map((action) => ({ action, name: ACTION_NAMES[action]?.() ?? action, window: window.byAction[action] ?? 0, today: today.byAction[action] ?? 0 }))
    .sort((a, b) => b.today - a.today || b.window - a.window || a.name.localeCompare(b.name));
}

/**
 * Whether an action that would send `estimate` requests is asked about first, under the
 * `jsonbin.warnAboveRequests` setting's `limit` (0: never).
 */
export function warnsAbout(estimate: number, limit: number): boolean {
  return limit > 0 && estimate > limit;
}

/** "20:14" today, "2026-11-22 20:14" another day: when the service said what it said. */
export function timeOf(date: Date, now: Date): string {
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return dayOf(date) === dayOf(now) ? time : `${dayOf(date)} ${time}`;
}

function fresh(day: string): Day {
  return { day, total: 0, byAction: {} };
}

const pad = (n: number) => String(n).padStart(2, '0');

function dayOf(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
