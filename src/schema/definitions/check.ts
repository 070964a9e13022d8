// LOCAL STUB (not committed): replaced by defcore's check.ts.
import type { Definition, DefinitionProblem, LimitOverrides, Provider } from './api';
export function checkDefinition(definition: Definition, providers: readonly Provider[], limits?: LimitOverrides): DefinitionProblem[] {
  void limits;
  const out: DefinitionProblem[] = [];
  for (const provider of providers) {
    if (definition.schema.additionalProperties !== false) {
      out.push({
        provider,
        rule: 'additionalPropertiesFalse',
        path: '',
        pointer: definition.schemaPointer,
        severity: 'error',
        message: `${provider}: additionalProperties`,
      });
    }
  }
  return out;
}
