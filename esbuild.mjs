// Bundles the extension into dist/ (minified with --production, watched with --watch), for two
// hosts from one source. Node (`main`): ES modules split at every `import()`: activation loads
// extension.mjs alone, the chunks it shared with lazy ones bundled into it again
// (scripts/activation-file.mjs); undici comes with the first request, the commands' code
// with the first command, and Ajv, its formats and RE2 only in the validation worker's own file.
// Browser (`browser`, dist/web/): the web worker host loads classic scripts only, so the same split
// is rewritten as CommonJS (scripts/web-modules.mjs): extension.js holds what activation loads and
// a small loader that reads the other chunks at their first use; the validation worker is a
// classic script of its own.
// The benchmark imports `bundleOptions` so that it measures the bundles this script builds.
import * as esbuild from 'esbuild';
import { chmodSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve as resolvePath, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { oneActivationFile } from './scripts/activation-file.mjs';
import { commonJsModules } from './scripts/web-modules.mjs';

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
  // A production file names no map, and .vscodeignore packages none: the maps beside it are for
  // the bench, which names the minified functions of its CPU profiles by them.
  sourcemap: production ? 'external' : true,
  sourcesContent: false,
  metafile: true,
  logLevel: 'warning',
});

/** The browser's platform: every import of `src/platform/node/…` becomes `src/platform/web/…`. */
export const webPlatform = {
  name: 'web-platform',
  setup(build) {
    const platform = resolvePath('src', 'platform');
    build.onResolve({ filter: /^\.\/node\// }, (args) =>
      args.importer.startsWith(platform + sep) ? { path: resolvePath(args.resolveDir, args.path.replace(/^\.\/node\//, './web/') + '.ts') } : undefined,
    );
  },
};

const web = (production) => ({
  ...shared(production),
  format: 'cjs',
  outExtension: {},
  platform: 'browser',
  target: 'es2022',
  outdir: 'dist/web',
  banner: {},
  mainFields: ['browser', 'module', 'main'],
  plugins: [webPlatform],
});

/**
 * Five builds: for Node, the extension, split into chunks, and the validation worker, one file
 * that shares no chunk with the extension (so that activation never waits on a chunk split for
 * the worker); for the browser, the same two, the extension's chunks as classic scripts; and the
 * table's webview script.
 * @param {{ production: boolean }} mode
 */
export function bundleOptions({ production }) {
  return [
    {
      ...shared(production),
      entryPoints: [{ in: 'src/extension/extension.ts', out: 'extension' }],
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      // Written by the plugin, the chunks activation imports inside extension.mjs.
      write: false,
      plugins: [oneActivationFile({ production })],
    },
    { ...shared(production), entryPoints: [{ in: 'src/core/schema/validationWorker.ts', out: 'validationWorker' }] },
    {
      ...web(production),
      entryPoints: [{ in: 'src/extension/extension.ts', out: 'extension' }],
      format: 'esm',
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      // Written as CommonJS by the plugin; a source map would not match what it writes.
      write: false,
      sourcemap: false,
      plugins: [webPlatform, commonJsModules({ production })],
    },
    { ...web(production), format: 'iife', entryPoints: [{ in: 'src/core/schema/validationWorker.ts', out: 'validationWorker' }] },
    // The table's webview scripts, one set for both hosts (they run in the webview, a page of its own):
    // the grid library loads only when a table opens, never with the extension; the first rows' script draws before it.
    {
      ...web(production),
      format: 'iife',
      outdir: 'dist/webview',
      entryPoints: [
        { in: 'src/extension/features/table/webview/firstRows.ts', out: 'firstRows' },
        { in: 'src/extension/features/table/webview/tableView.ts', out: 'table' },
      ],
    },
  ];
}

const CLI_FILE = 'dist/cli/jsonbin.mjs';

/**
 * The command line, `jsonbin` (package.json's `bin`): one file for Node 20 with its shebang, no
 * chunks, so that `npx jsonbin` runs it as it is; not in the extension's package (.vscodeignore
 * lists dist/*.mjs only). `npm ci` builds it alone (`prepare`: `node esbuild.mjs --cli`).
 * @param {{ production: boolean }} mode
 */
export function cliOptions({ production }) {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
  const options = shared(production);
  return {
    ...options,
    entryPoints: [{ in: 'src/cli/jsonbin.ts', out: 'jsonbin' }],
    outdir: 'dist/cli',
    // No `vscode` here: an import of it fails the build rather than the run. The TypeScript types'
    // library (the platform's, for the editor) is never used by a command: left out, not bundled.
    external: ['json-schema-to-typescript-lite'],
    sourcemap: false,
    banner: { js: `#!/usr/bin/env node\n${options.banner.js}` },
    define: { JSONBIN_VERSION: JSON.stringify(version) },
  };
}

async function main() {
  const production = process.argv.includes('--production');
  const cliOnly = process.argv.includes('--cli');
  // Chunk names carry a hash: chunks of an earlier build would otherwise be packaged too.
  rmSync(cliOnly ? 'dist/cli' : 'dist', { recursive: true, force: true });
  const all = cliOnly ? [cliOptions({ production })] : [...bundleOptions({ production }), cliOptions({ production })];
  const contexts = await Promise.all(all.map((options) => esbuild.context(options)));
  if (process.argv.includes('--watch')) {
    await Promise.all(contexts.map((context) => context.watch()));
    return;
  }
  await Promise.all(contexts.map((context) => context.rebuild()));
  await Promise.all(contexts.map((context) => context.dispose()));
  // Runnable as it is (`./dist/cli/jsonbin.mjs`), as `npx` runs it.
  if (existsSync(CLI_FILE)) {
    chmodSync(CLI_FILE, 0o755);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
