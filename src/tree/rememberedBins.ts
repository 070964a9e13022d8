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

  async remember(bin: RememberedBin): Promise<void> {
    await this.state.update(this.slot(), [bin, ...this.all().filter((b) => b.id !== bin.id)]);
  }

  /** Changes what is remembered of a bin, if it is remembered. */
  async update(id: string, changes: Partial<RememberedBin>): Promise<void> {
    const bins = this.all();
    if (bins.some((b) => b.id === id)) {
      await this.state.update(this.slot(), bins.map((b) => (b.id === id ? { ...b, ...changes, id } : b)));
    }
  }

  async forget(id: string): Promise<void> {
    await this.state.update(this.slot(), this.all().filter((b) => b.id !== id));
  }

  private slot(): string {
    return `jsonbin.bins:${this.baseUrl()}`;
  }
}
