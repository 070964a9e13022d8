// Bundles the extension into dist/ (minified with --production, watched with --watch), for two
// hosts from one source. Node (`main`): ES modules split at every `import()`: activation loads
// extension.mjs and the chunks it imports; undici comes with the first request, the commands' code
// with the first command, and Ajv, its formats and RE2 only in the validation worker's own file.
// Browser (`browser`, dist/web/): one CommonJS file, which the web worker host loads as a classic
// script (it refuses ES modules and chunks), and the validation worker as a classic script of its own.
// The benchmark imports `bundleOptions` so that it measures the bundles this script builds.
import * as esbuild from 'esbuild';
import { rmSync } from 'node:fs';
import { resolve as resolvePath, sep } from 'node:path';
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

/** The browser's platform: every import of `src/platform/node/…` becomes `src/platform/web/…`. */
export const webPlatform = {
  name: 'web-platform',
  setup(build) {
    const platform = resolvePath('src', 'platform');
    build.onResolve({ filter: /^\.\/node\// }, (args) =>
      args.importer.startsWith(platform + sep) ? { path: resolvePath(args.resolveDir, args.path.replace(/^\.\/node\//, './web/') + '.ts') } : undefined,
    );
    // The little of Node that bundled libraries ask for (see the file).
    build.onResolve({ filter: /^(node:(process|util|path)|path)$/ }, () => ({ path: resolvePath(platform, 'web', 'nodeShims.ts') }));
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
 * Four builds: for Node, the extension, split into chunks, and the validation worker, one file
 * that shares no chunk with the extension (so that activation never waits on a chunk split for
 * the worker); for the browser, the same two as one file each.
 * @param {{ production: boolean }} mode
 */
export function bundleOptions({ production }) {
  return [
    { ...shared(production), entryPoints: [{ in: 'src/extension.ts', out: 'extension' }], splitting: true, chunkNames: 'chunks/[name]-[hash]' },
    { ...shared(production), entryPoints: [{ in: 'src/schema/validationWorker.ts', out: 'validationWorker' }] },
    { ...web(production), entryPoints: [{ in: 'src/extension.ts', out: 'extension' }] },
    { ...web(production), format: 'iife', entryPoints: [{ in: 'src/schema/validationWorker.ts', out: 'validationWorker' }] },
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
