/** Link to Bin, Unlink, Push, Pull, Compare with Bin, Check Links and the links' status: a workspace file and its bin. */
import * as vscode from 'vscode';
import type { AccountInfo } from '../../accounts/accountList';
import { Command, type CommandId } from '../../commands/idsAndContextKeys';
import { askBinReference } from '../../ui/prompts';
import { needs, register, type Handler } from '../commandForms';
import { settings } from '../../config';
import { inform, notice } from '../../ui/feedback';
import { plainText } from '../../../core/store/plainText';
import { Cancelled } from '../../commands/args';
import type { LinkState } from '../../../core/store/links/linkState';
import type { LinkedFile } from './linkRegistry';
import type { Parts } from '../parts';
import { confirmRequests } from '../requestWarning';
import { checkLinks, compareFile, linkFile, pullFile, pushFile, statusOf, type LinkActionParts, type LinkStatus } from './linkActions';

/** What a command on several files did with each: its result, or why it failed (the others still ran). */
type EachResult<R> = { file: vscode.Uri; result?: R; error?: string };

/** Runs `action` on each file in turn; a failure is said for its file and the next file runs. */
async function eachFile<R>(files: LinkedFile[], action: (linked: LinkedFile) => Promise<R>): Promise<EachResult<R>[]> {
  const results: EachResult<R>[] = [];
  for (const linked of files) {
    try {
      results.push({ file: linked.uri, result: await action(linked) });
    } catch (error) {
      if (error instanceof Cancelled) {
        throw error;
      }
      results.push({ file: linked.uri, error: (error as Error).message });
    }
  }
  return results;
}

function showEach<R>(results: EachResult<R>[], summary: (done: number) => string): void {
  const failed = results.filter((r) => r.error !== undefined);
  inform(summary(results.length - failed.length));
  if (failed.length > 0) {
    void vscode.window.showWarningMessage(
      notice(plainText(failed.map((r) => vscode.l10n.t('{0}: {1}', vscode.workspace.asRelativePath(r.file), r.error!)).join('\n'))),
    );
  }
}

export interface LinkOptions {
  /** The account's id or name; the command's account by default. */
  account?: string;
  pushOnSave?: boolean;
}

export function linkCommands(p: LinkActionParts & Pick<Parts, 'account' | 'accounts'>): Handler[] {
  const fileOf = (uri: unknown, command: CommandId): vscode.Uri => {
    if (!(uri instanceof vscode.Uri)) {
      throw new Error(needs(command, "a file's Uri"));
    }
    return uri;
  };
  const linkedOf = async (uri: unknown, command: CommandId): Promise<LinkedFile> => {
    const file = fileOf(uri, command);
    const found = await p.links.find(file);
    if (!found) {
      throw new Error(vscode.l10n.t('{0} is not linked to a bin', vscode.workspace.asRelativePath(file)));
    }
    return found;
  };
  const activeFile = async (): Promise<[vscode.Uri]> => {
    const uri = vscode.window.activeTextEditor?.document.uri;
    if (!uri) {
      throw new Error(vscode.l10n.t('Open a JSON file of the workspace first'));
    }
    return [uri];
  };
  const accountNamed = (wanted: string | undefined): AccountInfo => {
    if (wanted === undefined) {
      return p.account;
    }
    const account = p.accounts.all().find((a) => a.id === wanted) ?? p.accounts.all().find((a) => a.name === wanted);
    if (!account) {
      throw new Error(vscode.l10n.t('There is no JSONBin account {0}', wanted));
    }
    return account;
  };
  const askLink = async (uri: vscode.Uri): Promise<[vscode.Uri, string]> => [uri, await askBinReference(p.prompts)];
  /** The Source Control view passes a file's resource state. */
  const fileOfState = (state: unknown): vscode.Uri => fileOf((state as vscode.SourceControlResourceState | undefined)?.resourceUri, Command.pushFile);
  /** And a group's row, the group. */
  const filesOfGroup = (group: unknown): vscode.Uri[] => (group as vscode.SourceControlResourceGroup).resourceStates.map((r) => r.resourceUri);
  /** The files asked for, each linked; none given: every linked file known to be `state`. */
  const filesIn = async (uris: vscode.Uri[] | undefined, state: LinkState): Promise<LinkedFile[]> => {
    if (uris !== undefined) {
      return Promise.all(uris.map((uri) => linkedOf(uri, Command.linkStatus)));
    }
    const all = await p.links.all();
    const states = await Promise.all(all.map((linked) => p.links.stateOf(linked)));
    return all.filter((_, i) => states[i] === state);
  };
  const fromExplorer = async (uri: vscode.Uri | undefined): Promise<[vscode.Uri]> => (uri ? [uri] : activeFile());

  return [
    ...register(
      Command.linkFile,
      {
        run: async (uri: vscode.Uri, binId: string, options: LinkOptions = {}) => {
          if (!(uri instanceof vscode.Uri) || typeof binId !== 'string') {
            throw new Error(needs(Command.linkFile, "a file's Uri and a bin id"));
          }
          return linkFile(p, uri, binId, accountNamed(options.account), options.pushOnSave === true);
        },
        ask: async () => askLink((await activeFile())[0]),
        show: async (status) => {
          const linked = await p.links.find(status.file);
          inform(vscode.l10n.t('{0} is linked to bin {1}.', vscode.workspace.asRelativePath(status.file), linked ? p.links.binOf(linked) : status.binId));
        },
      },
      { explorer: [Command.explorerLinkFile, async (uri) => askLink((await fromExplorer(uri))[0])], tab: [Command.tabLinkFile, askLink] },
    ),
    ...register(
      Command.unlinkFile,
      { run: async (uri: vscode.Uri) => p.links.unlink(fileOf(uri, Command.unlinkFile)), ask: activeFile },
      { explorer: [Command.explorerUnlinkFile, fromExplorer] },
    ),
    ...register(
      Command.pushFile,
      {
        run: async (uri: vscode.Uri, how: { ask?: boolean } = {}) => ({ outcome: await pushFile(p, await linkedOf(uri, Command.pushFile), how.ask === true) }),
        ask: async () => [(await activeFile())[0], { ask: true }],
        show: ({ outcome }) =>
          outcome === 'changedSince'
            ? undefined
            : inform(outcome === 'stored' ? vscode.l10n.t('The bin already holds this record.') : vscode.l10n.t('Pushed to the bin.')),
      },
      {
        explorer: [Command.explorerPushFile, async (uri) => [(await fromExplorer(uri))[0], { ask: true }]],
        tab: [Command.tabPushFile, async (uri) => [uri, { ask: true }]],
        scm: [Command.scmPushFile, async (state) => [fileOfState(state), { ask: true }]],
      },
    ),
    ...register(
      Command.pullFile,
      {
        run: async (uri: vscode.Uri, how: { ask?: boolean } = {}) => pullFile(p, await linkedOf(uri, Command.pullFile), how.ask === true),
        ask: async () => [(await activeFile())[0], { ask: true }],
        show: ({ changed }) => inform(changed ? vscode.l10n.t('Pulled from the bin.') : vscode.l10n.t('The file already holds the bin’s record.')),
      },
      {
        explorer: [Command.explorerPullFile, async (uri) => [(await fromExplorer(uri))[0], { ask: true }]],
        tab: [Command.tabPullFile, async (uri) => [uri, { ask: true }]],
        scm: [Command.scmPullFile, async (state) => [fileOfState(state), { ask: true }]],
      },
    ),
    ...register(
      Command.compareWithBin,
      { run: async (uri: vscode.Uri) => compareFile(p, await linkedOf(uri, Command.compareWithBin)), ask: activeFile },
      {
        explorer: [Command.explorerCompareWithBin, fromExplorer],
        tab: [Command.tabCompareWithBin, async (uri) => [uri]],
        scm: [Command.scmCompareWithBin, async (state) => [fileOfState(state)]],
      },
    ),
    ...register(
      Command.pushAllFiles,
      {
        run: async (uris?: vscode.Uri[], how: { ask?: boolean } = {}) =>
          eachFile(await filesIn(uris, 'changedHere'), async (linked) => pushFile(p, linked, how.ask === true)),
        ask: async () => [undefined, { ask: true }],
        show: (results) => showEach(results, (done) => vscode.l10n.t('Pushed {0} of {1} files.', done, results.length)),
      },
      { scm: [Command.scmPushAllFiles, async (group) => [filesOfGroup(group), { ask: true }]] },
    ),
    ...register(
      Command.pullAllFiles,
      {
        run: async (uris?: vscode.Uri[], how: { ask?: boolean } = {}) =>
          eachFile(await filesIn(uris, 'changedThere'), async (linked) => pullFile(p, linked, how.ask === true)),
        ask: async () => [undefined, { ask: true }],
        show: (results) => showEach(results, (done) => vscode.l10n.t('Pulled {0} of {1} files.', done, results.length)),
      },
      { scm: [Command.scmPullAllFiles, async (group) => [filesOfGroup(group), { ask: true }]] },
    ),
    ...register(
      Command.checkLinks,
      {
        // `files`: those linked files only (the check on focus passes the active one).
        run: async (options: { files?: vscode.Uri[]; warnAboveRequests?: number } = {}) => {
          const all = options.files ? await Promise.all(options.files.map((uri) => linkedOf(uri, Command.checkLinks))) : await p.links.all();
          await confirmRequests(
            p,
            options.warnAboveRequests,
            all.length,
            () => vscode.l10n.t('Check Links reads {0} bins.', all.length),
            vscode.l10n.t('One request reads each linked bin.'),
          );
          return checkLinks(p, all);
        },
        ask: async () => [{ warnAboveRequests: settings.warnAboveRequests() }],
      },
      { scm: [Command.scmCheckLinks, async () => [{ warnAboveRequests: settings.warnAboveRequests() }]] },
    ),
    ...register(Command.linkStatus, {
      run: async (uri?: vscode.Uri): Promise<LinkStatus[]> => {
        const all = uri === undefined ? await p.links.all() : [await linkedOf(uri, Command.linkStatus)];
        return Promise.all(all.map((linked) => statusOf(p, linked)));
      },
      ask: async () => [undefined],
    }),
  ];
}
