/**
 * What the command table (`table.ts`) makes of package.json and of `commandIds.ts`: written by
 * `npm run manifest`, compared by test/unit/commands/manifest.test.ts. Plain data in, plain data
 * out: nothing here runs in the extension.
 */
import { ContextKey, VIEW_ID } from './ids';
import { COMMANDS, SUBMENUS, SUBMENU_PLACES, type CommandSpec, type RowEntry, type TabEntry, type TabKind } from './table';

const PLACES = ['view', 'row', 'tab', 'explorer'] as const;
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
}

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

function rowWhen(entry: RowEntry): string {
  const kinds = entry.on.length === 1 ? escape(entry.on[0]) : `(${entry.on.map(escape).join('|')})`;
  return all(
    `view == ${VIEW_ID}`,
    `viewItem =~ /^${kinds}(;|$)/`,
    entry.needs && `viewItem =~ /;${entry.needs}(;|$)/`,
    entry.privacy && `viewItem =~ /;${entry.privacy.length === 1 ? entry.privacy[0] : `(${entry.privacy.join('|')})`}(;|$)/`,
    entry.when,
  );
}

const TAB_PATHS: Record<TabKind, string> = {
  bin: '^\\/bin\\/[^/]+\\/[^/]+$',
  version: '^\\/bin\\/[^/]+\\/v\\d+\\/[^/]+$',
  binOrVersion: '^\\/bin\\/[^/]+\\/(v\\d+\\/)?[^/]+$',
  binOrSchemaDoc: '^\\/(bin|schema)\\/[^/]+\\/[^/]+$',
};

const tabWhen = (entry: TabEntry) => all('resourceScheme == jsonbin', `resourcePath =~ /${TAB_PATHS[entry.on]}/`, entry.when);

/** package.json's `commands`, `submenus` and `menus`. */
export function contributions(): Contributions {
  const commands: Contributions['commands'] = [];
  const menus: Record<string, MenuEntry[]> = { 'view/title': [], 'view/item/context': [], 'editor/title': [], 'explorer/context': [] };
  const palette: MenuEntry[] = [];
  const add = (menu: string, entry: MenuEntry) => (menus[menu] ??= []).push(entry);

  for (const [name, spec] of specs) {
    const command = (id: string, title = spec.title) => commands.push({ command: id, title, category: 'JSONBin', icon: `$(${spec.icon})` });
    if (spec.plain !== false) {
      command(idOf(name));
      if (spec.palette !== true) {
        palette.push({ command: idOf(name), when: spec.palette === false ? 'false' : (spec.palette ?? ContextKey.hasKey) });
      }
    }
    for (const place of PLACES) {
      if (spec[place]) {
        command(idOf(name, place), place === 'row' ? spec.row?.title : undefined);
        palette.push({ command: idOf(name, place), when: 'false' });
      }
    }
    if (spec.view) {
      add('view/title', { command: idOf(name, 'view'), when: all(`view == ${VIEW_ID}`, spec.view.when), group: spec.view.group });
    }
    for (const entry of spec.row?.menus ?? []) {
      const when = rowWhen(entry);
      if (entry.inline) {
        add('view/item/context', { command: idOf(name, 'row'), when, group: entry.inline });
      }
      add(entry.in ? submenuId('row', entry.in) : 'view/item/context', { command: idOf(name, 'row'), when, group: entry.group });
    }
    for (const entry of spec.tab?.menus ?? []) {
      add(entry.in ? submenuId('tab', entry.in) : 'editor/title', { command: idOf(name, 'tab'), when: tabWhen(entry), group: entry.group });
    }
    if (spec.explorer) {
      add('explorer/context', { command: idOf(name, 'explorer'), when: spec.explorer.when, group: spec.explorer.group });
    }
  }

  const submenus: Contributions['submenus'] = [];
  for (const [name, entry] of Object.entries(SUBMENU_PLACES.row)) {
    submenus.push({ id: submenuId('row', name), label: SUBMENUS[name as keyof typeof SUBMENUS] });
    add('view/item/context', { submenu: submenuId('row', name), when: rowWhen(entry), group: entry.group });
  }
  for (const [name, entry] of Object.entries(SUBMENU_PLACES.tab)) {
    submenus.push({ id: submenuId('tab', name), label: SUBMENUS[name as keyof typeof SUBMENUS] });
    add('editor/title', { submenu: submenuId('tab', name), when: tabWhen(entry), group: entry.group });
  }
  menus.commandPalette = palette;
  return { commands, submenus, menus };
}

/** The text of `commandIds.ts`, before the formatter. */
export function commandIdsSource(): string {
  const lines = Object.entries(commandIds()).map(([key, id]) => `  ${key}: '${id}',`);
  return [
    '// Written by `npm run manifest` from the command table (table.ts): edit the table, not this file.',
    '',
    '/** Every command id, by its name and place (see table.ts). */',
    'export const Command = {',
    ...lines,
    '} as const;',
    '',
  ].join('\n');
}
