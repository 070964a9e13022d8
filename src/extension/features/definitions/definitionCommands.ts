/**
 * The definitions' commands: Use as Schema Doc (a bin row, a definition's tab, the palette), Check
 * Against Definition (a tab or its selection, a bin row, the palette) and Check Definition
 * (programmatic). Each result's `requests` is what its scope counted.
 */
import * as vscode from 'vscode';
import { MAX_SHORT_NAME, RequestScope } from '../../../core/api';
import { Cancelled, cancelIfUndefined } from '../../commands/args';
import { Command } from '../../commands/idsAndContextKeys';
import { askBinReference, askRequiredName, pickCollection } from '../../ui/prompts';
import { register, required, type Handler } from '../commandForms';
import { binUri, parseUri, schemaDocUri } from '../../fs/uris';
import { againstDefinition, type Against } from '../../../core/schema/against';
import type { Problem } from '../../../core/schema/validator';
import { settings } from '../../config';
import { inform, reportError, withProgress } from '../../ui/feedback';
import { confirmRequests, readsAfterListing } from '../requestWarning';
import { rowBin, tabBin } from '../binTarget';
import type { Parts } from '../parts';
import type { AccountRows } from '../tree/binsView';
import type { BinNode } from '../tree/nodes';
import { checkAgainst, checkTargetDefinition } from './checkAgainstDefinition';
import { definitionBin, providersOf, type DefinitionTarget } from './definitionReads';
import { schemaDocName, updateFrom, useAsSchemaDoc, type Asks, type Decide, type UseOptions, type UseParts, type UseResult } from './useAsSchemaDoc';

export type DefinitionParts = UseParts & Pick<Parts, 'prompts'> & Pick<AccountRows, 'root'> & { diagnostics: UseParts['diagnostics'] & ShowFound };

interface ShowFound {
  showFound(failing: { uri: vscode.Uri; text: string; problems: Problem[] }[], against?: Against): void;
}

/** Set by the interactive forms only: a programmatic call is never asked, it rejects. */
const ASKS = Symbol('asks');
type Asked = UseOptions & { [ASKS]?: true };

export function definitionCommands(p: DefinitionParts): Handler[] {
  const ui = p.prompts;
  /** The collection to use it for, and the new schema doc's name when the collection has none. */
  const askUse = async (binId: string): Promise<[string, Asked]> => {
    const definition = await withProgress(vscode.l10n.t('Reading the definition…'), () => definitionBin(p, binId, new RequestScope()));
    const collection = (await pickCollection(ui, await p.schemaDocs.listCollections(), false))!;
    const name = collection.schemaDocId
      ? undefined
      : await askRequiredName(ui, vscode.l10n.t('Name of the schema doc (1 to 32 characters)'), MAX_SHORT_NAME, schemaDocName(definition.name));
    return [binId, { collectionId: collection.id, name, [ASKS]: true }];
  };
  const asks = asking(p);
  const use = async (binId: string, options: Asked): Promise<UseResult> => {
    required(binId, 'a bin id', Command.useDefinitionAsSchemaDoc);
    required(options?.collectionId, 'a collection id', Command.useDefinitionAsSchemaDoc);
    return withProgress(vscode.l10n.t('Using the definition as schema doc…'), () => useAsSchemaDoc(p, binId, options, options[ASKS] ? asks : undefined));
  };
  const showUsed = async (result: UseResult) => {
    inform(
      result.created
        ? vscode.l10n.t('Created schema doc from the definition and attached it ({0} requests)', result.requests)
        : vscode.l10n.t('Updated the schema doc from the definition ({0} requests)', result.requests),
    );
    await vscode.window.showTextDocument(schemaDocUri(result.schemaDocId, undefined, p.account.id), { preview: false });
  };
  /** Palette: the active tab's bin (a definition, as the palette's `when` says), else asked. */
  const activeBin = async () => {
    const active = vscode.window.activeTextEditor && parseUri(vscode.window.activeTextEditor.document.uri, p.account.id);
    return active?.kind === 'bin' && active.version === undefined ? active.id : askBinReference(ui);
  };

  /** The definition to check against: one of the bins known to hold one (no request lists them), else asked by id. */
  const askDefinition = async (): Promise<string> => {
    const known = p.root.definitions?.known() ?? [];
    if (known.length === 0) {
      return askBinReference(ui);
    }
    const items = [
      ...known.map(({ id, name }) => ({ label: name, description: p.bins.known({ kind: 'bin', id })?.name ?? id, id })),
      { label: vscode.l10n.t('Enter a bin id…'), description: undefined, id: undefined },
    ];
    const picked = cancelIfUndefined(await ui.pick(items, { placeHolder: vscode.l10n.t('Check against which definition?'), matchOnDescription: true }));
    return picked.id ?? askBinReference(ui);
  };
  const checkActive = async (): Promise<[string, DefinitionTarget, vscode.Range?]> => {
    const editor = vscode.window.activeTextEditor;
    if (!editor) {
      throw new Error(vscode.l10n.t('Open the record to check in an editor first'));
    }
    return [await askDefinition(), editor.document.uri, editor.selection.isEmpty ? undefined : editor.selection];
  };
  const showChecked = (result: { problems: unknown[] }) => {
    if (result.problems.length > 0) {
      void vscode.commands.executeCommand('workbench.actions.view.problems');
    }
    inform(
      result.problems.length === 0
        ? vscode.l10n.t('No problems against the definition')
        : result.problems.length === 1
          ? vscode.l10n.t('1 problem against the definition: see the Problems panel')
          : vscode.l10n.t('{0} problems against the definition: see the Problems panel', result.problems.length),
    );
  };

  return [
    ...register(
      Command.useDefinitionAsSchemaDoc,
      { run: use, ask: async () => askUse(await activeBin()), show: showUsed },
      {
        row: [Command.rowUseDefinitionAsSchemaDoc, (node: BinNode) => askUse(rowBin(node).id)],
        tab: [Command.tabUseDefinitionAsSchemaDoc, (uri) => askUse(tabBin(uri).id)],
      },
    ),
    ...register(
      Command.checkAgainstDefinition,
      {
        run: async (definitionBinId: string, target: DefinitionTarget, selection?: vscode.Range) => {
          required(definitionBinId, 'a bin id', Command.checkAgainstDefinition);
          const scope = new RequestScope();
          const found = await checkAgainst(p, definitionBinId, required(target, 'a bin id', Command.checkAgainstDefinition), scope, selection);
          return { ...found, requests: scope.sent };
        },
        ask: checkActive,
        show: showChecked,
      },
      { row: [Command.rowCheckAgainstDefinition, async (node: BinNode) => [await askDefinition(), rowBin(node).id]] },
    ),
    ...register(Command.checkDefinition, {
      run: async (target: DefinitionTarget, options?: { providers?: unknown }) => {
        const scope = new RequestScope();
        const found = await checkTargetDefinition(p, required(target, 'a bin id', Command.checkDefinition), providersOf(options?.providers), scope);
        return { ...found, requests: scope.sent };
      },
      ask: async () => {
        const uri = vscode.window.activeTextEditor?.document.uri;
        if (!uri) {
          throw new Error(vscode.l10n.t('Open the record to check in an editor first'));
        }
        return [uri];
      },
      show: showChecked,
    }),
  ];
}

/** Asked before the stored bins' reads when more than `jsonbin.warnAboveRequests`, and when some would fail: go on, show them (nothing sent), or cancel. */
function asking(p: DefinitionParts): Asks {
  return {
    decide: askingDecide(p),
    beforeReads: (bins, pages) => confirmRequests(p, settings.warnAboveRequests(), bins, () => readsFirst(bins), readsAfterListing(pages)),
  };
}

function readsFirst(bins: number): string {
  return vscode.l10n.t('Checking the stored bins against the definition first reads {0} bins. Read them?', bins);
}

function askingDecide(p: DefinitionParts): Decide {
  return async (impact, definitionName) => {
    const items = [
      { label: vscode.l10n.t('Use Anyway'), detail: vscode.l10n.t('The stored bins stay as they are, failing the schema doc'), choice: 'use' as const },
      {
        label: vscode.l10n.t('Show Failing Bins'),
        detail: vscode.l10n.t('Nothing is sent; their problems show in the Problems panel'),
        choice: 'show' as const,
      },
      { label: vscode.l10n.t('Cancel'), detail: vscode.l10n.t('Nothing is sent'), choice: 'cancel' as const },
    ];
    const placeHolder =
      impact.checked === 1
        ? vscode.l10n.t('1 of 1 stored bin would fail definition "{0}"', definitionName)
        : vscode.l10n.t('{0} of {1} stored bins would fail definition "{2}"', impact.failing.length, impact.checked, definitionName);
    const picked = (await p.prompts.pick(items, { placeHolder, ignoreFocusOut: true }))?.choice;
    if (picked === 'show') {
      p.diagnostics.showFound(
        impact.failing.map((bin) => ({ uri: binUri(bin.id, bin.name, undefined, p.account.id), text: bin.text, problems: bin.problems })),
        againstDefinition(definitionName),
      );
      void vscode.commands.executeCommand('workbench.actions.view.problems');
    }
    if (picked !== 'use') {
      throw new Cancelled();
    }
    return true;
  };
}

/** The offer after a definition's save, taken: the schema doc updated as Use as Schema Doc updates it, asking when stored bins would fail. */
export async function updateFromDefinition(p: DefinitionParts, binId: string, schemaDocId: string): Promise<void> {
  try {
    const result = await withProgress(vscode.l10n.t('Using the definition as schema doc…'), () => updateFrom(p, binId, schemaDocId, {}, asking(p)));
    inform(vscode.l10n.t('Updated the schema doc from the definition ({0} requests)', result.requests));
  } catch (error) {
    if (!(error instanceof Cancelled)) {
      reportError(error);
    }
  }
}
