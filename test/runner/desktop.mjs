// Runs the same integration suite in desktop VS Code through @vscode/test-electron, where the
// network allows downloading VS Code. On Linux it needs a display: run it under xvfb-run.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runTests } from '@vscode/test-electron';

const root = resolve(import.meta.dirname, '..', '..');
const pkg = (await import(join(root, 'package.json'), { with: { type: 'json' } })).default;

try {
  await runTests({
    // The oldest VS Code the extension supports, so that its Node runs the shipped undici.
    version: pkg.engines.vscode.replace(/^\^/, ''),
    extensionDevelopmentPath: root,
    extensionTestsPath: join(root, 'out', 'test', 'integration', 'index.js'),
    launchArgs: [mkdtempSync(join(tmpdir(), 'jsonbin-ws-')), '--disable-extensions', '--disable-workspace-trust'],
    extensionTestsEnv: { JSONBIN_TEST_KEY: `jsonbin-test-key-${randomBytes(16).toString('hex')}` },
  });
} catch (error) {
  console.error(`Desktop integration tests failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
