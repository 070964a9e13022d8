/**
 * The extension in VS Code's pseudo-language (qps-ploc), on either extension host: the runner
 * (test/runner/code-server.mjs --pseudo-locale) made its messages from the English ones
 * (scripts/l10n.mjs) and started VS Code in it. What the extension shows must hold none of its own
 * English words: no phrase of two words or more of package.nls.json or l10n/bundle.l10n.json.
 * No Node module here: the web worker host's suite bundles it too.
 */
import * as vscode from 'vscode';
import { assert } from 'chai';
import type { JsonBinApi } from '../../src/extension/extension';
import type { BinClient } from '../../src/core/api';
import { Command } from '../../src/extension/commands/idsAndContextKeys';
import type { TableShown } from '../../src/extension/features/table/tableCommands';
import type { Node } from '../../src/extension/features/tree/nodes';
import { binUriOf, closeAll, replaceText, run, schemaDiagnostics, TITLE_AND_TAGS, until } from './workbench';

export const PSEUDO_LOCALE = 'qps-ploc';
const EXTENSION_ID = 'jsonbin-tools.jsonbin-explorer';

export interface PseudoWorld {
  api: JsonBinApi;
  /** A client of the extension's account, for the bins the checks show. */
  other: BinClient;
}

/** Letters the pseudo-language writes instead of English ones (Latin Extended, Latin Extended Additional). */
const PSEUDO_LETTER = /[\u0100-\u024f\u1e00-\u1eff]/;

const decoder = new TextDecoder();
const readJson = async <T>(uri: vscode.Uri) => JSON.parse(decoder.decode(await vscode.workspace.fs.readFile(uri))) as T;

/**
 * The phrases of two words or more of each English message: what is between its placeholders
 * (`{0}`), icons (`$(key)`) and command links, as a translation keeps them.
 */
function englishPhrases(messages: readonly string[]): string[] {
  const phrases = messages.flatMap((message) => message.split(/\{\d+\}|\$\([\w~-]+\)|\(command:[^)]*\)|[[\]\n]/));
  return [...new Set(phrases.map((p) => p.trim()).filter((p) => /[A-Za-z]+[^A-Za-z]+[A-Za-z]+/.test(p)))];
}

/** The English phrases among `shown`, each with where it was found. */
function english(phrases: readonly string[], shown: readonly [string, string][]): string[] {
  return shown.flatMap(([where, text]) => phrases.filter((p) => text.includes(p)).map((p) => `${where}: "${p}" in "${text}"`));
}

/**
 * The manifest's words as VS Code gives them (its `%key%`s replaced): command titles, settings'
 * descriptions, the view's name… A command's title and category come as `{ value, original }`:
 * the translation, and the English that the palette also searches.
 */
function manifestWords(packageJSON: { contributes: Record<string, unknown> }): [string, string][] {
  const shownKeys = new Set(['title', 'category', 'label', 'name', 'contextualTitle', 'contents', 'altText', 'description', 'markdownDescription']);
  const found: [string, string][] = [];
  const visit = (value: unknown, path: string) => {
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, `${path}[${i}]`));
    } else if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) {
        const translated = (inner as { value?: unknown } | undefined)?.value;
        if (typeof inner === 'string' && shownKeys.has(key)) {
          found.push([`${path}.${key}`, inner]);
        } else if (typeof translated === 'string' && shownKeys.has(key)) {
          found.push([`${path}.${key}.value`, translated]);
        } else if (key === 'enumDescriptions' && Array.isArray(inner)) {
          inner.forEach((text, i) => found.push([`${path}.${key}[${i}]`, String(text)]));
        } else if (key !== 'menus' && key !== 'default' && key !== 'inputSchema') {
          // A tool's input schema is for the model, in English as its modelDescription is.
          visit(inner, `${path}.${key}`);
        }
      }
    }
  };
  visit(packageJSON.contributes, 'contributes');
  return found;
}

/** Each string a tree item shows. */
async function treeWords(tree: vscode.TreeDataProvider<Node>): Promise<[string, string][]> {
  const found: [string, string][] = [];
  const visit = async (parent: Node | undefined, depth: number) => {
    for (const node of (await tree.getChildren(parent)) ?? []) {
      const item = await tree.getTreeItem(node);
      const label = typeof item.label === 'string' ? item.label : item.label?.label;
      const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : item.tooltip;
      const description = typeof item.description === 'string' ? item.description : undefined;
      for (const [what, text] of [
        ['label', label],
        ['description', description],
        ['tooltip', tooltip],
      ] as const) {
        if (text) {
          found.push([`tree item ${label ?? ''} ${what}`, text]);
        }
      }
      if (depth < 2 && item.collapsibleState !== vscode.TreeItemCollapsibleState.None) {
        await visit(node, depth + 1);
      }
    }
  };
  await visit(undefined, 0);
  return found;
}

export function describePseudoLocale(setup: () => Promise<PseudoWorld>): void {
  describe('the extension in the pseudo-language (qps-ploc)', function () {
    let w: PseudoWorld;
    let phrases: string[];

    before(async function () {
      assert.strictEqual(vscode.env.language, PSEUDO_LOCALE, 'the runner starts VS Code in the pseudo-language');
      w = await setup();
      const extension = vscode.extensions.getExtension(EXTENSION_ID);
      assert.ok(extension);
      const nls = await readJson<Record<string, string>>(vscode.Uri.joinPath(extension.extensionUri, 'package.nls.json'));
      const bundle = await readJson<Record<string, string | { message: string }>>(vscode.Uri.joinPath(extension.extensionUri, 'l10n', 'bundle.l10n.json'));
      phrases = englishPhrases([...Object.values(nls), ...Object.values(bundle).map((m) => (typeof m === 'string' ? m : m.message))]);
      assert.isAbove(phrases.length, 100);
    });
    afterEach(() => closeAll());

    it("shows the manifest's words in it: commands, settings, the view, the walkthrough (package.nls.qps-ploc.json)", () => {
      const packageJSON = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: Record<string, unknown> };
      const words = manifestWords(packageJSON);
      assert.isAbove(words.length, 100);
      assert.deepEqual(english(phrases, words), []);
      const setting = words.find(([where]) => where.includes('jsonbin.apiUrl.markdownDescription'));
      assert.match(setting?.[1] ?? '', PSEUDO_LETTER, 'the setting jsonbin.apiUrl is described in the pseudo-language');
    });

    it('words a schema problem in it, in the validation worker too (l10n/bundle.l10n.qps-ploc.json, sent to the worker)', async () => {
      // Stored before its collection had the schema doc (the service checks no stored record again).
      const collectionId = (await w.other.createCollection('pseudo attached later')).id;
      const id = (await w.other.createBin({ record: { title: 't', tags: ['a'] }, collectionId })).metadata.id;
      const schemaDocId = (await w.other.createSchemaDoc('pseudo course', TITLE_AND_TAGS)).metadata.id;
      await w.other.attachSchemaDoc(collectionId, schemaDocId);
      await run(Command.refresh);
      const document = await vscode.workspace.openTextDocument(binUriOf(await run(Command.openBin, id)));
      const [problem] = await schemaDiagnostics(document.uri, 1);
      assert.deepEqual(english(phrases, [['diagnostic', problem.message]]), []);
      assert.match(problem.message, PSEUDO_LETTER, problem.message);
      assert.include(problem.message, '/tags', 'the values placed in the message stay as they are');
    });

    it("answers a programmatic caller's bad input in it (the service client's own check)", async () => {
      const message = await run(Command.openBin, 'not an id!').then(
        () => assert.fail('a bad id is refused'),
        (error: Error) => error.message,
      );
      assert.deepEqual(english(phrases, [['error', message]]), []);
      assert.match(message, PSEUDO_LETTER, message);
    });

    it('shows the tree in it', async () => {
      await run(Command.refresh);
      const words = await treeWords(w.api.tree);
      assert.isNotEmpty(words);
      assert.deepEqual(english(phrases, words), []);
      assert.ok(
        words.some(([, text]) => PSEUDO_LETTER.test(text)),
        words.map(([, text]) => text).join(' | '),
      );
    });

    it('asks its questions in it: input boxes, quick picks, confirmations', async () => {
      const asked: [string, string][] = [];
      const note = (where: string, ...texts: (string | undefined)[]) => texts.forEach((text) => text && asked.push([where, text]));
      w.api.setPrompter({
        input: async (options) => (note('input box', options.title, options.prompt, options.placeHolder), undefined),
        pick: async (items, options) => (
          note('quick pick', options.title, options.placeHolder, ...items.flatMap((i) => [i.label, i.description, i.detail])),
          undefined
        ),
        confirm: async (message, detail, action) => (note('confirmation', message, detail, action), false),
      });
      try {
        for (const command of [Command.createCollection, Command.createBin, Command.addBin]) {
          await run(command).then(
            () => undefined,
            () => undefined,
          );
        }
      } finally {
        w.api.setPrompter(undefined);
      }
      assert.isNotEmpty(asked);
      assert.deepEqual(english(phrases, asked), []);
      assert.ok(
        // The names of this suite's collections and bins ("pseudo …") are the user's words, shown as they are.
        asked.every(([, text]) => PSEUDO_LETTER.test(text) || !/[A-Za-z]{2}/.test(text) || text.includes('pseudo ')),
        asked.map(([, text]) => text).join(' | '),
      );
    });

    it("shows a table in it: the webview's words and the grid's own, given to AG Grid as its localeText", async () => {
      const collectionId = (await w.other.createCollection('pseudo table')).id;
      await w.other.createBin({ record: { title: 't' }, collectionId });
      const id = await run<string>(Command.openTable, { collectionId });
      const { texts } = await run<TableShown>(Command.tableSnapshot, id);
      assert.ok(texts, 'the webview was given its words');
      const words = Object.entries({ ...texts.words, ...texts.gridTexts }).map(([key, text]): [string, string] => [`table ${key}`, text]);
      assert.includeMembers(Object.keys(texts.gridTexts), ['noRowsToShow', 'noMatchingRows', 'ariaSortableColumn']);
      assert.deepEqual(english(phrases, words), []);
      assert.deepEqual(
        words.filter(([, text]) => !PSEUDO_LETTER.test(text)),
        [],
        'every word, one-word ones too, in the pseudo-language',
      );
    });

    it("details the schema doc's completions in it, and offers an enum's values as values", async () => {
      const collectionId = (await w.other.createCollection('pseudo completions')).id;
      const schema = { type: 'object', required: ['title'], properties: { title: { type: 'string' }, level: { enum: ['beginner', 'advanced'] } } };
      await w.other.attachSchemaDoc(collectionId, (await w.other.createSchemaDoc('pseudo levels', schema)).metadata.id);
      const id = (await w.other.createBin({ record: { title: 't' }, collectionId })).metadata.id;
      await run(Command.refresh);
      const document = await vscode.workspace.openTextDocument(binUriOf(await run(Command.openBin, id)));
      const completions = async (text: string, line: number, character: number, labels: string[]) => {
        await replaceText(document, text);
        const list = await vscode.commands.executeCommand<vscode.CompletionList>(
          'vscode.executeCompletionItemProvider',
          document.uri,
          new vscode.Position(line, character),
        );
        return list.items.filter((i) => labels.includes(typeof i.label === 'string' ? i.label : i.label.label));
      };
      const values = await completions('{\n  "title": "t",\n  "level": \n}', 2, 11, ['"beginner"', '"advanced"']);
      const properties = await completions('{\n  "title": "t",\n  \n}', 2, 2, ['level']);
      assert.deepEqual(
        values.map((i) => i.kind),
        [vscode.CompletionItemKind.EnumMember, vscode.CompletionItemKind.EnumMember],
      );
      assert.lengthOf(properties, 1);
      const details = [...values, ...properties].map((i): [string, string] => [`completion ${JSON.stringify(i.label)} detail`, i.detail ?? '']);
      assert.deepEqual(english(phrases, details), []);
      assert.deepEqual(
        details.filter(([, text]) => !PSEUDO_LETTER.test(text)),
        [],
      );
    });

    it('counts its requests in the status bar in it', async () => {
      await run(Command.refresh);
      await w.api.whenIdle();
      const status = await until(() => w.api.requestStatus.text !== '' && w.api.requestStatus, 'the requests in the status bar');
      const words: [string, string][] = [
        ['status bar text', status.text],
        ['status bar tooltip', status.tooltip],
      ];
      assert.deepEqual(english(phrases, words), []);
      assert.match(status.tooltip, PSEUDO_LETTER, status.tooltip);
    });
  });
}
