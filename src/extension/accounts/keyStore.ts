/** An account's key, kept only in VS Code's SecretStorage, in the account's slot. */
import * as vscode from 'vscode';

export class KeyStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;
  /** Each slot's key as last read, until SecretStorage says it changed. */
  private readonly known = new Map<string, Promise<string | undefined>>();

  constructor(
    private readonly secrets: vscode.SecretStorage,
    /** The default account's slot follows the service URL setting; another account's is its own. */
    private readonly slot: () => string,
  ) {
    this.subscription = secrets.onDidChange((e) => {
      // Stored, deleted or changed by another window: read again when next asked.
      this.known.delete(e.key);
      if (e.key === this.slot()) {
        this.changed.fire();
      }
    });
  }

  /**
   * The key, read from SecretStorage once per slot and change, not per request: each read is a
   * round trip to the workbench, which answers them one at a time (a table's first rows, a dozen
   * reads at once, waited on each other's key).
   */
  get(): Promise<string | undefined> {
    const slot = this.slot();
    let key = this.known.get(slot);
    if (!key) {
      key = Promise.resolve(this.secrets.get(slot));
      this.known.set(slot, key);
      // A failed read is not kept: the next request asks again.
      key.catch(() => this.known.get(slot) === key && this.known.delete(slot));
    }
    return key;
  }

  async set(key: string): Promise<void> {
    const slot = this.slot();
    this.known.delete(slot);
    await this.secrets.store(slot, key);
    this.known.delete(slot);
  }

  async clear(): Promise<void> {
    const slot = this.slot();
    this.known.delete(slot);
    await this.secrets.delete(slot);
    this.known.delete(slot);
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
