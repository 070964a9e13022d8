/**
 * The quick fixes of a definition's problems, as text edits that keep the text's layout
 * (`textEdits.ts`). Each comes as one edit, undone at once, after which the problem is gone:
 * - `additionalPropertiesFalse`: the object gets `additionalProperties: false`;
 * - `requireEvery`: the property joins `required` and becomes nullable (a union with `"null"`),
 *   as OpenAI writes an optional field;
 * - `intoDescription`: the keyword leaves the node and is written at the end of its
 *   `description`, as the providers' SDKs do with a constraint the provider does not take.
 */
import * as l10n from '@vscode/l10n';
import { getNodeValue, type JSONPath } from 'jsonc-parser';
import type { Json } from '../../api';
import { PROVIDERS, type Definition, type DefinitionProblem, type FixKind, type Provider, type TextEdit } from './api';
import { checkDefinition } from './check';
import { appendItem, inline, nodeAt, oneEdit, pathOf, removeMember, setMember } from './textEdits';

/** The edit that removes `problem` from `text` (where `definition` was read); none when it has no fix or its node is gone. */
export function fixEdits(text: string, definition: Definition, problem: DefinitionProblem): TextEdit[] {
  return oneEdit(text, fixed(text, definition, problem) ?? text);
}

/**
 * The edit that removes every problem with the fix `kind` at once (e.g. `additionalProperties:
 * false` on every object), for `providers` (all by default).
 */
export function fixAllEdits(text: string, definition: Definition, kind: FixKind, providers: readonly Provider[] = PROVIDERS): TextEdit[] {
  // Two providers may find the same problem at the same node: it is fixed once.
  const byPath = new Map(
    checkDefinition(definition, providers)
      .filter((problem) => problem.fix === kind)
      .map((problem) => [problem.path, problem]),
  );
  // Each fix only adds members or removes the keyword it is about: the other problems' paths still lead to their nodes.
  let after = text;
  for (const problem of byPath.values()) {
    after = fixed(after, definition, problem) ?? after;
  }
  return oneEdit(text, after);
}

function fixed(text: string, definition: Definition, problem: DefinitionProblem): string | undefined {
  const segments = problem.path === '' ? [] : problem.path.slice(1).split('/');
  const at = (count: number) =>
    pathOf(
      text,
      definition.schemaPointer +
        segments
          .slice(0, count)
          .map((s) => '/' + s)
          .join(''),
    );
  switch (problem.fix) {
    case 'additionalPropertiesFalse': {
      const object = at(segments.length);
      return object && setMember(text, object, 'additionalProperties', false);
    }
    case 'requireEvery': {
      // The path is the property's: …/properties/<name>.
      const [object, property] = [at(segments.length - 2), at(segments.length)];
      return object && property && nullable(required(text, object, String(property.at(-1))), property);
    }
    case 'intoDescription': {
      const [node, keyword] = [at(segments.length - 1), at(segments.length)];
      return node && keyword && intoDescription(text, node, keyword);
    }
    default:
      return undefined;
  }
}

const valueAt = (text: string, path: JSONPath): Json | undefined => {
  const node = nodeAt(text, path);
  return node && (getNodeValue(node) as Json);
};

function required(text: string, object: JSONPath, name: string): string | undefined {
  const list = valueAt(text, [...object, 'required']);
  return Array.isArray(list) ? appendItem(text, [...object, 'required'], name) : setMember(text, object, 'required', [name]);
}

/** The property's schema made to take `null` too, as its kind of schema says it. */
function nullable(text: string | undefined, property: JSONPath): string | undefined {
  const schema = text === undefined ? undefined : valueAt(text, property);
  if (text === undefined || typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return text;
  }
  const { type, anyOf, $ref } = schema;
  let after: string | undefined = text;
  if (typeof type === 'string' && type !== 'null') {
    after = setMember(after, property, 'type', [type, 'null']);
  } else if (Array.isArray(type) && !type.includes('null')) {
    after = appendItem(after, [...property, 'type'], 'null');
  } else if (
    Array.isArray(anyOf) &&
    !anyOf.some((branch) => typeof branch === 'object' && branch !== null && !Array.isArray(branch) && branch.type === 'null')
  ) {
    after = appendItem(after, [...property, 'anyOf'], { type: 'null' });
  } else if (typeof $ref === 'string' && anyOf === undefined) {
    after = setMember(after, property, 'anyOf', [{ $ref }, { type: 'null' }]);
    after = after && removeMember(after, [...property, '$ref']);
  }
  // An enum lists every value taken, null included.
  if (after !== undefined && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    after = appendItem(after, [...property, 'enum'], null);
  }
  return after;
}

function intoDescription(text: string, node: JSONPath, keyword: JSONPath): string | undefined {
  const value = valueAt(text, keyword);
  const description = valueAt(text, [...node, 'description']);
  if (value === undefined) {
    return undefined;
  }
  const constraint = l10n.t('{0}: {1}', String(keyword.at(-1)), inline(value));
  const after = setMember(text, node, 'description', typeof description === 'string' && description !== '' ? `${description}\n${constraint}` : constraint);
  return after && removeMember(after, keyword);
}
