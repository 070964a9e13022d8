/**
 * The tools on structured-output definitions: a definition checked for each provider's strict
 * mode, and a model's output checked against a definition's schema. The definition is read as the
 * other tools read a bin (`sessionReads.ts`): once a session, then with no request.
 */
import * as l10n from '@vscode/l10n';
import { definitionInText } from '../schema/definitions/inText';
import { notADefinition, providersOf, schemaSourceOf, strictCheck } from '../schema/definitions/calls';
import type { CallParts } from './ports';
import { readText } from './sessionReads';
import { ToolRefusal } from './result';
import { textInput, type Run } from './input';

/** A bin's definition, or a refusal saying the bin holds none. */
async function definitionOf(p: CallParts, binId: string) {
  const read = await readText(p, { kind: 'bin', id: binId });
  const definition = definitionInText(read.text);
  if (!definition) {
    throw new ToolRefusal(notADefinition(read.entry.name ?? binId));
  }
  return definition;
}

export const checkDefinition: Run = async (p, input) => {
  const binId = textInput(input, 'binId', true);
  let providers;
  try {
    providers = providersOf(input.providers, p.settings.definitionProviders());
  } catch (error) {
    throw new ToolRefusal((error as Error).message);
  }
  const { name, strict, problems } = strictCheck(await definitionOf(p, binId), providers, p.settings.definitionLimits());
  return { name, strict: strict ?? null, problems: problems.map(({ provider, rule, path, message }) => ({ provider, rule, path, message })) };
};

/** `jsonbin_checkRecord` with a `definitionBinId`: the record checked against the definition's schema, the definition read once a session. */
export async function checkAgainstDefinition(p: CallParts, definitionBinId: string, text: string): Promise<Record<string, unknown>> {
  try {
    const definition = await definitionOf(p, definitionBinId);
    const checked = await p.schemaDocs.validate(schemaSourceOf(definitionBinId, definition), text, p.settings.maxProblems());
    const problems = [...checked.syntax, ...checked.schema];
    return {
      definitionBinId,
      definition: definition.name,
      valid: problems.length === 0,
      ...(problems.length > 0 ? { problems: problems.map(({ path, message }) => ({ path, message })) } : {}),
    };
  } catch (error) {
    throw new ToolRefusal((error as Error).message || l10n.t('Not valid'));
  }
}
