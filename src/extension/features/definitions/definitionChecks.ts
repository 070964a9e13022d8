/** The core's checks of a definition in a text, loaded with the first text that may hold one. */
import type { LimitOverrides, Provider, TextEdit } from '../../../core/schema/definitions/api';
import type { Definition, DefinitionProblem, FixKind } from '../../../core/schema/definitions/api';
import { checkDefinition } from '../../../core/schema/definitions/check';
import { fixAllEdits, fixEdits } from '../../../core/schema/definitions/fixes';
import { definitionInText, placeProblems } from '../../../core/schema/definitions/inText';

/** The definition a text holds, with each provider's problems placed in it; undefined when it holds none. */
export function checkText(text: string, providers: Provider[], limits: LimitOverrides) {
  const definition = definitionInText(text);
  if (!definition) {
    return undefined;
  }
  return { definition, problems: placeProblems(text, checkDefinition(definition, providers, limits)) };
}

/** The edits of a problem's quick fix, or with `every` of its kind at every node at once. */
export function editsOf(text: string, definition: Definition, problem: DefinitionProblem & { fix: FixKind }, every = false): TextEdit[] {
  return every ? fixAllEdits(text, definition, problem.fix) : fixEdits(text, definition, problem);
}
