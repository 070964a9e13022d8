/**
 * The window's one writer of VS Code's global state. VS Code keeps an extension's global state as
 * one object: an `update` changes it and sends the whole object a moment later, and every write
 * comes back as an echo that replaces the whole object. An update made after a write was sent and
 * before its echo arrived is then sent without its change, and its promise resolves all the same
 * (measured in code-server 1.139: 17 of 120 such updates lost). A remembered bin, a request count
 * or an account written just after another key was lost that way.
 *
 * So each batch of updates here waits until the one before it is stored (its echo has arrived by
 * then: it comes before the answer), and reads see what waits to be written. A batch that failed
 * stays waiting and is written with the next.
 */
import { activity } from './activity';
import type { Memory } from './stateKeys';

export class StateWriter implements Memory {
  /** Changes not yet stored, by key (undefined deletes): what `get` answers until they are. */
  private readonly waiting = new Map<string, unknown>();
  /** The batch that takes updates now; it is sent once the one before it is stored. */
  private next: Promise<void> | undefined;
  private last: Promise<void> = Promise.resolve();

  constructor(private readonly state: Memory & { keys(): readonly string[] }) {}

  get<T>(key: string): T | undefined {
    return this.waiting.has(key) ? (this.waiting.get(key) as T | undefined) : this.state.get<T>(key);
  }

  keys(): readonly string[] {
    const keys = new Set(this.state.keys());
    this.waiting.forEach((value, key) => (value === undefined ? keys.delete(key) : keys.add(key)));
    return [...keys];
  }

  update(key: string, value: unknown): Promise<void> {
    this.waiting.set(key, value);
    if (!this.next) {
      const write = activity.track(this.last.then(() => this.write()));
      this.next = write;
      this.last = write.catch(() => undefined);
    }
    return this.next;
  }

  private async write(): Promise<void> {
    this.next = undefined;
    const batch = [...this.waiting];
    await Promise.all(batch.map(([key, value]) => this.state.update(key, value)));
    for (const [key, value] of batch) {
      if (this.waiting.get(key) === value) {
        this.waiting.delete(key);
      }
    }
  }
}
