// Bundles the extension into dist/ (minified with --production, watched with --watch) as ES
// modules split at every `import()`: activation loads extension.mjs and the chunks it imports;
// undici comes with the first request, the commands' code with the first command, and Ajv, its
// formats and RE2 only in the validation worker's own file.
// The benchmark imports `bundleOptions` so that it measures the bundles this script builds.
import * as esbuild from 'esbuild';
import { rmSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const shared = (production) => ({
  bundle: true,
  format: 'esm',
  outExtension: { '.js': '.mjs' },
  platform: 'node',
  target: 'node20',
  outdir: 'dist',
  external: ['vscode'],
  // CommonJS packages in an ES module still call `require` for Node's own modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  // jsonc-parser's UMD build hides its requires from the bundler; its ESM build does not.
  mainFields: ['module', 'main'],
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
});

/**
 * Two builds: the extension, split into chunks, and the validation worker, one file that shares
 * no chunk with the extension (so that activation never waits on a chunk split for the worker).
 * @param {{ production: boolean }} mode
 */
export function bundleOptions({ production }) {
  return [
    { ...shared(production), entryPoints: [{ in: 'src/extension.ts', out: 'extension' }], splitting: true, chunkNames: 'chunks/[name]-[hash]' },
    { ...shared(production), entryPoints: [{ in: 'src/schema/validationWorker.ts', out: 'validationWorker' }] },
  ];
}

async function main() {
  const production = process.argv.includes('--production');
  // Chunk names carry a hash: chunks of an earlier build would otherwise be packaged too.
  rmSync('dist', { recursive: true, force: true });
  const contexts = await Promise.all(bundleOptions({ production }).map((options) => esbuild.context(options)));
  if (process.argv.includes('--watch')) {
    await Promise.all(contexts.map((context) => context.watch()));
    return;
  }
  await Promise.all(contexts.map((context) => context.rebuild()));
  await Promise.all(contexts.map((context) => context.dispose()));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
