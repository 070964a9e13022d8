/** Helpers shared by the local service's routes: answers, authentication, allowance, bodies. */
import { M } from './messages';
import type { Account, Store } from './store';

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

export function key(c: Context): string | undefined {
  return c.header('X-Master-Key') ?? c.header('X-Access-Key');
}

/** The account of a required key: missing and invalid keys get the shared 401s. */
export function account(c: Context, messages: { missing?: string; invalid?: string } = {}): Account {
  const given = key(c);
  if (given === undefined) {
    fail(401, messages.missing ?? M.missingKey);
  }
  const found = c.store.accountByKey(given);
  if (!found) {
    fail(401, messages.invalid ?? M.invalidKey);
  }
  return charge(found);
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
