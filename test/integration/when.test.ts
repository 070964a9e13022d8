/** Each row menu entry shows on exactly the row kinds it is meant for. */
import * as assert from 'node:assert/strict';
import { Command, ContextKey } from '../../src/extension/commands/idsAndContextKeys';
import { menuEntries } from './support';
import { commandsShownOn, kindsMatching } from './when';

const BINS = ['bin', 'bin.remembered'];
const COLLECTIONS = ['collection', 'collection.withSchemaDoc'];

/** Row command → the kinds it belongs on. */
const meantFor: Record<string, string[]> = {
  [Command.rowCreateCollection]: ['group.collections'],
  [Command.rowCreateBin]: ['group.uncategorized', ...COLLECTIONS],
  [Command.rowAddBin]: ['group.uncategorized'],
  [Command.rowAttachSchemaDoc]: COLLECTIONS,
  [Command.rowDetachSchemaDoc]: ['collection.withSchemaDoc', 'schemaDoc'],
  [Command.rowOpenSchemaDoc]: ['schemaDoc'],
  [Command.rowOpenBin]: BINS,
  [Command.rowOpenVersion]: BINS,
  [Command.rowCompareWithVersion]: BINS,
  [Command.rowCopyBinId]: BINS,
  [Command.rowRenameBin]: BINS,
  [Command.rowMakePublic]: BINS,
  [Command.rowMakePrivate]: BINS,
  [Command.rowSetPrivacy]: BINS,
  [Command.rowTurnVersioningOn]: BINS,
  [Command.rowTurnVersioningOff]: BINS,
  [Command.rowDeleteVersions]: BINS,
  [Command.rowDeleteBin]: BINS,
  [Command.rowForgetBin]: ['bin.remembered'],
  [Command.rowSaveBinAsFile]: BINS,
  [Command.rowExportCollection]: COLLECTIONS,
  [Command.rowCopyPublicUrl]: BINS,
  [Command.rowCopyFetchSnippet]: BINS,
  [Command.rowCopyCurlSnippet]: BINS,
  [Command.rowOpenInDashboard]: BINS,
  [Command.rowRenameCollection]: COLLECTIONS,
  [Command.rowRenameSchemaDoc]: ['schemaDoc'],
  [Command.rowValidateCollection]: ['collection.withSchemaDoc', 'schemaDoc'],
  [Command.rowOpenJsonPath]: BINS,
  [Command.rowOpenRecordOnly]: BINS,
  [Command.rowDraftSchemaDoc]: [...BINS, ...COLLECTIONS],
  [Command.rowChangeBins]: [...BINS, ...COLLECTIONS],
  [Command.rowValidateBins]: BINS,
  [Command.rowOpenTable]: [...BINS, 'group.uncategorized', ...COLLECTIONS],
  [Command.rowCopyTypeScriptTypes]: [...BINS, 'schemaDoc'],
  // Use as Schema Doc on a definition's row only (`;definition`).
  [Command.rowUseDefinitionAsSchemaDoc]: BINS,
  [Command.rowCheckAgainstDefinition]: BINS,
  [Command.rowSwitchAccount]: ['account', 'account.default'],
  [Command.rowRenameAccount]: ['account', 'account.active', 'account.default', 'account.default.active'],
  [Command.rowRemoveAccount]: ['account', 'account.active'],
};

describe('row menus', () => {
  it('show each command on exactly the row kinds it is meant for', () => {
    const shown: Record<string, Set<string>> = {};
    for (const entry of menuEntries('view/item/context')) {
      assert.ok(entry.command.startsWith('jsonbin.row.'), `${entry.command} on a row is not a row form`);
      for (const kind of kindsMatching(entry.when ?? '')) {
        (shown[entry.command] ??= new Set()).add(kind);
      }
    }
    const actual = Object.fromEntries(Object.entries(shown).map(([command, kinds]) => [command, [...kinds].sort()]));
    const expected = Object.fromEntries(Object.entries(meantFor).map(([command, kinds]) => [command, [...kinds].sort()]));
    assert.deepEqual(actual, expected);
  });

  it('show Open in Dashboard only for the hosted service, in the palette, on rows and on tabs', () => {
    const dashboard: string[] = [Command.openInDashboard, Command.rowOpenInDashboard, Command.tabOpenInDashboard];
    const entries = ['view/item/context', 'editor/title', 'commandPalette']
      .flatMap(menuEntries)
      // The row and tab forms' `false` in the palette hides them there.
      .filter((m) => dashboard.includes(m.command) && m.when !== 'false');
    assert.deepEqual([...new Set(entries.map((m) => m.command))].sort(), [...dashboard].sort());
    for (const entry of entries) {
      // A conjunct of the clause (VS Code may reorder a clause it has parsed): the active account's service, or a row's own.
      const conjuncts = (entry.when ?? '').split('&&').map((c) => c.trim());
      const hosted = entry.command === Command.rowOpenInDashboard ? 'viewItem =~ /;hosted(;|$)/' : ContextKey.hostedService;
      assert.ok(conjuncts.includes(hosted), `${entry.command}: ${entry.when}`);
    }
  });

  it("offer on a bin row only what the row's own account may do", () => {
    const rows = menuEntries('view/item/context');
    const reads = [
      Command.rowCopyBinId,
      Command.rowOpenBin,
      Command.rowOpenVersion,
      Command.rowCompareWithVersion,
      Command.rowOpenJsonPath,
      Command.rowOpenRecordOnly,
      Command.rowSaveBinAsFile,
      Command.rowCopyPublicUrl,
      Command.rowCopyFetchSnippet,
      Command.rowCopyCurlSnippet,
      Command.rowForgetBin,
      Command.rowDraftSchemaDoc,
      Command.rowValidateBins,
      Command.rowCopyTypeScriptTypes,
      Command.rowOpenTable,
      Command.rowCheckAgainstDefinition,
    ];
    const sorted = (list: string[]) => [...list].sort();
    assert.deepEqual(commandsShownOn('bin.remembered;public', rows), sorted(reads), 'an access key that may only read');
    assert.deepEqual(
      commandsShownOn('bin.remembered;private;update', rows),
      sorted([
        ...reads.filter((c) => c !== Command.rowCopyPublicUrl),
        Command.rowRenameBin,
        Command.rowMakePublic,
        Command.rowTurnVersioningOn,
        Command.rowTurnVersioningOff,
        Command.rowChangeBins,
      ]),
      'one that may read and update, on a private bin',
    );
    assert.deepEqual(
      commandsShownOn('bin.remembered;public;update', rows),
      sorted([...reads, Command.rowRenameBin, Command.rowMakePrivate, Command.rowTurnVersioningOn, Command.rowTurnVersioningOff, Command.rowChangeBins]),
      'on a public bin',
    );
    assert.deepEqual(
      commandsShownOn('bin.remembered;public;delete;hosted', rows),
      sorted([...reads, Command.rowDeleteBin, Command.rowDeleteVersions, Command.rowOpenInDashboard]),
      'one that may delete, on jsonbin.io',
    );
    assert.deepEqual(commandsShownOn('group.uncategorized', rows), [Command.rowAddBin, Command.rowOpenTable], 'Create Bin only where the key may create');
  });

  it('put nothing on Load more and message rows', () => {
    for (const entry of menuEntries('view/item/context')) {
      assert.deepEqual(
        kindsMatching(entry.when ?? '').filter((k) => k === 'loadMore' || k === 'message'),
        [],
        entry.command,
      );
    }
  });
});
