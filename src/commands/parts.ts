/** The parts that commands act on, and the registration every command shares. */
import * as vscode from 'vscode';
import type { Connection } from '../account/connection';
import type { SchemaDiagnostics } from '../diagnostics/schemaDiagnostics';
import type { BinFileSystem } from '../fs/binFileSystem';
import type { SchemaDocs } from '../schema/schemaDocs';
import type { BinsTree } from '../tree/binsTree';
import type { Node } from '../tree/nodes';
import type { RememberedBins } from '../tree/rememberedBins';
import { reportError } from '../ui/feedback';
import { Cancelled, isProgrammatic } from './args';

export interface Parts {
  connection: Connection;
  files: BinFileSystem;
  tree: BinsTree;
  treeView: vscode.TreeView<Node>;
  remembered: RememberedBins;
  schemaDocs: SchemaDocs;
  diagnostics: SchemaDiagnostics;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Handler = (...args: any[]) => Promise<unknown>;

/**
 * From the palette or the tree, a failure is a notification with the action that helps;
 * a programmatic call rejects with the service's message instead.
 */
export function command(id: string, handler: Handler): vscode.Disposable {
  return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    try {
      return await handler(...args);
    } catch (error) {
      if (error instanceof Cancelled) {
        return undefined;
      }
      if (isProgrammatic(args)) {
        throw error;
      }
      reportError(error, () => vscode.commands.executeCommand(id, ...args));
      return undefined;
    }
  });
}
