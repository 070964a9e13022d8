/**
 * Per open document (its Uri, as a string), the digest of the record its text was read from: what
 * a save must find on the service to write without asking. Kept apart from the evictable entries,
 * through every change of settings or key, until the document closes.
 */
export class Baselines {
  private readonly digests = new Map<string, string>();

  of(doc: string): string | undefined {
    return this.digests.get(doc);
  }

  set(doc: string, digest: string): void {
    this.digests.set(doc, digest);
  }

  /** The document closed: its baseline goes with it. */
  forget(doc: string): void {
    this.digests.delete(doc);
  }

  /** A document reopened under another Uri (a new title) keeps what its text was based on. */
  carry(from: string, to: string): void {
    const digest = this.of(from);
    if (digest !== undefined) {
      this.set(to, digest);
    }
  }
}
