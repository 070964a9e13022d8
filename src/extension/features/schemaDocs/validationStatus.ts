/**
 * Says in the status bar when the active bin is not validated because its collection is unknown
 * (the service's answers need not name it), with the action that fixes it.
 */
import * as vscode from 'vscode';
import { Command } from '../../commands/idsAndContextKeys';
import { settings } from '../../config';
import { parseUri } from '../../fs/uris';
import type { BinCollections } from '../../../core/store/binCollections';

export class ValidationStatus implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('jsonbin.validation', vscode.StatusBarAlignment.Left, 100);
  private readonly subscriptions: vscode.Disposable[];

  /** `collectionsOf` gives what the document's account knows of its bins' collections. */
  constructor(private readonly collectionsOf: (uri: vscode.Uri) => BinCollections | undefined) {
    this.item.name = vscode.l10n.t('JSONBin Validation');
    this.item.text = vscode.l10n.t('$(circle-slash) Not validated: collection unknown');
    this.item.tooltip = vscode.l10n.t(
      "The service did not say which collection this bin is in, so its schema doc is not known. Choose the bin's collection to validate it.",
    );
    this.item.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    this.subscriptions = [
      this.item,
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration('jsonbin') && this.update()),
    ];
    this.update();
  }

  /** True while the item is shown. */
  visible = false;

  /** What clicking the item runs, with the arguments it passes. */
  get command(): vscode.Command | undefined {
    return this.visible ? (this.item.command as vscode.Command) : undefined;
  }

  /** Called as well when an account learns a bin's collection. */
  update(): void {
    const uri = vscode.window.activeTextEditor?.document.uri;
    const resource = uri && parseUri(uri);
    // An open bin's account has its parts: reading the bin made them.
    const collections = uri && this.collectionsOf(uri);
    const unknown = resource?.kind === 'bin' && settings.validation() && collections !== undefined && collections.of(resource.id) === undefined;
    this.visible = Boolean(uri && unknown);
    if (!uri || !unknown) {
      this.item.hide();
      return;
    }
    this.item.command = { title: vscode.l10n.t('Choose Collection'), command: Command.tabSetBinCollection, arguments: [uri] };
    this.item.show();
  }

  dispose(): void {
    for (const s of this.subscriptions) {
      s.dispose();
    }
  }
}
