/**
 * package.json's language model tools against their table (src/core/tools/toolTable.ts), in
 * plain Node: the names and inputs prompts and other extensions rely on, as VS Code takes them.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TOOL_NAMES } from '../../../../src/core/tools/toolNames';
import { TOOL_NLS_KEY, TOOLS, toolContributions } from '../../../../src/core/tools/toolTable';

const root = join(__dirname, '..', '..', '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: { languageModelTools: { name: string; toolReferenceName: string; inputSchema: { required?: string[]; properties: Record<string, unknown> } }[] };
};
const nls = JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;

describe('the language model tools in the manifest', () => {
  it('are written as the table says (`npm run manifest`), with their words in package.nls.json', () => {
    const { tools, nls: words } = toolContributions();
    assert.deepEqual(manifest.contributes.languageModelTools, tools, 'run `npm run manifest` after changing src/core/tools/toolTable.ts');
    assert.deepEqual(
      Object.entries(nls).filter(([key]) => TOOL_NLS_KEY.test(key)),
      Object.entries(words),
    );
  });

  it("are the issues' ten names (issue 50 added jsonbin_checkDefinition), each registered by name at activation and referenced by a # name", () => {
    assert.deepEqual(Object.keys(TOOLS), [...TOOL_NAMES]);
    assert.deepEqual(
      manifest.contributes.languageModelTools.map((t) => t.name),
      [
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
      ],
    );
    const references = manifest.contributes.languageModelTools.map((t) => t.toolReferenceName);
    assert.equal(new Set(references).size, references.length);
    // VS Code's own patterns for a contributed tool's name and reference.
    for (const tool of manifest.contributes.languageModelTools) {
      assert.match(tool.name, /^(?!copilot_|vscode_)[\w-]+$/);
      assert.match(tool.toolReferenceName, /^[\w-]+$/);
    }
  });

  it('declare each required input among their properties, and let every tool name another account', () => {
    for (const tool of manifest.contributes.languageModelTools) {
      for (const name of tool.inputSchema.required ?? []) {
        assert.ok(name in tool.inputSchema.properties, `${tool.name}: ${name}`);
      }
      assert.ok('account' in tool.inputSchema.properties, tool.name);
    }
  });
});
