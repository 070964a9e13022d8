/** Helpers shared by the local service's routes: answers, authentication, allowance, bodies. */
import { M } from './messages';
import type { Account, BinAction, Store, StoredAccessKey } from './store';

export interface Context {
  store: Store;
  method: string;
  segments: string[];
  header(name: string): string | undefined;
  body: string;
  /** Answers carry only the fields the contract and the reference require. */
  minimal: boolean;
  /** Reads ignore `X-Bin-Meta` and `X-JSON-Path`, as a service with only the contract's routes may. */
  plainReads: boolean;
}

export interface Answer {
  status: number;
  body: unknown;
}

/** Thrown by a check to end the request with an error answer. */
export class Refusal extends Error {
  constructor(readonly answer: Answer) {
    super(`refused with ${answer.status}`);
  }
}

export function fail(status: number, message: string): never {
  throw new Refusal({ status, body: { message } });
}

export const ok = (body: unknown): Answer => ({ status: 200, body });

export const ID = /^[0-9a-f]{24}$/;

/** The key sent; the master key wins when both are, as it works everywhere. */
export function key(c: Context): string | undefined {
  return c.header('X-Master-Key') ?? c.header('X-Access-Key');
}

/** Whose key was sent: undefined for an unknown master key; an unknown access key is refused here. */
export function keyHolder(c: Context): { account: Account; access?: StoredAccessKey } | undefined {
  const master = c.header('X-Master-Key');
  if (master !== undefined) {
    const account = c.store.accountByKey(master);
    return account && { account };
  }
  const access = c.store.accessKeys.get(c.header('X-Access-Key') ?? '');
  if (!access) {
    fail(401, M.invalidAccessKey);
  }
  return { account: c.store.accountById(access.owner)!, access };
}

/**
 * Charges the holder's account, then refuses an access key not granted `action`, or any access key
 * where no action is named (routes that need the master key): the key named the account, so its
 * refusals cost a request as a refused master key's do.
 */
export function permit(holder: { account: Account; access?: StoredAccessKey }, action: BinAction | undefined, masterOnly: string): Account {
  charge(holder.account);
  if (holder.access && action === undefined) {
    fail(401, masterOnly);
  }
  if (holder.access && !holder.access.permissions.bins[action!]) {
    fail(401, `${M.notPermitted}${action} bins`);
  }
  return holder.account;
}

/**
 * The account of a required key: missing and invalid keys get the shared 401s. Only the master key
 * will do unless `action` names what an access key must be granted.
 */
export function account(c: Context, messages: { missing?: string; invalid?: string } = {}, action?: BinAction): Account {
  if (key(c) === undefined) {
    fail(401, messages.missing ?? M.missingKey);
  }
  const holder = keyHolder(c);
  if (!holder) {
    fail(401, messages.invalid ?? M.invalidKey);
  }
  return permit(holder, action, messages.missing ?? M.missingKey);
}

/** Every call attributed to an account spends one request of its allowance. */
export function charge(account: Account): Account {
  if (account.used >= account.allowance) {
    fail(403, M.exhausted);
  }
  account.used++;
  return account;
}

export function requireJsonContentType(c: Context): void {
  const type = c.header('Content-Type') ?? '';
  if (!/^application\/json\b/i.test(type.trim())) {
    fail(400, M.contentType);
  }
}

/** The body as JSON; blank bodies (empty, {}, []) get `blankMessage`. */
export function jsonBody(c: Context, blankMessage: string): unknown {
  if (c.body.trim().length === 0) {
    fail(400, blankMessage);
  }
  let value: unknown;
  try {
    value = JSON.parse(c.body);
  } catch {
    fail(400, M.invalidJson);
  }
  if (value === null || (typeof value === 'object' && Object.keys(value).length === 0)) {
    fail(400, blankMessage);
  }
  return value;
}

export function booleanHeader(c: Context, name: string): boolean | undefined {
  const value = c.header(name);
  if (value === undefined) {
    return undefined;
  }
  return value.trim().toLowerCase() === 'true';
}

export function nameHeader(c: Context, name: string, max: number, message: string, required: boolean): string | undefined {
  const value = c.header(name);
  if (value === undefined) {
    if (required) {
      fail(400, message);
    }
    return undefined;
  }
  if (value.trim().length === 0 || [...value].length > max) {
    fail(400, message);
  }
  return value;
}
