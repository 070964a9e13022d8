/**
 * Offline copies asked for and not yet written, by file name. A write can take far longer than the
 * read it keeps (about 80 ms for 500 KB through `workspace.fs` in code-server's Node host), so a
 * burst of reads (a reload opening many tabs) would otherwise hold every record twice until its
 * turn. Their bytes are bounded: over the bound the oldest waiting copy is dropped, and its bin
 * keeps the copy it had (older, and saying when it was kept) or none. A newer keep of a bin
 * replaces its waiting copy; the newest always waits, however big.
 */
export interface WaitingCopy {
  bytes: Uint8Array;
  name?: string;
  /** When the record was read: a copy written later is still as old as its bytes. */
  keptAt: number;
}

export class WaitingCopies {
  /** Oldest first (Map order); `turn` tells a copy from the one that replaced it. */
  private readonly copies = new Map<string, WaitingCopy & { turn: number }>();
  private waitingBytes = 0;
  private turns = 0;

  constructor(private readonly maxBytes: number) {}

  /** Sets `copy` to be written as `file`; says its turn, to give to `take`. */
  put(file: string, copy: WaitingCopy): number {
    this.drop(file);
    const turn = ++this.turns;
    this.copies.set(file, { ...copy, turn });
    this.waitingBytes += copy.bytes.byteLength;
    for (const oldest of this.copies.keys()) {
      if (this.waitingBytes <= this.maxBytes || oldest === file) {
        break;
      }
      this.drop(oldest);
    }
    return turn;
  }

  /** The copy put at `turn` for `file`, if it still waits: none once dropped or replaced. */
  take(file: string, turn: number): WaitingCopy | undefined {
    const copy = this.copies.get(file);
    if (copy?.turn !== turn) {
      return undefined;
    }
    this.drop(file);
    return copy;
  }

  private drop(file: string): void {
    const copy = this.copies.get(file);
    if (copy) {
      this.copies.delete(file);
      this.waitingBytes -= copy.bytes.byteLength;
    }
  }
}
