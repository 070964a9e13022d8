/** What the extension exports, for other extensions and the integration tests: read from what activation started. */
import * as vscode from 'vscode';
import type { AccountInfo } from './accounts/accountList';
import type { Accounts } from './accounts/accounts';
import { activity } from '../core/api/activity';
import { SYNCED_KEYS } from '../core/api/stateKeys';
import type { ToolName } from '../core/tools/toolNames';
import type { AccountParts, Shown } from './accountParts';
import type { ChatTool } from './features/chat/registerTools';
import type { LinkWiring } from './features/links/linkWiring';
import type { Opener } from './features/parts';
import type { Node } from './features/tree/nodes';
import type { ConflictPrompt } from './ui/conflict';
import type { Prompter } from './ui/prompter';
import type { Window } from './window';

export interface JsonBinApi {
  /** Replaces the Compare / Overwrite / Cancel prompt of a save conflict (undefined restores it). */
  setConflictPrompt(prompt: ConflictPrompt | undefined): void;
  /** Replaces the questions that interactive commands ask (undefined restores VS Code's). */
  setPrompter(prompter: Prompter | undefined): void;
  /** Replaces what opens a web page (undefined restores `vscode.env.openExternal`). */
  setOpener(open: Opener | undefined): void;
  /** The JSONBin view's data, as VS Code sees it. */
  readonly tree: vscode.TreeDataProvider<Node>;
  /** The view's drag and drop, as VS Code calls it. */
  readonly dragAndDrop: vscode.TreeDragAndDropController<Node>;
  /** The JSONBin view itself: its title's description says what it is filtered by. */
  readonly view: Pick<vscode.TreeView<Node>, 'description'>;
  /** The problem counts on bin rows (their `resourceUri`), as VS Code asks for them. */
  readonly problemDecorations: Pick<vscode.FileDecorationProvider, 'provideFileDecoration' | 'onDidChangeFileDecorations'>;
  /** The status bar's "Not validated: collection unknown", as the user sees it. */
  readonly validationStatus: { readonly visible: boolean; readonly command?: vscode.Command };
  /** The status bar's "Not sent" of a bin tab that VS Code's auto save leaves unsaved. */
  readonly autoSaveStatus: { readonly visible: boolean };
  /** The linked files' decorations, as VS Code asks for them, and the status bar item of the active editor's linked file. */
  readonly linkDecorations: Pick<vscode.FileDecorationProvider, 'provideFileDecoration'>;
  readonly linkStatus: { readonly visible: boolean; readonly text: string; readonly file?: string };
  /** The Source Control view of linked files: each group's files once sorted again, and the quick diff's original of a file. */
  readonly linkScm: { shown(): Promise<Record<'toPush' | 'toPull' | 'both', string[]>> } & Pick<vscode.QuickDiffProvider, 'provideOriginalResource'>;
  /** The status bar's requests sent, as the user sees it. */
  readonly requestStatus: { readonly text: string; readonly tooltip: string; readonly exhausted: boolean; readonly command?: vscode.Command };
  /** The accounts (names, service URLs, kinds of key: never a key) and the active one. */
  readonly accounts: { all(): readonly AccountInfo[]; readonly active: AccountInfo };
  /** Resolves once no request is in flight and no debounce is pending: tests wait for this, not for a clock. */
  whenIdle(): Promise<void>;
  /** The folder of the copies kept of bins for reading offline (read it through `vscode.workspace.fs`: the same in every host). */
  readonly offlineCopiesFolder: vscode.Uri;
  /** A language model tool as registered (`vscode.lm.invokeTool` runs it; tests call its `prepareInvocation`). */
  languageModelTool(name: ToolName): ChatTool | undefined;
  /** What Settings Sync carries to the user's other machines: each global state key given to `setKeysForSync`, with its value here. */
  syncedState(): { key: string; value: unknown }[];
}

/** What the API reads: each part as activation started it. */
export interface Started {
  context: vscode.ExtensionContext;
  window: Window;
  accounts: Accounts<AccountParts>;
  /** The status bar's items and the rows' problem counts: undefined until the first account's parts are made. */
  shown(): Shown | undefined;
  view: { tree: vscode.TreeDataProvider<Node>; dragAndDrop: vscode.TreeDragAndDropController<Node>; treeView: vscode.TreeView<Node> };
  links: LinkWiring;
  chat: { tools: ReadonlyMap<ToolName, ChatTool> };
  setOpener(open: Opener | undefined): void;
}

export function apiOf(s: Started): JsonBinApi {
  const { links, window } = s;
  return {
    tree: s.view.tree,
    dragAndDrop: s.view.dragAndDrop,
    view: s.view.treeView,
    // Nothing is shown until the first account's parts are made.
    get validationStatus() {
      return s.shown()?.validationStatus ?? { visible: false };
    },
    get requestStatus() {
      return s.shown()?.requestStatus ?? { text: '', tooltip: '', exhausted: false };
    },
    get problemDecorations() {
      return s.shown()?.problemDecorations ?? { provideFileDecoration: () => undefined };
    },
    linkDecorations: { provideFileDecoration: async (uri) => (await links.views()).decorations.provideFileDecoration(uri) },
    linkScm: {
      shown: async () => {
        const { scm } = await links.views();
        await scm.refresh();
        return scm.shown();
      },
      provideOriginalResource: async (uri) => (await links.views()).scm.provideOriginalResource(uri),
    },
    get linkStatus() {
      return links.shown()?.status.shown ?? { visible: false, text: '' };
    },
    get autoSaveStatus() {
      return s.shown()?.autoSaveStatus ?? { visible: false };
    },
    // Copies: another extension reads the accounts, never their keys or parts.
    accounts: {
      all: () => s.accounts.all().map((a) => ({ ...a })),
      get active() {
        return { ...s.accounts.active };
      },
    },
    offlineCopiesFolder: window.shared.offlineCopiesFolder,
    languageModelTool: (name) => s.chat.tools.get(name),
    syncedState: () => SYNCED_KEYS.map((key) => ({ key, value: structuredClone(s.context.globalState.get(key)) })),
    whenIdle: () => activity.idle(),
    setConflictPrompt: (prompt) => window.setConflictPrompt(prompt),
    setPrompter: (prompter) => window.shared.prompts.replace(prompter),
    setOpener: (open) => s.setOpener(open),
  };
}
