/**
 * The file system of drafts that have a name of their own (`jsonbin-draft:/<n>/<name>.json`): an
 * untitled tab cannot be named, and one given a path is dirty from the start and saved straight to
 * that path on disk. Here the tab is named by what it is for, opens clean (closing it untouched
 * asks nothing) and a save keeps its text in this window's memory, sending nothing.
 */
import * as vscode from 'vscode';

export const DRAFT_SCHEME = 'jsonbin-draft';

interface DraftFile {
  bytes: Uint8Array;
  mtime: number;
}

export class DraftFiles implements vscode.FileSystemProvider {
  private readonly files = new Map<string, DraftFile>();
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  private made = 0;
  /** Strictly increasing: VS Code tells a save's file from the one it read by its mtime. */
  private clock = 0;

  /** A new file holding `text`, named `name` (made safe as a path segment); two drafts of one name stay apart by their folder. */
  create(name: string, text: string): vscode.Uri {
    // eslint-disable-next-line no-control-regex
    const safe = name.replace(/[/\\:*?"<>|#%\u0000-\u001f]/g, '_').trim();
    const uri = vscode.Uri.from({ scheme: DRAFT_SCHEME, path: `/${++this.made}/${safe}.json` });
    this.files.set(uri.toString(), { bytes: new TextEncoder().encode(text), mtime: this.tick() });
    return uri;
  }

  /** The file goes with its draft's tab. */
  forget(uri: vscode.Uri): void {
    this.files.delete(uri.toString());
  }

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const file = this.files.get(uri.toString());
    if (!file) {
      // Drafts live as long as the window: a tab restored after a reload finds its draft gone.
      return isFolder(uri) ? { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 } : notFound(uri);
    }
    return { type: vscode.FileType.File, ctime: 0, mtime: file.mtime, size: file.bytes.byteLength };
  }

  readFile(uri: vscode.Uri): Uint8Array {
    return this.files.get(uri.toString())?.bytes ?? notFound(uri);
  }

  writeFile(uri: vscode.Uri, content: Uint8Array): void {
    if (!this.files.has(uri.toString())) {
      notFound(uri);
    }
    this.files.set(uri.toString(), { bytes: content, mtime: this.tick() });
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  readDirectory(): [string, vscode.FileType][] {
    return [];
  }

  createDirectory(): void {}

  delete(uri: vscode.Uri): void {
    this.forget(uri);
  }

  rename(uri: vscode.Uri): void {
    throw vscode.FileSystemError.NoPermissions(uri);
  }

  private tick(): number {
    this.clock = Math.max(this.clock + 1, Date.now());
    return this.clock;
  }
}

function isFolder(uri: vscode.Uri): boolean {
  return /^\/(\d+\/?)?$/.test(uri.path);
}

function notFound(uri: vscode.Uri): never {
  throw vscode.FileSystemError.FileNotFound(uri);
}
