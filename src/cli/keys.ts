/**
 * Where the key comes from: the environment only. A key typed on the command line stays in the
 * shell's history and shows in the process list to every user of the machine, so any flag that
 * looks like one is refused before anything else is read, without repeating its value.
 */
import * as l10n from '@vscode/l10n';
import type { KeyKind } from '../core/api';
import { Refusal } from './exit';

export const MASTER_KEY_VARIABLE = 'JSONBIN_MASTER_KEY';
export const ACCESS_KEY_VARIABLE = 'JSONBIN_ACCESS_KEY';

/** Flags (with `-` or `--`, any case, `=value` or not) and header names that would carry a key. */
const KEY_FLAG = /^-{1,2}(k|key|api-?key|master-?key|access-?key|x-master-key|x-access-key|token|secret)(=.*)?$/i;
const KEY_HEADER = /x-(master|access)-key/i;

/** Refuses an argument that would carry a key; says which flag, never its value. */
export function refuseKeyArguments(args: readonly string[]): void {
  const found = args.find((arg) => KEY_FLAG.test(arg) || KEY_HEADER.test(arg));
  if (found !== undefined) {
    const named = KEY_FLAG.test(found) ? found.split('=')[0] : l10n.t('a key header');
    throw new Refusal(
      l10n.t(
        '{0}: a key is never taken from the command line (it would stay in the shell history and the process list). Set {1} or {2} in the environment instead.',
        named,
        MASTER_KEY_VARIABLE,
        ACCESS_KEY_VARIABLE,
      ),
    );
  }
}

/** The key and its kind from the environment (the master key when both are set: it works everywhere). */
export function keyFromEnvironment(env: NodeJS.ProcessEnv): { key: string; keyKind: KeyKind } {
  const master = env[MASTER_KEY_VARIABLE];
  if (master) {
    return { key: master, keyKind: 'master' };
  }
  const access = env[ACCESS_KEY_VARIABLE];
  if (access) {
    return { key: access, keyKind: 'access' };
  }
  throw new Refusal(l10n.t('No key: set {0} (or {1} for an access key) in the environment.', MASTER_KEY_VARIABLE, ACCESS_KEY_VARIABLE));
}

/** Every key the environment holds: no output may show any of them. */
export function keysIn(env: NodeJS.ProcessEnv): string[] {
  return [env[MASTER_KEY_VARIABLE], env[ACCESS_KEY_VARIABLE]].filter((k): k is string => !!k);
}
