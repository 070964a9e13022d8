/** An account's key, kept only in VS Code's SecretStorage, in the account's slot. */
import * as vscode from 'vscode';

export class KeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly secrets: vscode.SecretStorage,
    /** The default account's slot follows the service URL setting; another account's is its own. */
    private readonly slot: () => string,
  ) {
    this.subscription = secrets.onDidChange((e) => {
      if (e.key === this.slot()) {
        this.changed.fire();
      }
    });
  }

  get(): Thenable<string | undefined> {
    return this.secrets.get(this.slot());
  }

  async set(key: string): Promise<void> {
    await this.secrets.store(this.slot(), key);
  }

  async clear(): Promise<void> {
    await this.secrets.delete(this.slot());
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
