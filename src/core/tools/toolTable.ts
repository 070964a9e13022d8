/**
 * The agents' tools, as data: their names and inputs (which prompts, other extensions and MCP
 * clients rely on), what a model is told of each, and the words users see (package.nls.json keys).
 * `npm run manifest` writes package.json's `contributes.languageModelTools` from this table; the
 * extension registers each name (`src/extension/features/chat/registerTools.ts`) and the MCP
 * server lists each (`src/mcp/`). Plain data: nothing loaded at activation.
 */

/* eslint-disable l10n/no-unlocalized-literal -- manifest data, not shown from here: the users' words become package.nls.json's keys (npm run manifest, translated there); the rest (model descriptions, the inputs' schemas) is read by models, in English. */
import type { ToolName } from './toolNames';

type Schema = Record<string, unknown>;

export interface ToolSpec {
  /** `#name` in a prompt. */
  reference: string;
  /** What users see in the tools picker (English; the manifest names it by key). */
  displayName: string;
  userDescription: string;
  /** What the model reads to choose the tool: English, as models read it best. */
  modelDescription: string;
  inputSchema: Schema;
  /** Sends a record: the user confirms it first, and a read-only MCP server leaves it out. */
  writes?: boolean;
  /** A write that replaces what was stored (MCP's `destructiveHint`); a write that only adds does not. */
  replaces?: boolean;
}

const account: Schema = {
  type: 'string',
  description: 'The name or id of a JSONBin account other than the active one; omit it to use the active account.',
};
const maxRequests: Schema = {
  type: 'integer',
  minimum: 0,
  description:
    "The most requests this call may send; without it the user's jsonbin.warnAboveRequests setting applies. Pass more only when the user agreed to the cost.",
};
const record: Schema = {
  description: 'The record: any JSON value (an object, an array…). A string is taken as the text of the record, parsed as JSON.',
};
const costs = "Each request spends the user's allowance: every result says how many this call sent (`requests`).";

export const TOOLS = {
  jsonbin_listCollections: {
    reference: 'jsonbinCollections',
    displayName: 'List JSONBin Collections',
    userDescription: 'Lists the collections of a JSONBin account with their schema docs.',
    modelDescription: `Lists the JSONBin account's collections: id, name and the id and name of the schema doc (a JSON Schema) that validates every bin of the collection, if any. The listing is read once per session; reading a schema doc's name costs a request the first time. ${costs}`,
    inputSchema: { type: 'object', properties: { account } },
  },
  jsonbin_listBins: {
    reference: 'jsonbinBins',
    displayName: 'List JSONBin Bins',
    userDescription: "Lists a page of a collection's bins, or the bins in no collection.",
    modelDescription: `Lists bins (JSON documents stored on JSONBin): with collectionId, one page of that collection's bins, newest first (10 a page, one request per page up to the one asked for; \`more\` says whether another page follows); without collectionId, the bins in no collection as the user's view lists them: first those the user created or added (no request), then those of the service's listing of bins in no collection (one request per page, only when the page asked for reaches them). Pages the user's view or an earlier call fetched cost nothing, and follow every bin created, deleted, renamed or made private or public since. Each bin has its id, name and privacy. ${costs}`,
    inputSchema: {
      type: 'object',
      properties: {
        collectionId: { type: 'string', description: 'The collection whose bins to list; omit it for the bins in no collection.' },
        page: { type: 'integer', minimum: 1, description: 'The page, from 1 (the default).' },
        maxRequests,
        account,
      },
    },
  },
  jsonbin_findBins: {
    reference: 'jsonbinFind',
    displayName: 'Find JSONBin Bins',
    userDescription: 'Finds bins by name or id across the collections, within a request cap.',
    modelDescription: `Finds bins whose name or id contains the query, across the bins the user remembers and every collection's listing. It lists collections page by page, so it refuses before sending anything when it would need more than maxRequests (or the user's cap) and says how many it would need. ${costs}`,
    inputSchema: {
      type: 'object',
      required: ['query'],
      properties: { query: { type: 'string', description: 'Part of a bin name or id.' }, maxRequests, account },
    },
  },
  jsonbin_readBin: {
    reference: 'jsonbinRead',
    displayName: 'Read JSONBin Bin',
    userDescription: "Reads a bin's record, a version of it, or what a JSONPath selects.",
    modelDescription: `Reads a bin's record (its latest, or a version), or with jsonPath the list of values the JSONPath selects in the latest record (e.g. $.modules[*].title). A bin read before in this session, or open in an editor, costs no request. A record larger than the size bound comes back as its size and its top-level keys with their types and sizes: read its parts with jsonPath. A record holding a number a JSON value here cannot hold as stored (1e400, or more than 17 significant digits) comes back as recordText, exactly as stored, with unheldNumber saying which. Read a bin before updating it, so that the update is checked against what you read. ${costs}`,
    inputSchema: {
      type: 'object',
      required: ['binId'],
      properties: {
        binId: { type: 'string', description: "The bin's id." },
        jsonPath: { type: 'string', description: 'A JSONPath into the latest record; the result is the list of what it selects.' },
        version: { type: 'integer', minimum: 1, description: 'A version number, to read that version instead of the latest.' },
        account,
      },
    },
  },
  jsonbin_readSchemaDoc: {
    reference: 'jsonbinSchemaDoc',
    displayName: 'Read JSONBin Schema Doc',
    userDescription: "Reads a schema doc, or the one that validates a collection's bins.",
    modelDescription: `Reads a schema doc: the JSON Schema that every bin of a collection must pass. Give collectionId (the collection's schema doc) or schemaDocId. Read once per session. ${costs}`,
    inputSchema: {
      type: 'object',
      properties: {
        collectionId: { type: 'string', description: 'The collection whose schema doc to read.' },
        schemaDocId: { type: 'string', description: "The schema doc's id." },
        account,
      },
    },
  },
  jsonbin_checkRecord: {
    reference: 'jsonbinCheck',
    displayName: 'Check Record for JSONBin',
    userDescription: "Checks a record against a collection's schema doc; sends nothing.",
    modelDescription: `Checks a record as a write would, sending nothing to a bin: JSON, not blank, within the plan's size, and valid against the schema doc of the collection (collectionId, or the collection of binId). The result lists the problems with \`path\`, a JSON pointer into the record. Reading the schema doc the first time costs a request. ${costs}`,
    inputSchema: {
      type: 'object',
      required: ['record'],
      properties: {
        record,
        collectionId: { type: 'string', description: 'The collection whose schema doc to check against.' },
        binId: { type: 'string', description: "A bin whose collection's schema doc to check against." },
        definitionBinId: {
          type: 'string',
          description:
            "A bin holding a structured-output definition ({ name, strict, schema }): the record (a model's output) is checked against its schema instead. Costs no request once the definition was read.",
        },
        account,
      },
    },
  },
  jsonbin_createBin: {
    reference: 'jsonbinCreate',
    displayName: 'Create JSONBin Bin',
    userDescription: 'Creates a bin with a record, checked as a save is; the user confirms first.',
    modelDescription: `Creates a bin with the record, in a collection when collectionId is given. The record is checked first as every save is (JSON, size, the collection's schema doc): a refused record sends nothing, and the result has \`refused\` and \`problems\` with JSON pointers; fix the record and try again. One request when it is created. ${costs}`,
    inputSchema: {
      type: 'object',
      required: ['record'],
      properties: {
        record,
        name: { type: 'string', description: "The bin's name." },
        collectionId: { type: 'string', description: 'The collection to create it in.' },
        private: { type: 'boolean', description: 'Whether the bin is private (the default).' },
        account,
      },
    },
    writes: true,
  },
  jsonbin_updateBin: {
    reference: 'jsonbinUpdate',
    displayName: 'Update JSONBin Bin',
    userDescription: "Replaces a bin's record or applies a JSON Patch, checked as a save is; the user confirms first.",
    modelDescription: `Updates a bin: with record, the record replaces the bin's; with patch, an RFC 6902 JSON Patch is applied to the bin's current record (the one you read, else read now). The record is checked as every save is (JSON, size, the collection's schema doc) and against conflicts: when the bin changed on the service since you read it, nothing is written and the result says so; read it again. A patch that does not apply names the failing operation and sends nothing. Usually two requests: a read to check for conflicts, and the update. ${costs}`,
    inputSchema: {
      type: 'object',
      required: ['binId'],
      properties: {
        binId: { type: 'string', description: "The bin's id." },
        record,
        patch: {
          type: 'array',
          description: 'An RFC 6902 JSON Patch: operations applied in order to the current record.',
          items: {
            type: 'object',
            required: ['op', 'path'],
            properties: {
              op: { type: 'string', enum: ['add', 'remove', 'replace', 'move', 'copy', 'test'] },
              path: { type: 'string', description: 'A JSON pointer.' },
              from: { type: 'string', description: 'A JSON pointer (move, copy).' },
              value: { description: 'The value (add, replace, test).' },
            },
          },
        },
        account,
      },
    },
    writes: true,
    replaces: true,
  },
  jsonbin_validateCollection: {
    reference: 'jsonbinValidate',
    displayName: 'Validate JSONBin Collection',
    userDescription: 'Checks every bin of a collection against its schema doc, within a request cap.',
    modelDescription: `Validates every stored bin of a collection against its schema doc: lists the collection (one request per 10 bins) and reads each bin (one request each). Refuses before sending anything when it would need more than maxRequests (or the user's cap), saying how many it would need. The result lists the failing bins with their problems at JSON pointers. ${costs}`,
    inputSchema: { type: 'object', required: ['collectionId'], properties: { collectionId: { type: 'string' }, maxRequests, account } },
  },
  jsonbin_checkDefinition: {
    reference: 'jsonbinCheckDefinition',
    displayName: 'Check JSONBin Definition',
    userDescription: "Checks a bin's structured-output definition against each provider's strict mode.",
    modelDescription: `Checks a bin holding an LLM structured-output definition ({ name, strict, schema }, or { type: "json_schema", json_schema: { … } }) against the strict mode of each provider named (openai, anthropic, gemini; default: the user's jsonbin.structuredOutputs.providers setting). The result has name, strict and problems, each with provider, rule, path (a JSON pointer under schema) and message. The bin is read once per session. ${costs}`,
    inputSchema: {
      type: 'object',
      required: ['binId'],
      properties: {
        binId: { type: 'string', description: 'The bin holding the definition.' },
        providers: { type: 'array', items: { type: 'string', enum: ['openai', 'anthropic', 'gemini'] }, description: 'The providers to check for.' },
        account,
      },
    },
  },
} satisfies Record<ToolName, ToolSpec>;

/** The manifest's keys of the tools' words: `npm run manifest` writes them all. */
export const TOOL_NLS_KEY = /^tool\./;

/** package.json's `contributes.languageModelTools` and their English words, by key. */
export function toolContributions(): { tools: Record<string, unknown>[]; nls: Record<string, string> } {
  const nls: Record<string, string> = {};
  const tools = Object.entries(TOOLS).map(([name, spec]: [string, ToolSpec]) => {
    nls[`tool.${name}.displayName`] = spec.displayName;
    nls[`tool.${name}.userDescription`] = spec.userDescription;
    return {
      name,
      toolReferenceName: spec.reference,
      canBeReferencedInPrompt: true,
      displayName: `%tool.${name}.displayName%`,
      userDescription: `%tool.${name}.userDescription%`,
      modelDescription: spec.modelDescription,
      icon: '$(database)',
      tags: ['jsonbin', ...(spec.writes ? ['jsonbin-writes'] : [])],
      when: 'config.jsonbin.chat.tools.enabled',
      inputSchema: spec.inputSchema,
    };
  });
  return { tools, nls };
}
