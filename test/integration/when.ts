/** Evaluates the `when` clauses of the manifest's row menus, as VS Code would for each row kind. */
import { ALL_CONTEXT_VALUES } from '../../src/features/tree/nodes';
import { ContextKey, VIEW_ID } from '../../src/commands/ids';

/** True when the clause holds for a row with this `viewItem`, in the view, with a key set. */
export function holds(when: string, viewItem: string): boolean {
  return when.split('&&').every((part) => {
    const clause = part.trim();
    const equal = /^(\w+) == (\S+)$/.exec(clause);
    if (equal) {
      return equal[1] === 'view' ? equal[2] === VIEW_ID : equal[1] === 'viewItem' && equal[2] === viewItem;
    }
    const match = /^viewItem =~ \/(.+)\/$/.exec(clause);
    if (match) {
      return new RegExp(match[1]).test(viewItem);
    }
    // As a row shows with a key set and the hosted service configured.
    if (clause === ContextKey.hasKey || clause === ContextKey.hostedService) {
      return true;
    }
    throw new Error(`clause not understood: ${clause}`);
  });
}

/** The row kinds a row menu entry shows on. */
export function kindsMatching(when: string): string[] {
  return ALL_CONTEXT_VALUES.filter((kind) => holds(when, kind));
}
