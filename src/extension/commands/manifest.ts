/**
 * What the command table (`commandTable.ts`) makes of package.json, of its English words in
 * package.nls.json and of `commandIds.generated.ts`: written by `npm run manifest`, compared by
 * test/unit/extension/commands/manifest.test.ts. Plain data in, plain data out: nothing here runs in the
 * extension.
 */
import { ContextKey, VIEW_ID } from './idsAndContextKeys';
import { COMMANDS, SUBMENUS, SUBMENU_PLACES, type CommandSpec, type RowEntry, type ScmEntry, type TabEntry, type TabKind } from './commandTable';

const PLACES = ['view', 'row', 'tab', 'explorer', 'scm'] as const;
type Place = (typeof PLACES)[number];

export interface MenuEntry {
  command?: string;
  submenu?: string;
  when?: string;
  group?: string;
}

export interface Contributions {
  commands: { command: string; title: string; category: string; icon: string }[];
  submenus: { id: string; label: string }[];
  menus: Record<string, MenuEntry[]>;
  /** The English words of the titles and labels above (`%key%` there), by key: package.nls.json's. */
  nls: Record<string, string>;
}

/** The keys of package.nls.json that the table's words own: `npm run manifest` writes them all. */
export const GENERATED_NLS_KEY = /^(command|submenu)\./;
const CATEGORY_KEY = 'command.category';
const titleKey = (id: string) => `command.${id}.title`;
const submenuKey = (name: string) => `submenu.${name}.label`;

const specs = Object.entries(COMMANDS) as [string, CommandSpec][];
const capitalized = (name: string) => name[0].toUpperCase() + name.slice(1);
const idOf = (name: string, place?: Place) => (place ? `jsonbin.${place}.${name}` : `jsonbin.${name}`);
const submenuId = (place: 'row' | 'tab', name: string) => `jsonbin.${place}.${name}`;

/** Every command id by its key in `Command`: `createBin`, `rowCreateBin`, `tabCopyBinId`… */
export function commandIds(): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const [name, spec] of specs) {
    if (spec.plain !== false) {
      ids[name] = idOf(name);
    }
    for (const place of PLACES) {
      if (spec[place]) {
        ids[place + capitalized(name)] = idOf(name, place);
      }
    }
  }
  return ids;
}

const escape = (kind: string) => kind.replace(/\./g, '\\.');
const all = (...clauses: (string | undefined)[]) => clauses.filter(Boolean).join(' && ');

/**
 * VS Code's list context key, true while several rows are selected: a command for one row is not
 * offered then. (A row right-clicked outside the selection is passed alone, yet the key still
 * holds: its menu then offers only what acts on a selection.)
 */
export const SEVERAL_SELECTED = 'listMultiSelection';

/** A row entry's `when`; an inline button acts on its own row, whatever is selected. */
function rowWhen(entry: RowEntry, inline = false): string {
  const kinds = entry.on.length === 1 ? escape(entry.on[0]) : `(${entry.on.map(escape).join('|')})`;
  const selection = inline || entry.selection === 'all' ? undefined : entry.selection === 'several' ? SEVERAL_SELECTED : `!${SEVERAL_SELECTED}`;
  return all(
    `view == ${VIEW_ID}`,
    `viewItem =~ /^${kinds}(;|$)/`,
    entry.needs && `viewItem =~ /;${entry.needs}(;|$)/`,
    entry.privacy && `viewItem =~ /;${entry.privacy.length === 1 ? entry.privacy[0] : `(${entry.privacy.join('|')})`}(;|$)/`,
    entry.when,
    selection,
  );
}

const TAB_PATHS: Record<Exclude<TabKind, 'jsonFile' | 'changePreview'>, string> = {
  bin: '^\\/bin\\/[^/]+\\/[^/]+$',
  version: '^\\/bin\\/[^/]+\\/v\\d+\\/[^/]+$',
  binOrVersion: '^\\/bin\\/[^/]+\\/(v\\d+\\/)?[^/]+$',
  binOrSchemaDoc: '^\\/(bin|schema)\\/[^/]+\\/[^/]+$',
};

/** The Source Control view of linked files, `scm.ts`'s id. */
const SCM_PROVIDER = 'scmProvider == jsonbin';
const scmWhen = (key: string, entry: ScmEntry) =>
  all(SCM_PROVIDER, entry.on.length === 1 ? `${key} == ${entry.on[0]}` : `${key} =~ /^(${entry.on.join('|')})$/`);

const tabWhen = (entry: TabEntry) =>
  entry.on === 'jsonFile'
    ? all('resourceScheme != jsonbin', 'resourceExtname =~ /^\\.json$/i', entry.when)
    : entry.on === 'changePreview'
      ? // VS Code says which editor is active, not whose: the extension says when it is a preview's.
        all('activeEditor == multiDiffEditor', ContextKey.changePreview, entry.when)
      : all('resourceScheme == jsonbin', `resourcePath =~ /${TAB_PATHS[entry.on]}/`, entry.when);

/** package.json's `commands`, `submenus` and `menus`, and their words for package.nls.json. */
export function contributions(): Contributions {
  const commands: Contributions['commands'] = [];
  const menus: Record<string, MenuEntry[]> = { 'view/title': [], 'view/item/context': [], 'editor/title': [], 'explorer/context': [] };
  const palette: MenuEntry[] = [];
  const add = (menu: string, entry: MenuEntry) => (menus[menu] ??= []).push(entry);
  const nls: Record<string, string> = { [CATEGORY_KEY]: 'JSONBin' };
  /** `%key%` for a word, which package.nls.json gives in English. */
  const word = (key: string, english: string) => {
    nls[key] = english;
    return `%${key}%`;
  };

  for (const [name, spec] of specs) {
    // One title for every place, but a row's own: a command's title is translated once.
    const command = (id: string, title = word(titleKey(idOf(name)), spec.title)) =>
      commands.push({ command: id, title, category: `%${CATEGORY_KEY}%`, icon: `$(${spec.icon})` });
    if (spec.plain !== false) {
      command(idOf(name));
      if (spec.palette !== true) {
        palette.push({ command: idOf(name), when: spec.palette === false ? 'false' : (spec.palette ?? ContextKey.hasKey) });
      }
    }
    for (const place of PLACES) {
      if (spec[place]) {
        const rowTitle = place === 'row' ? spec.row?.title : undefined;
        command(idOf(name, place), rowTitle === undefined ? undefined : word(titleKey(idOf(name, place)), rowTitle));
        palette.push({ command: idOf(name, place), when: 'false' });
      }
    }
    if (spec.view) {
      add('view/title', { command: idOf(name, 'view'), when: all(`view == ${VIEW_ID}`, spec.view.when), group: spec.view.group });
    }
    for (const entry of spec.row?.menus ?? []) {
      if (entry.inline) {
        add('view/item/context', { command: idOf(name, 'row'), when: rowWhen(entry, true), group: entry.inline });
      }
      add(entry.in ? submenuId('row', entry.in) : 'view/item/context', { command: idOf(name, 'row'), when: rowWhen(entry), group: entry.group });
    }
    for (const entry of spec.tab?.menus ?? []) {
      add(entry.in ? submenuId('tab', entry.in) : 'editor/title', { command: idOf(name, 'tab'), when: tabWhen(entry), group: entry.group });
    }
    if (spec.explorer) {
      add('explorer/context', { command: idOf(name, 'explorer'), when: spec.explorer.when, group: spec.explorer.group });
    }
    for (const [menu, key, entry] of [
      ['scm/resourceState/context', 'scmResourceGroup', spec.scm?.resource],
      ['scm/resourceGroup/context', 'scmResourceGroup', spec.scm?.group],
    ] as const) {
      if (entry) {
        if (entry.inline) {
          add(menu, { command: idOf(name, 'scm'), when: scmWhen(key, entry), group: 'inline' });
        }
        add(menu, { command: idOf(name, 'scm'), when: scmWhen(key, entry), group: entry.group });
      }
    }
    if (spec.scm?.title) {
      add('scm/title', { command: idOf(name, 'scm'), when: SCM_PROVIDER, group: spec.scm.title.group });
    }
  }

  const submenus: Contributions['submenus'] = [];
  for (const [name, entry] of Object.entries(SUBMENU_PLACES.row)) {
    submenus.push({ id: submenuId('row', name), label: word(submenuKey(name), SUBMENUS[name as keyof typeof SUBMENUS]) });
    add('view/item/context', { submenu: submenuId('row', name), when: rowWhen(entry), group: entry.group });
  }
  for (const [name, entry] of Object.entries(SUBMENU_PLACES.tab)) {
    submenus.push({ id: submenuId('tab', name), label: word(submenuKey(name), SUBMENUS[name as keyof typeof SUBMENUS]) });
    add('editor/title', { submenu: submenuId('tab', name), when: tabWhen(entry), group: entry.group });
  }
  menus.commandPalette = palette;
  return { commands, submenus, menus, nls };
}

/** The text of `commandIds.generated.ts`, before the formatter. */
export function commandIdsSource(): string {
  const lines = Object.entries(commandIds()).map(([key, id]) => `  ${key}: '${id}',`);
  return [
    '// Written by `npm run manifest` from the command table (commandTable.ts): edit the table, not this file.',
    '',
    '/** Every command id, by its name and place (see commandTable.ts). */',
    'export const Command = {',
    ...lines,
    '} as const;',
    '',
  ].join('\n');
}
