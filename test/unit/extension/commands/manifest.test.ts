/**
 * package.json, package.nls.json and `commandIds.generated.ts` against the command table
 * (src/extension/commands/commandTable.ts): in plain Node, in seconds, so that a command added to the table and not
 * to the manifest (or the other way round) fails here rather than minutes later inside VS Code.
 * `npm run manifest` writes them. Every word package.json shows is a `%key%` of package.nls.json.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, ContextKey, VIEW_ID } from '../../../../src/extension/commands/idsAndContextKeys';
import { commandIds, contributions, GENERATED_NLS_KEY, type MenuEntry } from '../../../../src/extension/commands/manifest';
import { COMMANDS } from '../../../../src/extension/commands/commandTable';
import { holds } from './whenClause';

const root = join(__dirname, '..', '..', '..', '..', '..');
const manifestText = readFileSync(join(root, 'package.json'), 'utf8');
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
const manifest = JSON.parse(manifestText) as {
  contributes: {
    commands: unknown;
    submenus: unknown;
    menus: Record<string, MenuEntry[]>;
    walkthroughs: { steps: { completionEvents: string[] }[] }[];
  };
};
const fix = 'run `npm run manifest` after changing src/extension/commands/commandTable.ts';
const { menus } = manifest.contributes;

/** The top level of a menu: its commands and its submenus, where the clause holds. */
const shown = (menu: string, viewItem: string, several = false) =>
  menus[menu].filter((e) => !e.group?.startsWith('inline') && holds(e.when ?? '', viewItem, several));
const label = (e: MenuEntry) => e.command ?? e.submenu ?? '';
/** Bin rows whose account may do everything, of each privacy: the most a bin row can offer. */
const FULLEST_BINS = ['public', 'private', 'unknownPrivacy'].map((privacy) => `bin.remembered;${privacy};create;update;delete;hosted`);

/** Keys whose strings the user reads, wherever they are in the manifest's contributions and capabilities. */
const SHOWN_KEYS = new Set(['title', 'shortTitle', 'category', 'label', 'name', 'contextualTitle', 'contents', 'altText', 'displayName', 'description']);
for (const key of ['markdownDescription', 'deprecationMessage', 'markdownDeprecationMessage']) {
  SHOWN_KEYS.add(key);
}
/** Keys whose lists of strings the user reads. */
const SHOWN_LISTS = new Set(['enumDescriptions', 'markdownEnumDescriptions', 'aliases']);
/** Subtrees of no words: where menus show, settings' values. */
const WORDLESS = new Set(['menus', 'default', 'configurationDefaults']);
/** A language model tool's id and what models read of it (its input's schema, like its modelDescription), in English. */
const MODELS_READ = /^contributes\.languageModelTools\[\d+\]$/;

/** Each string the user reads, with where it is: the manifest's own (displayName, description), its capabilities' and its contributions'. */
function shownStrings(): [string, string][] {
  const found: [string, string][] = [];
  const visit = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, `${path}[${i}]`));
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        if (WORDLESS.has(key) || (MODELS_READ.test(path) && (key === 'name' || key === 'inputSchema'))) {
          continue;
        }
        if (typeof inner === 'string' && SHOWN_KEYS.has(key)) {
          found.push([`${path}.${key}`, inner]);
        } else if (Array.isArray(inner) && SHOWN_LISTS.has(key)) {
          inner.forEach((item, i) => found.push([`${path}.${key}[${i}]`, String(item)]));
        } else {
          visit(inner, `${path}.${key}`);
        }
      }
    }
  };
  const whole = JSON.parse(manifestText) as Record<string, unknown>;
  found.push(['displayName', String(whole.displayName)], ['description', String(whole.description)]);
  visit(whole.capabilities, 'capabilities');
  visit(whole.contributes, 'contributes');
  return found;
}

describe('the manifest against the command table', () => {
  it("writes package.json's commands, submenus and menus as the table says", () => {
    const expected = contributions();
    assert.deepEqual(manifest.contributes.commands, expected.commands, fix);
    assert.deepEqual(manifest.contributes.submenus, expected.submenus, fix);
    assert.deepEqual(menus, expected.menus, fix);
  });

  it("writes the table's words in package.nls.json, in English, and no others of its keys", () => {
    const generated = Object.fromEntries(Object.entries(nls).filter(([key]) => GENERATED_NLS_KEY.test(key)));
    assert.deepEqual(generated, contributions().nls, fix);
  });
});

describe("the manifest's words", () => {
  it('are each a %key% of package.nls.json: no word the user reads is left in package.json', () => {
    const literal = shownStrings().filter(([, text]) => !/^%[\w.-]+%$/.test(text));
    assert.deepEqual(literal, [], 'give each its key in package.nls.json and write "%key%" in package.json');
  });

  it('name only keys package.nls.json has, and package.nls.json has no key package.json does not name', () => {
    const named = new Set([...manifestText.matchAll(/"%([\w.-]+)%"/g)].map((m) => m[1]));
    assert.deepEqual(
      [...named].filter((key) => !(key in nls)),
      [],
      'missing in package.nls.json',
    );
    assert.deepEqual(
      Object.keys(nls).filter((key) => !named.has(key)),
      [],
      'unused in package.json',
    );
    assert.ok(shownStrings().length > 100, 'the walk finds the words');
  });
});

describe('the manifest against the command table, its menus', () => {
  it('writes commandIds.generated.ts as the table says', () => {
    assert.deepEqual({ ...Command }, commandIds(), fix);
  });

  it('keeps every place form out of the palette, and every palette form in it unless the table says not', () => {
    const hidden = menus.commandPalette.filter((e) => e.when === 'false').map(label);
    const forms = Object.values(Command).filter((id) => /^jsonbin\.(view|row|tab|explorer|scm)\./.test(id));
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

  it('offers, with several bin rows selected, only what acts on every one of them, and each row its own inline buttons', () => {
    // VS Code shows an item only where every selected row's menu has it: the rows' menus, with several selected.
    const common = (viewItems: string[], menu = 'view/item/context') =>
      viewItems
        .map((v) => shown(menu, v, true).map(label))
        .reduce((a, b) => a.filter((item) => b.includes(item)))
        .sort();
    const privateAndPublic = ['bin;private;create;update;delete;hosted', 'bin.remembered;public;create;update;delete;hosted'];
    assert.deepEqual(
      common(privateAndPublic),
      [Command.rowChangeBins, Command.rowCopyBinId, Command.rowDeleteBin, Command.rowOpenTable, Command.rowSaveBinAsFile, 'jsonbin.row.schema'].sort(),
    );
    assert.deepEqual(common(privateAndPublic, 'jsonbin.row.schema'), [Command.rowDraftSchemaDoc, Command.rowValidateBins].sort());
    // A selection of a bin and a collection: nothing acts on both.
    assert.deepEqual(common([privateAndPublic[0], 'collection;create;update;delete;hosted']), []);
    const inline = (viewItem: string, several: boolean) =>
      menus['view/item/context'].filter((e) => e.group?.startsWith('inline') && holds(e.when ?? '', viewItem, several)).map(label);
    for (const viewItem of [...FULLEST_BINS, 'collection;create', 'group.collections']) {
      assert.deepEqual(inline(viewItem, true), inline(viewItem, false), viewItem);
    }
  });

  it('keeps its items of the editor title\'s "…" menu in one group of their own, apart from VS Code\'s', () => {
    // VS Code's own groups there (1_diff, 3_open, 5_close, 9_configure…) all start with a digit and an underscore, as ours does.
    const groups = new Set(menus['editor/title'].map((e) => e.group?.split('@')[0]).filter((g) => g !== 'navigation'));
    assert.deepEqual([...groups], ['0_jsonbin']);
  });

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
