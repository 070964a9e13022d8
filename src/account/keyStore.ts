/** The account key, kept only in VS Code's SecretStorage, one per service URL. */
import * as vscode from 'vscode';

export class KeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly secrets: vscode.SecretStorage, private readonly baseUrl: () => string) {
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

  private slot(): string {
    return `jsonbin.apiKey:${this.baseUrl()}`;
  }
}
