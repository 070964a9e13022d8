/**
 * The tools on structured-output definitions: a definition checked for each provider's strict
 * mode, and a model's output checked against a definition's schema. The definition is read as the
 * other tools read a bin (`sessionReads.ts`): once a session, then with no request.
 */
import * as vscode from 'vscode';
import { strictCheck, problemsAgainst } from '../definitions/checkAgainstDefinition';
import { definitionInText } from '../../../core/schema/definitions/inText';
import { notADefinition, providersOf } from '../definitions/definitionReads';
import { readText } from './sessionReads';
import { ToolRefusal } from './result';
import { textInput, type CallParts, type Run } from './input';

export const checkDefinition: Run = async (p, input) => {
  const binId = textInput(input, 'binId', true);
  let providers;
  try {
    providers = providersOf(input.providers);
  } catch (error) {
    throw new ToolRefusal((error as Error).message);
  }
  const read = await readText(p, { kind: 'bin', id: binId });
  const definition = definitionInText(read.text);
  if (!definition) {
    throw new ToolRefusal(notADefinition(read.entry.name ?? binId));
  }
  const { name, strict, problems } = strictCheck(definition, providers);
  return { name, strict: strict ?? null, problems: problems.map(({ provider, rule, path, message }) => ({ provider, rule, path, message })) };
};

/** `jsonbin_checkRecord` with a `definitionBinId`: the record checked against the definition's schema, the definition read once a session. */
export async function checkAgainstDefinition(p: CallParts, definitionBinId: string, text: string): Promise<Record<string, unknown>> {
  try {
    const { definition, problems } = await problemsAgainst(p, definitionBinId, text, p.scope);
    return {
      definitionBinId,
      definition: definition.name,
      valid: problems.length === 0,
      ...(problems.length > 0 ? { problems: problems.map(({ path, message }) => ({ path, message })) } : {}),
    };
  } catch (error) {
    throw new ToolRefusal((error as Error).message || vscode.l10n.t('Not valid'));
  }
}
