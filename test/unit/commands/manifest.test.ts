/**
 * package.json and `commandIds.ts` against the command table (src/commands/table.ts): in plain
 * Node, in seconds, so that a command added to the table and not to the manifest (or the other way
 * round) fails here rather than minutes later inside VS Code. `npm run manifest` writes both.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, ContextKey, VIEW_ID } from '../../../src/commands/ids';
import { commandIds, contributions, type MenuEntry } from '../../../src/commands/manifest';
import { COMMANDS } from '../../../src/commands/table';
import { holds } from './whenClause';

const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'package.json'), 'utf8')) as {
  contributes: {
    commands: unknown;
    submenus: unknown;
    menus: Record<string, MenuEntry[]>;
    walkthroughs: { steps: { completionEvents: string[] }[] }[];
  };
};
const fix = 'run `npm run manifest` after changing src/commands/table.ts';
const { menus } = manifest.contributes;

/** The top level of a menu: its commands and its submenus, where the clause holds. */
const shown = (menu: string, viewItem: string) => menus[menu].filter((e) => !e.group?.startsWith('inline') && holds(e.when ?? '', viewItem));
const label = (e: MenuEntry) => e.command ?? e.submenu ?? '';
/** Bin rows whose account may do everything, of each privacy: the most a bin row can offer. */
const FULLEST_BINS = ['public', 'private', 'unknownPrivacy'].map((privacy) => `bin.remembered;${privacy};create;update;delete;hosted`);

describe('the manifest against the command table', () => {
  it("writes package.json's commands, submenus and menus as the table says", () => {
    const expected = contributions();
    assert.deepEqual(manifest.contributes.commands, expected.commands, fix);
    assert.deepEqual(manifest.contributes.submenus, expected.submenus, fix);
    assert.deepEqual(menus, expected.menus, fix);
  });

  it('writes commandIds.ts as the table says', () => {
    assert.deepEqual({ ...Command }, commandIds(), fix);
  });

  it('keeps every place form out of the palette, and every palette form in it unless the table says not', () => {
    const hidden = menus.commandPalette.filter((e) => e.when === 'false').map(label);
    const forms = Object.values(Command).filter((id) => /^jsonbin\.(view|row|tab|explorer)\./.test(id));
    const kept = Object.entries(COMMANDS)
      .filter(([, spec]) => 'palette' in spec && spec.palette === false)
      .map(([name]) => `jsonbin.${name}`);
    assert.deepEqual(hidden.sort(), [...forms, ...kept].sort());
  });

  it("names in when clauses and the walkthrough's context events only the context keys and view of the table, and each of them", () => {
    const known = new Set<string>([...Object.values(ContextKey), VIEW_ID]);
    const events = manifest.contributes.walkthroughs.flatMap((w) => w.steps.flatMap((s) => s.completionEvents));
    const named = [
      ...Object.values(menus)
        .flat()
        .map((e) => e.when ?? ''),
      ...events.filter((e) => e.startsWith('onContext:')),
    ].flatMap((clause) => clause.match(/jsonbin\.[\w.]+/g) ?? []);
    assert.deepEqual([...new Set(named)].sort(), [...known].sort());
  });

  it('writes each title one way: "..." for a question to come, never "…"', () => {
    for (const spec of Object.values(COMMANDS)) {
      assert.doesNotMatch(spec.title, /…/, spec.title);
    }
  });

  for (const viewItem of FULLEST_BINS) {
    it(`fits a bin row's menu on a screen: at most 10 items, submenus past that, destructive ones last (${viewItem})`, () => {
      const top = shown('view/item/context', viewItem);
      assert.ok(top.length <= 10, `${top.length} items: ${top.map(label).join(', ')}`);
      assert.ok(top.some((e) => e.submenu === 'jsonbin.row.copy') && top.some((e) => e.submenu === 'jsonbin.row.versions'));
      const groups = [...new Set(top.map((e) => e.group?.split('@')[0]))].sort();
      const last = top.filter((e) => e.group?.startsWith(groups[groups.length - 1]!)).map(label);
      assert.deepEqual(last.sort(), [Command.rowDeleteBin, Command.rowForgetBin].sort());
      const versions = shown('jsonbin.row.versions', viewItem).sort((a, b) => (a.group ?? '').localeCompare(b.group ?? ''));
      assert.equal(label(versions[versions.length - 1]), Command.rowDeleteVersions);
    });
  }

  it('offers a toggle worded by the bin row it is on', () => {
    const offered = (viewItem: string) => shown('view/item/context', viewItem).map(label);
    assert.ok(offered('bin;private;update').includes(Command.rowMakePublic));
    assert.ok(!offered('bin;private;update').includes(Command.rowMakePrivate));
    assert.ok(offered('bin;public;update').includes(Command.rowMakePrivate));
    assert.ok(!offered('bin;public;update').includes(Command.rowMakePublic));
    const copy = (viewItem: string) => shown('jsonbin.row.copy', viewItem).map(label);
    assert.ok(copy('bin;public').includes(Command.rowCopyPublicUrl));
    assert.ok(!copy('bin;private').includes(Command.rowCopyPublicUrl), 'no public URL for a private bin on its row');
    assert.ok(offered('bin;unknownPrivacy;update').includes(Command.rowSetPrivacy), 'asked while its privacy is unknown');
    assert.ok(!offered('bin;public;update').includes(Command.rowSetPrivacy));
  });
});
