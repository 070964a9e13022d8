/** The parts of the extension that commands act on. */
import type * as vscode from 'vscode';
import type { Connection } from '../account/connection';
import type { SchemaDiagnostics } from '../diagnostics/schemaDiagnostics';
import type { BinFileSystem } from '../fs/binFileSystem';
import type { BinCollections } from '../schema/binCollections';
import type { SchemaDocs } from '../schema/schemaDocs';
import type { BinsTree } from '../tree/binsTree';
import type { Node } from '../tree/nodes';
import type { RememberedBins } from '../tree/rememberedBins';
import type { ServiceSnapshots } from '../ui/conflict';
import type { Prompts } from '../ui/prompter';

/** Opens a web page outside VS Code; replaceable, so that tests open no browser. */
export type Opener = (uri: vscode.Uri) => Thenable<boolean>;

export interface Parts {
  connection: Connection;
  files: BinFileSystem;
  tree: BinsTree;
  treeView: vscode.TreeView<Node>;
  remembered: RememberedBins;
  schemaDocs: SchemaDocs;
  binCollections: BinCollections;
  diagnostics: SchemaDiagnostics;
  prompts: Prompts;
  /** Read-only texts of what the service holds, for diffs. */
  snapshots: ServiceSnapshots;
  openExternal: Opener;
}
