// code-server (VS Code's server and web workbench) and Debian's Chromium, for the integration
// suite, the browser test and the demo.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { basename, join } from 'node:path';
import { chromium as playwright } from 'playwright-core';
import { cacheDir, chromium, provision } from './provision.mjs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
    server.on('error', fail);
  });
}

/** Starts code-server with fresh state; resolves once it listens. */
/** Installs a packaged extension offline into an extensions folder. */
export function installExtension(vsix, extensionsDir) {
  const { node24, codeServerEntry } = provision();
  execFileSync(node24, [codeServerEntry, '--extensions-dir', extensionsDir, '--install-extension', vsix], { stdio: 'pipe' });
}

/**
 * Starts code-server with fresh state (and the given user settings); resolves once it listens.
 * `extensions` are folders copied into the extensions folder: with no list of its own there, VS
 * Code installs every extension it finds. `locale`: the display language (see `languagePack`).
 */
export async function startCodeServer({ workspace, extraArgs = [], smokeTestDriver = true, extensionsDir, env = {}, settings, extensions = [], locale }) {
  const { node24, codeServerEntry } = provision();
  mkdirSync(cacheDir, { recursive: true });
  const port = await freePort();
  const runDir = mkdtempSync(join(cacheDir, 'run-'));
  const userDataDir = join(runDir, 'user-data');
  const extDir = extensionsDir ?? join(runDir, 'extensions');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  if (settings) {
    writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
  }
  mkdirSync(extDir, { recursive: true });
  for (const dir of extensions) {
    cpSync(dir, join(extDir, basename(dir)), { recursive: true });
  }
  writeFileSync(join(runDir, 'config.yaml'), 'auth: none\n');
  if (locale) {
    languagePack(runDir, userDataDir, locale);
  }
  const args = [
    codeServerEntry,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${port}`,
    '--user-data-dir',
    userDataDir,
    '--extensions-dir',
    extDir,
    '--config',
    join(runDir, 'config.yaml'),
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    ...(locale ? ['--locale', locale] : []),
    ...(smokeTestDriver ? ['--vscode-option=--enable-smoke-test-driver'] : []),
    ...extraArgs,
    workspace,
  ];
  const child = spawn(node24, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_OPTIONS: '', ...env } });
  let output = '';
  await new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`code-server did not start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk) => {
      output += chunk;
      if (output.includes(`HTTP server listening on http://127.0.0.1:${port}`)) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => fail(new Error(`code-server exited with ${code}:\n${output}`)));
  });
  child.removeAllListeners('exit');
  return {
    port,
    runDir,
    userDataDir,
    extensionsDir: extDir,
    url: `http://127.0.0.1:${port}/`,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((done) => {
          const timer = setTimeout(() => {
            child.kill('SIGKILL');
            done();
          }, 5000);
          child.on('exit', () => {
            clearTimeout(timer);
            done();
          });
        });
      }
    },
  };
}

/**
 * A display language VS Code has no language pack for (the pseudo-language qps-ploc): its server
 * takes `--locale` only for a language whose pack it finds in the user data's languagepacks.json,
 * which an installed pack writes. This one, written before the server starts, translates none of
 * VS Code's own words (an empty main translation); the workbench, and so each extension host
 * (`vscode.env.language`), is in `locale`, and VS Code loads the extensions' own
 * package.nls.<locale>.json and l10n/bundle.l10n.<locale>.json.
 */
function languagePack(runDir, userDataDir, locale) {
  const translations = join(runDir, `${locale}.i18n.json`);
  writeFileSync(translations, JSON.stringify({ version: '1.0.0', contents: {} }));
  const pack = {
    hash: `empty-${locale}`,
    extensions: [{ extensionIdentifier: { id: 'jsonbin-tests.empty-language-pack' }, version: '0.0.0' }],
    translations: { vscode: translations },
    label: locale,
  };
  writeFileSync(join(userDataDir, 'languagepacks.json'), JSON.stringify({ [locale]: pack }));
}

export function launchBrowser() {
  return playwright.launch({ executablePath: chromium, args: CHROMIUM_ARGS, headless: true });
}
