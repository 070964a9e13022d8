import type * as vscode from 'vscode';

/**
 * Per document (by Uri), the digest of the record its text was read from: what a save must find
 * on the service to write without asking. Kept apart from the evictable entries, through every
 * change of settings or key, until the document closes.
 */
export class Baselines {
  private readonly digests = new Map<string, string>();

  of(uri: vscode.Uri): string | undefined {
    return this.digests.get(uri.toString());
  }

  set(uri: vscode.Uri, digest: string): void {
    this.digests.set(uri.toString(), digest);
  }

  /** The document closed: its baseline goes with it. */
  forget(uri: vscode.Uri): void {
    this.digests.delete(uri.toString());
  }

  /** A document reopened under another Uri (a new title) keeps what its text was based on. */
  carry(from: vscode.Uri, to: vscode.Uri): void {
    const digest = this.of(from);
    if (digest !== undefined) {
      this.set(to, digest);
    }
  }
}
