/**
 * A definition checked for each provider's strict mode (`checkDefinition`), and a record (a tab, a
 * selection, a bin, a text) checked against a definition's `schema` with the validation worker, as
 * a record is against a schema doc: the same wording, and problems at their nodes in the Problems
 * panel, named after the definition.
 */
import * as vscode from 'vscode';
import type { RequestScope } from '../../../core/api';
import { settings } from '../../config';
import { binUri } from '../../fs/uris';
import { againstDefinition, type Against } from '../../../core/schema/against';
import { schemaSourceOf, strictCheck as strictProblems, type StrictCheck } from '../../../core/schema/definitions/calls';
import type { Definition, Provider } from '../../../core/schema/definitions/api';
import type { Problem } from '../../../core/schema/validator';
import type { Parts } from '../parts';
import { definitionInText } from '../../../core/schema/definitions/inText';
import { definitionBin, readTarget, type DefinitionTarget } from './definitionReads';

export interface DefinitionCheck extends Partial<Omit<StrictCheck, 'problems'>>, Pick<StrictCheck, 'problems'> {
  isDefinition: boolean;
}

/** A target's definition checked for `providers`; a record that is no definition has no problems. */
export async function checkTargetDefinition(
  p: Pick<Parts, 'account' | 'bins'>,
  target: DefinitionTarget,
  providers: Provider[],
  scope: RequestScope,
): Promise<DefinitionCheck> {
  const definition = definitionInText((await readTarget(p, target, scope)).text);
  return definition ? { isDefinition: true, ...strictCheck(definition, providers) } : { isDefinition: false, problems: [] };
}

/** What a definition breaks of each provider's strict mode, within the user's limits. */
export function strictCheck(definition: Definition, providers: Provider[]): StrictCheck {
  return strictProblems(definition, providers, settings.definitionLimits());
}

/** A text's problems against definition `binId`'s schema: syntax first, then the schema's. */
export async function problemsAgainst(
  p: Pick<Parts, 'account' | 'bins' | 'schemaDocs'>,
  binId: string,
  text: string,
  scope: RequestScope,
): Promise<{ definition: Definition; problems: Problem[] }> {
  const definition = await definitionBin(p, binId, scope);
  const checked = await p.schemaDocs.validate(schemaSourceOf(binId, definition), text, settings.maxProblems());
  return { definition, problems: [...checked.syntax, ...checked.schema] };
}

/** A target checked against a definition: the problems at their JSON pointers, shown at their nodes when the target is a tab or bin. */
export async function checkAgainst(
  p: Pick<Parts, 'account' | 'bins' | 'schemaDocs'>,
  definitionBinId: string,
  target: DefinitionTarget,
  scope: RequestScope,
  selection?: vscode.Range,
): Promise<{ problems: { path: string; message: string }[] }> {
  const read = await readTarget(p, target, scope);
  const document = read.uri && vscode.workspace.textDocuments.find((d) => d.uri.toString() === read.uri!.toString());
  const start = document && selection && !selection.isEmpty ? document.offsetAt(selection.start) : 0;
  const text = document && selection && !selection.isEmpty ? document.getText(selection) : read.text;
  const { definition, problems } = await problemsAgainst(p, definitionBinId, text, scope);
  const uri = read.uri ?? (typeof target === 'string' ? binUri(target.trim(), read.name, undefined, p.account.id) : undefined);
  if (uri) {
    const positionAt = document ? (offset: number) => document.positionAt(start + offset) : positionsIn(text);
    shown().set(uri, diagnosticsOf(problems, positionAt, againstDefinition(definition.name)));
  }
  return { problems: problems.map(({ path, message }) => ({ path, message })) };
}

let collection: vscode.DiagnosticCollection | undefined;

/** The problems Check Against Definition found, until their document changes or closes. */
function shown(): vscode.DiagnosticCollection {
  if (!collection) {
    const made = vscode.languages.createDiagnosticCollection('jsonbin-definition');
    collection = made;
    // A check of a text is about that text: an edit or a close leaves it behind.
    vscode.workspace.onDidChangeTextDocument((e) => e.contentChanges.length > 0 && made.has(e.document.uri) && made.delete(e.document.uri));
    vscode.workspace.onDidCloseTextDocument((d) => made.delete(d.uri));
  }
  return collection;
}

/** As the schema diagnostics show problems: the extension's name first (never translated), then what the record was checked against. */
function diagnosticsOf(problems: Problem[], positionAt: (offset: number) => vscode.Position, against: Against): vscode.Diagnostic[] {
  return problems.map((p) => {
    const diagnostic = new vscode.Diagnostic(
      new vscode.Range(positionAt(p.offset), positionAt(p.offset + p.length)),
      p.message,
      vscode.DiagnosticSeverity.Error,
    );
    diagnostic.source = `JSONBin ${against}`;
    diagnostic.code = p.keyword;
    return diagnostic;
  });
}

/** A text's positions by offset, as a document of that text would give them. */
function positionsIn(text: string): (offset: number) => vscode.Position {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    starts.push(i + 1);
  }
  return (offset) => {
    let line = starts.length - 1;
    while (starts[line] > offset) {
      line--;
    }
    return new vscode.Position(line, offset - starts[line]);
  };
}
