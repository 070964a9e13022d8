/**
 * The tools' code by name, for every front end: each runs against an account's parts
 * (`ports.ts`) and answers one JSON object (`result.ts`), `requests` included.
 */
import { answer } from './result';
import type { Input, Run } from './input';
import type { CallParts, ToolParts } from './ports';
import type { ToolName } from './toolNames';
import { listBins, listCollections, readBin, readSchemaDoc } from './readTools';
import { checkRecord, createBin, updateBin } from './writeTools';
import { findBins, validateCollection } from './costTools';
import { checkDefinition } from './definitionTools';

const RUNS: Record<ToolName, Run> = {
  jsonbin_listCollections: listCollections,
  jsonbin_listBins: listBins,
  jsonbin_findBins: findBins,
  jsonbin_readBin: readBin,
  jsonbin_readSchemaDoc: readSchemaDoc,
  jsonbin_checkRecord: checkRecord,
  jsonbin_createBin: createBin,
  jsonbin_updateBin: updateBin,
  jsonbin_validateCollection: validateCollection,
  jsonbin_checkDefinition: checkDefinition,
};

/** Runs tool `name` for an account: what it found, or why it refused, with the requests this call sent. */
export function runTool(name: ToolName, p: ToolParts, input: Input, call: Pick<CallParts, 'withinBudget'> = {}): Promise<Record<string, unknown>> {
  return answer(Object.assign(Object.create(p) as ToolParts, call), (parts) => RUNS[name](parts, input));
}
