/**
 * A bin row's problem count, as the Explorer shows a file's: the badge, its tooltip and the error
 * color, from JSONBin's schema diagnostics of the bin's latest record (its tab's, or those
 * Validate Collection shows for a closed tab). It follows the diagnostics, whoever set them, to
 * the bin's other URIs (a row or tab under another title); VS Code's own decoration of a URI with
 * problems shows the count on the URI that has them.
 */
import * as vscode from 'vscode';
import { parseUri } from '../../fs/uris';
import { isDefinitionSource } from '../../../core/schema/definitions/api';

interface Count {
  errors: number;
  warnings: number;
}

export class ProblemDecorations implements vscode.FileDecorationProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri[]>();
  readonly onDidChangeFileDecorations = this.changed.event;
  /**
   * The URIs VS Code asked about, by bin: a bin's tab and its row may carry different titles (a tab
   * opened before a rename), so a change under one title redraws the others.
   */
  private readonly asked = new Map<string, Map<string, vscode.Uri>>();
  /** The counts by bin, made on the first question after the diagnostics changed. */
  private counts?: Map<string, Count>;
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    this.subscriptions = [
      this.changed,
      vscode.window.registerFileDecorationProvider(this),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('problems.decorations.enabled')) {
          this.changed.fire([...this.asked.values()].flatMap((uris) => [...uris.values()]));
        }
      }),
      vscode.languages.onDidChangeDiagnostics((e) => {
        const redraw = new Map<string, vscode.Uri>();
        for (const uri of e.uris) {
          const bin = binOf(uri);
          if (bin) {
            this.counts = undefined;
            redraw.set(uri.toString(), uri);
            this.asked.get(bin)?.forEach((asked, key) => redraw.set(key, asked));
          }
        }
        if (redraw.size > 0) {
          this.changed.fire([...redraw.values()]);
        }
      }),
    ];
  }

  provideFileDecoration(uri: vscode.Uri): vscode.FileDecoration | undefined {
    const bin = binOf(uri);
    if (!bin) {
      return undefined;
    }
    let asked = this.asked.get(bin);
    if (!asked) {
      asked = new Map();
      this.asked.set(bin, asked);
    }
    asked.set(uri.toString(), uri);
    // VS Code decorates a URI with problems of its own (problems.decorations.enabled): a second badge would repeat it.
    if (vscode.languages.getDiagnostics(uri).length > 0 && vscode.workspace.getConfiguration('problems').get('decorations.enabled', true)) {
      return undefined;
    }
    const count = (this.counts ??= countsByBin()).get(bin);
    const problems = count ? count.errors + count.warnings : 0;
    if (problems === 0) {
      return undefined;
    }
    return new vscode.FileDecoration(
      problems > 9 ? '9+' : String(problems),
      problems === 1 ? vscode.l10n.t('1 schema problem') : vscode.l10n.t('{0} schema problems', problems),
      new vscode.ThemeColor(count!.errors > 0 ? 'list.errorForeground' : 'list.warningForeground'),
    );
  }

  dispose(): void {
    for (const s of this.subscriptions) {
      s.dispose();
    }
  }
}

/** The bin whose latest record a URI names, with its account (`authority/id`); undefined for anything else. */
function binOf(uri: vscode.Uri): string | undefined {
  const resource = parseUri(uri);
  return resource?.kind === 'bin' && resource.version === undefined ? `${uri.authority}/${resource.id}` : undefined;
}

function countsByBin(): Map<string, Count> {
  const counts = new Map<string, Count>();
  for (const [uri, diagnostics] of vscode.languages.getDiagnostics()) {
    const bin = binOf(uri);
    // A definition's provider problems are said on its row's description, not counted as schema problems.
    const ours = bin ? diagnostics.filter((d) => d.source?.startsWith('JSONBin') && !isDefinitionSource(d.source)) : [];
    if (ours.length === 0) {
      continue;
    }
    const count = {
      errors: ours.filter((d) => d.severity === vscode.DiagnosticSeverity.Error).length,
      warnings: ours.filter((d) => d.severity === vscode.DiagnosticSeverity.Warning).length,
    };
    // Two titles of one bin hold the same record's problems: the larger count, never their sum.
    const before = counts.get(bin!);
    if (!before || count.errors + count.warnings > before.errors + before.warnings) {
      counts.set(bin!, count);
    }
  }
  return counts;
}
