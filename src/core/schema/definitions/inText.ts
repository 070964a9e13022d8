/**
 * A definition as the editor and the view meet it: in a record's text. Parsed only when it can be
 * one, and its problems placed at their nodes in that text (`locate`, as schema problems are).
 * No `vscode` import.
 */
import type { Json } from '../../api';
import { locate, Wanted, type Range } from '../locate';
import type { Definition, DefinitionProblem } from './api';
import { definitionOf } from './recognize';

/** A definition's schema is far smaller: a larger text is not parsed to find out (typing in a 1 MB record stays cheap). */
export const MAX_DEFINITION_CHARACTERS = 2 * 1024 * 1024;

/** The definition a record's text holds; undefined for any other text (one that is not JSON too). */
export function definitionInText(text: string): Definition | undefined {
  // Both shapes have a "schema" key: most records are told apart without a parse.
  if (text.length > MAX_DEFINITION_CHARACTERS || !text.includes('"schema"')) {
    return undefined;
  }
  let record: Json;
  try {
    record = JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
  return definitionOf(record);
}

export interface PlacedProblem extends Range {
  problem: DefinitionProblem;
}

/**
 * Each problem's range in the text: a value's own (a name, a `"$ref"`), or for an object or array
 * its key (its opening bracket at the root), not the whole node.
 */
export function placeProblems(text: string, problems: readonly DefinitionProblem[]): PlacedProblem[] {
  const root = new Wanted();
  const targets = problems.map((p) => root.add(p.pointer));
  locate(text, root);
  return problems.map((problem, i) => {
    const node = targets[i].found;
    if (!node) {
      return { problem, offset: 0, length: 1 };
    }
    const opening = text.charCodeAt(node.offset);
    const whole = opening === 0x7b || opening === 0x5b;
    const range = whole ? (node.key ?? { offset: node.offset, length: 1 }) : node;
    return { problem, offset: range.offset, length: Math.max(1, range.length) };
  });
}
