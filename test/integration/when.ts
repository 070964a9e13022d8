/** Evaluates the `when` clauses of the manifest's row menus, as VS Code would for each row kind. */
import { ALL_CONTEXT_VALUES } from '../../src/features/tree/nodes';
import { ContextKey, VIEW_ID } from '../../src/commands/ids';

/** The extension's own context keys that rows' menus read, as it sets them in this (the Node) host. */
const CONTEXT_KEYS: Record<string, boolean> = { [ContextKey.typeScriptTypes]: true };

/** True when the clause holds for a row with this `viewItem`, in the view, with a key set. */
export function holds(when: string, viewItem: string): boolean {
  return when.split('&&').every((part) => {
    const clause = part.trim();
    if (clause in CONTEXT_KEYS) {
      return CONTEXT_KEYS[clause];
    }
    const equal = /^(\w+) == (\S+)$/.exec(clause);
    if (equal) {
      return equal[1] === 'view' ? equal[2] === VIEW_ID : equal[1] === 'viewItem' && equal[2] === viewItem;
    }
    const match = /^viewItem =~ \/(.+)\/$/.exec(clause);
    if (match) {
      return new RegExp(match[1]).test(viewItem);
    }
    throw new Error(`clause not understood: ${clause}`);
  });
}

/** What a row of a master key's account on jsonbin.io may do (`Node.abilities`): everything. */
export const ALL_ABILITIES = ';create;update;delete;hosted';

/** The row kinds a row menu entry shows on, for an account that may do everything (account rows carry no abilities). */
export function kindsMatching(when: string): string[] {
  return ALL_CONTEXT_VALUES.filter((kind) => holds(when, kind.startsWith('account') ? kind : kind + ALL_ABILITIES));
}

/** The row commands shown on a row whose tree item has this `viewItem`. */
export function commandsShownOn(viewItem: string, entries: { command: string; when?: string }[]): string[] {
  return [...new Set(entries.filter((e) => holds(e.when ?? '', viewItem)).map((e) => e.command))].sort();
}
