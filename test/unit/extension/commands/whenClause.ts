/** Evaluates a row menu's `when` clause as VS Code would, in plain Node: shared with the integration suite. */
import { ContextKey, VIEW_ID } from '../../../../src/extension/commands/idsAndContextKeys';
import { SEVERAL_SELECTED } from '../../../../src/extension/commands/manifest';

/** The extension's own context keys that rows' menus read, as it sets them in this (the Node) host. */
const CONTEXT_KEYS: Record<string, boolean> = { [ContextKey.typeScriptTypes]: true };

/**
 * True when the clause holds for a row with this `viewItem`, in the view, with a key set; `several`:
 * with several rows selected (VS Code's `listMultiSelection`).
 */
export function holds(when: string, viewItem: string, several = false): boolean {
  return when.split('&&').every((part) => {
    const clause = part.trim();
    if (clause in CONTEXT_KEYS) {
      return CONTEXT_KEYS[clause];
    }
    if (clause.replace(/^!/, '') === SEVERAL_SELECTED) {
      return clause.startsWith('!') !== several;
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
