// Bundles the extension into dist/extension.js (minified with --production, watched with --watch).
// The benchmark imports `bundleOptions` so that it measures the bundle this script builds.
import * as esbuild from 'esbuild';
import { pathToFileURL } from 'node:url';

/** @param {{ production: boolean }} mode */
export function bundleOptions({ production }) {
  return {
    entryPoints: ['src/extension.ts'],
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    outfile: 'dist/extension.js',
    external: ['vscode'],
    // jsonc-parser's UMD build hides its requires from the bundler; its ESM build does not.
    mainFields: ['module', 'main'],
    minify: production,
    sourcemap: !production,
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  };
}

async function main() {
  const production = process.argv.includes('--production');
  const context = await esbuild.context(bundleOptions({ production }));
  if (process.argv.includes('--watch')) {
    await context.watch();
    return;
  }
  await context.rebuild();
  await context.dispose();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
