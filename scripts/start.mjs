// `npm start`: the extension at work against the local bin service with demo data, in a real
// VS Code (code-server) in your browser, with no account and no network. Ctrl+C stops it all.
// `npm start -- --web`: the same, with the extension in the browser's web worker extension host
// (as on vscode.dev), forced there by the `remote.extensionKind` user setting.
// `npm start -- --locale zh-cn`: the extension in one of its translations (package.nls.<locale>.json,
// l10n/bundle.l10n.<locale>.json); VS Code's own words stay English without its language pack.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { installExtension, startCodeServer } from '../test/runner/code-server-host.mjs';
import { cacheDir, provision } from '../test/runner/provision.mjs';

const root = resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const started = Date.now();

/** Builds, packages and starts everything; returns what to print and how to stop it. */
export async function startDemo({ servicePort = 0, web = false, locale, log = console.log, settings = {} } = {}) {
  const manifest = require(join(root, 'package.json'));
  const npm = (...args) => execFileSync('npm', ['run', '--silent', ...args], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  log('Building and packaging the extension…');
  npm('compile');
  npm('package');
  provision();

  const { BinService } = require(join(root, 'out', 'test', 'service', 'server.js'));
  const { seedDemo } = require(join(root, 'out', 'test', 'service', 'demo.js'));
  const { courseModule } = require(join(root, 'out', 'test', 'service', 'courseModule.js'));
  const service = new BinService({ port: servicePort });
  const apiUrl = await service.start();
  const demo = seedDemo(service);

  mkdirSync(cacheDir, { recursive: true });
  const runDir = mkdtempSync(join(cacheDir, 'demo-'));
  const extensionsDir = join(runDir, 'extensions');
  installExtension(join(root, 'jsonbin-explorer.vsix'), extensionsDir);
  const workspace = join(runDir, 'workspace');
  mkdirSync(workspace, { recursive: true });
  // A local JSON file to try Upload as Bin on from the Explorer.
  writeFileSync(join(workspace, 'optics-module.json'), `${JSON.stringify(courseModule('Geometric optics', 1), null, 2)}\n`);
  const codeServer = await startCodeServer({
    workspace,
    extensionsDir,
    smokeTestDriver: false,
    locale,
    settings: {
      'jsonbin.apiUrl': apiUrl,
      'workbench.startupEditor': 'none',
      'workbench.tips.enabled': false,
      'security.workspace.trust.enabled': false,
      'chat.disableAIFeatures': true,
      'workbench.secondarySideBar.defaultVisibility': 'hidden',
      'git.enabled': false,
      'git.openRepositoryInParentFolders': 'never',
      // As on the desktop: a tab is sent when the user saves it (code-server's default saves after a delay).
      'files.autoSave': 'off',
      // With both a main and a browser entry, code-server runs the extension in Node unless told otherwise.
      ...(web ? { 'remote.extensionKind': { [`${manifest.publisher}.${manifest.name}`]: ['web'] } } : {}),
      ...settings,
    },
  });
  return {
    url: `${codeServer.url}?folder=${encodeURIComponent(workspace)}`,
    apiUrl,
    workspace,
    demo,
    service,
    async stop() {
      await codeServer.stop();
      await service.stop();
      rmSync(runDir, { recursive: true, force: true });
    },
  };
}

if (process.argv[1] === import.meta.filename) {
  const web = process.argv.includes('--web');
  const localeAt = process.argv.indexOf('--locale');
  const locale = localeAt > 0 ? process.argv[localeAt + 1] : undefined;
  const running = await startDemo({ servicePort: Number(process.env.JSONBIN_SERVICE_PORT ?? 0), web, locale });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const where = web
    ? 'The extension runs inside the browser page, as on vscode.dev (npm start runs it on this machine).'
    : 'The extension runs on this machine, as in desktop VS Code (npm start -- --web runs it inside the browser page, as on vscode.dev).';
  console.log(`
Ready in ${seconds} s: VS Code in your browser with JSONBin Explorer installed, and a bin service
on this machine with demo data. No account is needed and nothing goes to jsonbin.io.

  1. Open ${running.url}
  2. Press F1, run "JSONBin: Set API Key" and paste the demo key: ${running.demo.account.key}
  3. Click the JSONBin icon in the bar on the left and expand "Course modules".

${where}
The demo service answers at ${running.apiUrl}; it forgets every change when it stops.
Press Ctrl+C here to stop everything.`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping…');
    await running.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
