// Bundles the extension into dist/extension.js (minified with --production, watched with --watch).
import * as esbuild from 'esbuild';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

const context = await esbuild.context({
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
});

if (watch) {
  await context.watch();
} else {
  const result = await context.rebuild();
  if (process.argv.includes('--metafile')) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync('dist/meta.json', JSON.stringify(result.metafile));
  }
  await context.dispose();
}
