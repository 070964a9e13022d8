/** Access key routes (`/a`), beyond the contract: created, listed and deleted with the master key only. */
import { M } from './messages';
import { account, fail, ID, nameHeader, ok, requireJsonContentType, type Answer, type Context } from './http';
import type { BinAction, KeyPermissions, StoredAccessKey } from './store';

const ACTIONS: BinAction[] = ['create', 'read', 'update', 'delete'];

export function createAccessKey(c: Context): Answer {
  requireJsonContentType(c);
  const owner = account(c);
  const name = nameHeader(c, 'X-Key-Name', 32, M.keyName, true)!;
  const access = c.store.createAccessKey(owner, name, permissions(c.body));
  const optional = c.minimal ? {} : { accessKeyId: access.id, metadata: { name } };
  return ok({ accessKey: access.key, keyPermissions: access.permissions, ...optional });
}

export function listAccessKeys(c: Context): Answer {
  const owner = account(c, { missing: M.listAccessKeysMissingKey });
  const rows = [...c.store.accessKeys.values()]
    .filter((a) => a.owner === owner.id)
    .map((a) => ({ keyPermissions: a.permissions, accessKeyId: a.id, accessKey: a.key, ...(c.minimal ? {} : { metadata: { name: a.name } }) }));
  return ok(rows);
}

export function deleteAccessKey(c: Context, id: string): Answer {
  const owner = account(c);
  if (!ID.test(id)) {
    fail(400, M.invalidAccessKeyId);
  }
  const access = [...c.store.accessKeys.values()].find((a) => a.id === id && a.owner === owner.id);
  if (!access) {
    fail(404, M.invalidAccessKeyId);
  }
  c.store.accessKeys.delete(access.key);
  return ok({ ...(c.minimal ? {} : { metadata: { id, name: access.name } }), message: M.accessKeyDeleted });
}

/** `{"bins": {...}}` with each of the four actions true or false, and nothing else granted. */
function permissions(body: string): KeyPermissions {
  let given: unknown;
  try {
    given = JSON.parse(body);
  } catch {
    fail(400, M.invalidJson);
  }
  const bins = (given as { bins?: unknown } | null)?.bins as Partial<Record<string, unknown>> | undefined;
  const fits =
    typeof bins === 'object' &&
    bins !== null &&
    Object.keys(given as object).length === 1 &&
    Object.keys(bins).every((k) => (ACTIONS as string[]).includes(k)) &&
    ACTIONS.every((a) => typeof bins[a] === 'boolean');
  if (!fits) {
    fail(400, M.keyPermissions);
  }
  return { bins: Object.fromEntries(ACTIONS.map((a) => [a, bins[a]])) as StoredAccessKey['permissions']['bins'] };
}
