/**
 * Says in the status bar why a bin tab is still unsaved while VS Code auto saves other files.
 * `package.json` turns auto save off for the `jsonbin` language: each save spends requests of the
 * account's allowance (and a version of a versioned bin), so a record is sent when the user saves
 * it, unless the user turns `[jsonbin]` auto save on.
 */
import * as vscode from 'vscode';
import { LANGUAGE, parseUri } from '../../fs/uris';

const SETTINGS_LINK = `command:workbench.action.openSettings?${encodeURIComponent(JSON.stringify([`@lang:${LANGUAGE} files.autoSave`]))}`;

export class AutoSaveStatus implements vscode.Disposable {
  /** True while the item is shown. */
  visible = false;
  private readonly item = vscode.window.createStatusBarItem('jsonbin.autoSave', vscode.StatusBarAlignment.Left, 99);
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    this.item.name = vscode.l10n.t('JSONBin Auto Save');
    this.item.text = vscode.l10n.t('$(cloud-upload) Not sent');
    const tooltip = new vscode.MarkdownString(
      vscode.l10n.t({
        message:
          "Unsaved edits of this tab are not sent yet. Auto save leaves bins and schema docs to you: each save spends requests of the account's allowance, and a versioned bin keeps a version per save.\n\nClick here or save the tab to send it. To auto save them too, set [auto save for JSON (bin)]({0}).",
        args: [SETTINGS_LINK],
        comment: ['Markdown; {0}: the link that opens the setting'],
      }),
    );
    tooltip.isTrusted = { enabledCommands: ['workbench.action.openSettings'] };
    this.item.tooltip = tooltip;
    this.item.command = { title: vscode.l10n.t('Save'), command: 'workbench.action.files.save' };
    const updateFor = (document: vscode.TextDocument) => {
      if (document === vscode.window.activeTextEditor?.document) {
        this.update();
      }
    };
    this.subscriptions = [
      this.item,
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      vscode.workspace.onDidChangeTextDocument((e) => updateFor(e.document)),
      vscode.workspace.onDidSaveTextDocument(updateFor),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('files.autoSave')) {
          this.update();
        }
      }),
    ];
    this.update();
  }

  private update(): void {
    const document = vscode.window.activeTextEditor?.document;
    const resource = document && parseUri(document.uri);
    const writable = resource?.kind === 'schema' || (resource?.kind === 'bin' && resource.version === undefined);
    this.visible = Boolean(document?.isDirty && writable && isAutoSavedElsewhere(document));
    if (this.visible) {
      this.item.show();
    } else {
      this.item.hide();
    }
  }

  dispose(): void {
    for (const s of this.subscriptions) {
      s.dispose();
    }
  }
}

/** VS Code auto saves files in general, but not this document. */
function isAutoSavedElsewhere(document: vscode.TextDocument): boolean {
  const general = vscode.workspace.getConfiguration('files').get<string>('autoSave', 'off');
  const own = vscode.workspace.getConfiguration('files', document).get<string>('autoSave', 'off');
  return general !== 'off' && own === 'off';
}
