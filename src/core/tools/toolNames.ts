/** The tools' names, which activation registers: their descriptions and code load with the first call. */
export const TOOL_NAMES = [
  'jsonbin_listCollections',
  'jsonbin_listBins',
  'jsonbin_findBins',
  'jsonbin_readBin',
  'jsonbin_readSchemaDoc',
  'jsonbin_checkRecord',
  'jsonbin_createBin',
  'jsonbin_updateBin',
  'jsonbin_validateCollection',
  'jsonbin_checkDefinition',
] as const;

export type ToolName = (typeof TOOL_NAMES)[number];
