// What the web part of the suite needs from this process: its bundle (the tests, the source they
// use with the browser's platform, and mocha, as one CommonJS file), the local bin service with
// its control server, and the user setting that forces the extension into the web worker host.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';
import { webPlatform } from '../../esbuild.mjs';

const root = resolve(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const manifest = require(join(root, 'package.json'));

/**
 * `JSONBIN_WEB_TESTS` names another entry than the suite's (the bench's, test/vscode-bench/web.ts).
 * `pseudoLocale`: the suite runs its pseudo-language part alone (test/web/index.ts).
 */
export async function startWebWorld(workspace, key, { pseudoLocale = false } = {}) {
  const testsPath = join(root, 'out', 'test-web', 'index.js');
  await esbuild.build({
    entryPoints: [join(root, process.env.JSONBIN_WEB_TESTS ?? join('test', 'web', 'index.ts'))],
    outfile: testsPath,
    bundle: true,
    format: 'cjs',
    platform: 'browser',
    target: 'es2022',
    mainFields: ['browser', 'module', 'main'],
    external: ['vscode'],
    plugins: [webPlatform],
    define: {
      'process.env.JSONBIN_PSEUDO_LOCALE': JSON.stringify(pseudoLocale ? '1' : ''),
      'process.env.JSONBIN_GREP': JSON.stringify(process.env.JSONBIN_GREP ?? ''),
    },
    sourcemap: 'inline',
    logLevel: 'warning',
  });
  // The compiled service (npm test compiles before it runs this).
  const { BinService } = require(join(root, 'out', 'test', 'service', 'server.js'));
  const { startControl } = require(join(root, 'out', 'test', 'service', 'control.js'));
  const service = new BinService();
  await service.start();
  const free = service.addAccount('free', undefined, key);
  const paid = service.addAccount('paid');
  const control = await startControl(service, { free, paid });
  writeFileSync(join(workspace, '.jsonbin-test.json'), JSON.stringify({ control: control.url }));
  return {
    testsPath,
    settings: { 'remote.extensionKind': { [`${manifest.publisher}.${manifest.name}`]: ['web'] } },
    async stop() {
      await control.stop();
      await service.stop();
    },
  };
}
