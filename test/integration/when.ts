/** Evaluates the `when` clauses of the manifest's row menus, as VS Code would for each row kind. */
import { ALL_CONTEXT_VALUES } from '../../src/extension/features/tree/nodes';
import { SEVERAL_SELECTED } from '../../src/extension/commands/manifest';
import { holds } from '../unit/extension/commands/whenClause';

/** What a row of a master key's account on jsonbin.io may do (`Node.abilities`): everything. */
export const ALL_ABILITIES = ';create;update;delete;hosted';

/** Whether a row menu entry shows only while several rows are selected. */
export function forSeveral(when: string): boolean {
  return when.split('&&').some((clause) => clause.trim() === SEVERAL_SELECTED);
}

/**
 * The row kinds a row menu entry shows on, for an account that may do everything (account rows
 * carry no abilities): with one row selected, or with several for an entry shown only then.
 */
export function kindsMatching(when: string): string[] {
  // A bin row shows its privacy: public, private or unknown, and whether its record is a definition; what any of them offers counts.
  const viewItems = (kind: string) =>
    kind.startsWith('account')
      ? [kind]
      : kind.startsWith('bin')
        ? [';public', ';private', ';unknownPrivacy'].flatMap((privacy) => ['', ';definition'].map((definition) => kind + privacy + ALL_ABILITIES + definition))
        : [kind + ALL_ABILITIES];
  return ALL_CONTEXT_VALUES.filter((kind) => viewItems(kind).some((viewItem) => holds(when, viewItem, forSeveral(when))));
}

/** The row commands shown on a row whose tree item has this `viewItem`. */
export function commandsShownOn(viewItem: string, entries: { command: string; when?: string }[]): string[] {
  return [...new Set(entries.filter((e) => holds(e.when ?? '', viewItem)).map((e) => e.command))].sort();
}
