/** Bins the user created or added by id or link, remembered per service URL across reloads. */
import type * as vscode from 'vscode';

export interface RememberedBin {
  id: string;
  name?: string;
  private?: boolean;
  createdAt?: string;
}

export class RememberedBins {
  constructor(private readonly state: vscode.Memento, private readonly baseUrl: () => string) {}

  all(): RememberedBin[] {
    return this.state.get<RememberedBin[]>(this.slot(), []);
  }

  has(id: string): boolean {
    return this.all().some((b) => b.id === id);
  }

  async remember(bin: RememberedBin): Promise<void> {
    await this.state.update(this.slot(), [bin, ...this.all().filter((b) => b.id !== bin.id)]);
  }

  async forget(id: string): Promise<void> {
    await this.state.update(this.slot(), this.all().filter((b) => b.id !== id));
  }

  private slot(): string {
    return `jsonbin.bins:${this.baseUrl()}`;
  }
}
