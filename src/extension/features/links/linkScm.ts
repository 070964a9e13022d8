/**
 * The JSONBin Source Control view: the linked files that differ from their bins, grouped by what
 * to do (push, pull, both changed), each opening its diff against the bin's last known record. That
 * record is also the quick diff's original in the editor's gutter: a read-only document of what the
 * last push, pull or check saw, so neither costs a request. Made once the workspace has a link.
 */
import * as vscode from 'vscode';
import type { ScmGroup } from '../../commands/commandTable';
import type { LinkState } from '../../../core/store/links/linkState';
import type { Links } from './linkRegistry';

export const LINKED_RECORD_SCHEME = 'jsonbin-linked';

const GROUP_OF: Partial<Record<LinkState, ScmGroup>> = { changedHere: 'toPush', changedThere: 'toPull', changedBoth: 'both' };

export class LinkScm implements vscode.QuickDiffProvider, vscode.TextDocumentContentProvider, vscode.Disposable {
  private scm: vscode.SourceControl | undefined;
  private groups: Record<ScmGroup, vscode.SourceControlResourceGroup> | undefined;
  private readonly originals = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.originals.event;
  private refreshing: Promise<void> = Promise.resolve();
  private readonly provider = vscode.workspace.registerTextDocumentContentProvider(LINKED_RECORD_SCHEME, this);

  constructor(private readonly links: Links) {}

  /** The bin's last known record of a linked file, as a read-only document (no request). */
  async provideOriginalResource(uri: vscode.Uri): Promise<vscode.Uri | undefined> {
    const linked = await this.links.find(uri);
    return linked && this.links.memo(linked).record !== undefined ? originalOf(uri) : undefined;
  }

  async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
    const linked = await this.links.find(vscode.Uri.parse(uri.query));
    return (linked && this.links.memo(linked).record) ?? '';
  }

  /** The groups' files, by group (for tests, and what the view shows). */
  shown(): Record<ScmGroup, string[]> {
    const files = (group: ScmGroup) => this.groups?.[group].resourceStates.map((r) => r.resourceUri.toString()) ?? [];
    return { toPush: files('toPush'), toPull: files('toPull'), both: files('both') };
  }

  /** Sorts every linked file into its group again (files are read, bins are not); resolves once shown. */
  refresh(): Promise<void> {
    this.refreshing = this.refreshing.then(() => this.sort());
    return this.refreshing;
  }

  private async sort(): Promise<void> {
    const all = await this.links.all();
    if (all.length === 0 && !this.scm) {
      return;
    }
    const groups = this.groups ?? this.make();
    const states: Record<ScmGroup, vscode.SourceControlResourceState[]> = { toPush: [], toPull: [], both: [] };
    for (const linked of all) {
      const group = GROUP_OF[await this.links.stateOf(linked)];
      if (group) {
        states[group].push({
          resourceUri: linked.uri,
          contextValue: group,
          command: {
            command: 'vscode.diff',
            title: vscode.l10n.t('Compare with Bin'),
            arguments: [originalOf(linked.uri), linked.uri, vscode.l10n.t('{0}: Bin (last read) ↔ File', linked.link.file)],
          },
        });
      }
      this.originals.fire(originalOf(linked.uri));
    }
    for (const group of Object.keys(states) as ScmGroup[]) {
      groups[group].resourceStates = states[group];
    }
    this.scm!.count = states.toPush.length + states.toPull.length + states.both.length;
  }

  private make(): Record<ScmGroup, vscode.SourceControlResourceGroup> {
    const scm = vscode.scm.createSourceControl('jsonbin', vscode.l10n.t('JSONBin'));
    scm.quickDiffProvider = this;
    // Linked files are pushed and pulled, never committed: a message box would do nothing.
    scm.inputBox.visible = false;
    this.scm = scm;
    this.groups = {
      toPush: scm.createResourceGroup('toPush', vscode.l10n.t('To Push')),
      toPull: scm.createResourceGroup('toPull', vscode.l10n.t('To Pull')),
      both: scm.createResourceGroup('both', vscode.l10n.t('Changed on Both Sides')),
    };
    for (const group of Object.values(this.groups)) {
      group.hideWhenEmpty = true;
    }
    return this.groups;
  }

  dispose(): void {
    this.provider.dispose();
    this.originals.dispose();
    this.scm?.dispose();
  }
}

/** The read-only document of a linked file's bin's last known record: the file's Uri in its query. */
function originalOf(file: vscode.Uri): vscode.Uri {
  return vscode.Uri.from({ scheme: LINKED_RECORD_SCHEME, path: file.path, query: file.toString() });
}
