/**
 * Moves what earlier versions kept under a key per account (`jsonbin.bins:<scope>`, its write mark,
 * `jsonbin.binCollections:<scope>`) into the fixed keys that Settings Sync carries, each as its
 * scope's entry (`src/core/api/stateKeys.ts` says why). Runs at activation; once nothing is left under
 * the old keys it only looks at the state's key names.
 */
import { entryOf, ownKeyOf, SCOPED_KEYS, setEntries, StateKey, type Memory, type ScopedKey } from '../api/stateKeys';
import type { StoredBins } from './rememberedIndex';

export async function migrateScopedKeys(memory: Memory & { keys(): readonly string[] }): Promise<void> {
  const names = memory.keys();
  const writes: PromiseLike<void>[] = [];
  for (const key of SCOPED_KEYS) {
    const prefix = ownKeyOf(key, '');
    const old = names.filter((name) => name.startsWith(prefix));
    if (old.length > 0) {
      const entries = old.map((name): [string, unknown] => {
        const scope = name.slice(prefix.length);
        return [scope, merged(key, entryOf(memory, key, scope), memory.get(name))];
      });
      writes.push(setEntries(memory, key, Object.fromEntries(entries)), ...old.map((name) => memory.update(name, undefined)));
    }
  }
  await Promise.all(writes);
}

/**
 * An entry already under the fixed key came from another machine, synced before this one moved
 * its own: what only this machine knew is added to it, after it.
 */
function merged(key: ScopedKey, synced: unknown, own: unknown): unknown {
  switch (key) {
    case StateKey.bins: {
      const ours = own as StoredBins;
      const theirs = synced as StoredBins | undefined;
      return theirs
        ? { order: [...theirs.order, ...ours.order.filter((id) => !Object.hasOwn(theirs.bins, id))], bins: { ...ours.bins, ...theirs.bins } }
        : ours;
    }
    case StateKey.binCollections:
      return { ...(own as object), ...(synced as object | undefined) };
    case StateKey.binsWrite:
      return synced ?? own;
  }
}
