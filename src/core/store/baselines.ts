/**
 * Per open document (its Uri, as a string), the digest of the record its text was read from: what
 * a save must find on the service to write without asking. Kept apart from the evictable entries,
 * through every change of settings or key, until the document closes.
 */
export class Baselines {
  private readonly digests = new Map<string, string>();
  /** What a save of the document sent without learning whether it was stored. */
  private readonly unconfirmed = new Map<string, string>();

  of(doc: string): string | undefined {
    return this.digests.get(doc);
  }

  set(doc: string, digest: string): void {
    this.digests.set(doc, digest);
    this.unconfirmed.delete(doc);
  }

  /** A save sent `digest`'s record but its answer never said whether it was stored: finding it on the service is the user's own. */
  sentUnconfirmed(doc: string, digest: string): void {
    this.unconfirmed.set(doc, digest);
  }

  /** Whether a record of `digest` on the service is what the document was read from, or what one of its saves may have stored. */
  accepts(doc: string, digest: string): boolean {
    return this.digests.get(doc) === digest || this.unconfirmed.get(doc) === digest;
  }

  /** The document closed: its baseline goes with it. */
  forget(doc: string): void {
    this.digests.delete(doc);
    this.unconfirmed.delete(doc);
  }

  /** A document reopened under another Uri (a new title) keeps what its text was based on. */
  carry(from: string, to: string): void {
    const digest = this.of(from);
    if (digest !== undefined) {
      this.set(to, digest);
    }
  }
}
