// Extensions whose activate() does nothing, written at each bench run into the gitignored .bench/
// folder: the code-server runs install them beside this one (JSONBIN_EXTRA_EXTENSIONS), and this
// extension's module load and activation are reported as a multiple of an empty one's. The
// extension host's first activation pays one-off costs that belong to no extension: `warm-up`
// takes them. Then one is activated before this extension and one after, so that neither side
// has the later turn alone.
import { mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Writes them; says their folders as JSONBIN_EXTRA_EXTENSIONS takes them. */
export function writeEmptyExtensions(root) {
  const dirs = ['warm-up', 'empty-before', 'empty-after'].map((name) => {
    // Named as VS Code names an installed extension's folder.
    const dir = join(root, '.bench', `jsonbin-bench.${name}-0.0.0`);
    mkdirSync(dir, { recursive: true });
    const manifest = {
      name,
      publisher: 'jsonbin-bench',
      version: '0.0.0',
      engines: { vscode: '^1.100.0' },
      // An ES module, as this extension's main file is: both are loaded the same way.
      main: './extension.mjs',
      // Activated by the bench alone.
      activationEvents: [],
    };
    writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
    writeFileSync(join(dir, 'extension.mjs'), 'export function activate() {}\n');
    return dir;
  });
  return dirs.join(delimiter);
}
