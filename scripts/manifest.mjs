// Writes package.json's command, submenu and menu entries, their English words in package.nls.json
// (package.json names them `%key%`) and src/extension/commands/commandIds.generated.ts from the command table
// (src/extension/commands/commandTable.ts), and the language model tools from theirs (src/core/tools/toolTable.ts).
// Run it after changing a table: `npm run manifest`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import * as prettier from 'prettier';

const root = resolve(import.meta.dirname, '..');
// The tables are TypeScript: esbuild makes one module of each, imported from memory.
async function load(...path) {
  const built = await esbuild.build({ entryPoints: [join(root, ...path)], bundle: true, format: 'esm', platform: 'node', write: false });
  return import(`data:text/javascript;base64,${Buffer.from(built.outputFiles[0].text).toString('base64')}`);
}
const { contributions, commandIdsSource, GENERATED_NLS_KEY } = await load('src', 'extension', 'commands', 'manifest.ts');
const { toolContributions, TOOL_NLS_KEY } = await load('src', 'core', 'tools', 'toolTable.ts');

const packageFile = join(root, 'package.json');
const manifest = JSON.parse(readFileSync(packageFile, 'utf8'));
const { commands, submenus, menus, nls } = contributions();
const tools = toolContributions();
// The other contributions keep their place; these three follow each other.
const contributes = {};
for (const [key, value] of Object.entries(manifest.contributes)) {
  if (key === 'submenus') {
    continue;
  }
  contributes[key] = key === 'commands' ? commands : key === 'menus' ? menus : value;
  if (key === 'commands') {
    contributes.submenus = submenus;
  }
}
contributes.languageModelTools = tools.tools;
manifest.contributes = contributes;
writeFileSync(packageFile, JSON.stringify(manifest, null, 2) + '\n');

// The other words (views, settings, the walkthrough…) are written by hand and kept; the table's are all replaced.
const nlsFile = join(root, 'package.nls.json');
const written = Object.entries(JSON.parse(readFileSync(nlsFile, 'utf8'))).filter(([key]) => !GENERATED_NLS_KEY.test(key) && !TOOL_NLS_KEY.test(key));
writeFileSync(nlsFile, JSON.stringify({ ...Object.fromEntries(written), ...nls, ...tools.nls }, null, 2) + '\n');

const idsFile = join(root, 'src', 'extension', 'commands', 'commandIds.generated.ts');
const options = await prettier.resolveConfig(idsFile);
writeFileSync(idsFile, await prettier.format(commandIdsSource(), { ...options, filepath: idsFile }));
console.log(
  `wrote ${commands.length} commands, ${submenus.length} submenus, ${Object.values(menus).flat().length} menu entries and ${tools.tools.length} language model tools`,
);
