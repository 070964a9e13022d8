/**
 * Completion, hover and the quick fix of a missing property in bins and new bins' record drafts,
 * from their collection's schema doc; in a Change Bins tab, a JSON Patch's operations and paths. VS Code's JSON service is not told the schema, so that diagnostics keep one source;
 * these providers give the rest of its help.
 */
import * as vscode from 'vscode';
import { settings } from '../../config';
import { parseUri, SCHEME } from '../../fs/uris';
import type { BinCollections } from '../../../core/store/binCollections';
import type { SchemaDocs } from '../../../core/schema/schemaDocs';
import type { Drafts } from '../drafts';
import { DRAFT_SCHEME } from '../draftFiles';

/** Any language: a user who switches a bin's tab to JSON keeps the help. Record drafts are untitled. */
const SELECTOR: vscode.DocumentSelector = [{ scheme: SCHEME }, { scheme: 'untitled' }, { scheme: DRAFT_SCHEME }];

/** The schema walking loads with the first completion or hover, not with the extension. */
const assist = () => import('../../../core/schema/assist.js');
/** The schema of a Change Bins tab, with its first completion or hover. */
const changeSchema = () => import('../../../core/schema/changeSchema.js');
/** The same for the quick fix of a missing property. */
const quickFix = () => import('../../../core/schema/quickFix.js');

/** `accountOf` gives an account's parts by id (undefined for an account that is gone). */
export function registerSchemaAssist(
  accountOf: (account: string) => { binCollections: BinCollections; schemaDocs: SchemaDocs } | undefined,
  drafts: Pick<Drafts, 'of'>,
): vscode.Disposable[] {
  const schemaOf = async (document: vscode.TextDocument) => {
    const resource = parseUri(document.uri);
    const draft = drafts.of(document.uri);
    const account = accountOf(draft?.account ?? document.uri.authority);
    if (draft?.kind === 'change') {
      // A change's tab: its operations, with paths from the schema doc of its bins' collection (the first bin's).
      const targets = draft.targets;
      const of = 'collection' in targets ? targets.collection.id : (targets.bins[0]?.collectionId ?? account?.binCollections.of(targets.bins[0]?.id ?? ''));
      const schema = settings.validation() && account && of ? (await account.schemaDocs.schemaFor(of))?.schema : undefined;
      return (await changeSchema()).changeSchema(document.getText(), schema, draft.paths);
    }
    const collectionId = draft?.kind === 'record' ? draft.collection.id : resource?.kind === 'bin' ? account?.binCollections.of(resource.id) : undefined;
    // The schema doc validation already fetched: help while typing costs no request of its own.
    return settings.validation() && account && collectionId ? (await account.schemaDocs.schemaFor(collectionId))?.schema : undefined;
  };
  return [
    vscode.languages.registerCompletionItemProvider(
      SELECTOR,
      {
        async provideCompletionItems(document, position) {
          const [text, offset] = [document.getText(), document.offsetAt(position)];
          // In a change's tab, whole operations where one goes: no schema doc needed (none read) for them.
          const operations = drafts.of(document.uri)?.kind === 'change' ? (await changeSchema()).operationSuggestions(text, offset) : [];
          const schema = operations.length > 0 ? undefined : await schemaOf(document);
          if (!schema && operations.length === 0) {
            return undefined;
          }
          const { suggest } = await assist();
          return [...operations, ...(schema ? suggest(text, offset, schema) : [])].map((s, i) => {
            const item = new vscode.CompletionItem(s.label, s.kind === 'value' ? vscode.CompletionItemKind.EnumMember : vscode.CompletionItemKind.Property);
            item.insertText = new vscode.SnippetString(s.snippet);
            item.detail = s.detail;
            item.sortText = String(i).padStart(4, '0');
            return item;
          });
        },
      },
      '"',
    ),
    vscode.languages.registerHoverProvider(SELECTOR, {
      async provideHover(document, position) {
        const schema = await schemaOf(document);
        const range = document.getWordRangeAtPosition(position, /"(?:[^"\\]|\\.)*"|[^\s,:{}[\]]+/);
        if (!schema || !range) {
          return undefined;
        }
        const text = (await assist()).describeAt(schema, document.getText(), document.offsetAt(position));
        return text ? new vscode.Hover(new vscode.MarkdownString(text), range) : undefined;
      },
    }),
    vscode.languages.registerCodeActionsProvider(
      SELECTOR,
      {
        async provideCodeActions(document, _range, context) {
          const missing = context.diagnostics.filter((d) => d.code === 'required' && d.source?.startsWith('JSONBin'));
          const schema = missing.length > 0 ? await schemaOf(document) : undefined;
          if (!schema) {
            return undefined;
          }
          const { missingPropertyFixes } = await quickFix();
          const seen = new Set<string>();
          return missing.flatMap((diagnostic) =>
            missingPropertyFixes(document.getText(), document.offsetAt(diagnostic.range.start), schema)
              .filter((fix) => !seen.has(`${fix.offset}:${fix.name}`) && seen.add(`${fix.offset}:${fix.name}`))
              .map((fix) => {
                const action = new vscode.CodeAction(vscode.l10n.t('Add property "{0}"', fix.name), vscode.CodeActionKind.QuickFix);
                action.edit = new vscode.WorkspaceEdit();
                action.edit.insert(document.uri, document.positionAt(fix.offset), fix.insert);
                action.diagnostics = [diagnostic];
                action.isPreferred = true;
                return action;
              }),
          );
        },
      },
      { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] },
    ),
  ];
}
