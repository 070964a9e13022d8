// Runs the extension's integration suite inside the Node extension host of a real VS Code:
// code-server (VS Code's server and web workbench) driven by Debian's Chromium through
// playwright-core. The workbench runs extension tests only with the smoke-test driver enabled.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { chromium as playwright } from 'playwright-core';
import { cacheDir, chromium, provision } from './provision.mjs';

const root = resolve(import.meta.dirname, '..', '..');
/** Prefix of the suite's output lines (see test/integration/index.ts). */
const SUITE_MARK = '[suite] ';
const TIME_LIMIT_MS = Number(process.env.JSONBIN_TEST_TIME_LIMIT_MS ?? 10 * 60_000);

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
export async function startCodeServer({ workspace, extraArgs = [], smokeTestDriver = true, extensionsDir, env = {} }) {
  const { node24, codeServerEntry } = provision();
  mkdirSync(cacheDir, { recursive: true });
  const port = await freePort();
  const runDir = mkdtempSync(join(cacheDir, 'run-'));
  const userDataDir = join(runDir, 'user-data');
  const extDir = extensionsDir ?? join(runDir, 'extensions');
  mkdirSync(userDataDir, { recursive: true });
  mkdirSync(extDir, { recursive: true });
  writeFileSync(join(runDir, 'config.yaml'), 'auth: none\n');
  const args = [
    codeServerEntry,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--user-data-dir', userDataDir,
    '--extensions-dir', extDir,
    '--config', join(runDir, 'config.yaml'),
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
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
          const timer = setTimeout(() => { child.kill('SIGKILL'); done(); }, 5000);
          child.on('exit', () => { clearTimeout(timer); done(); });
        });
      }
    },
  };
}

export function launchBrowser() {
  return playwright.launch({ executablePath: chromium, args: CHROMIUM_ARGS, headless: true });
}

/** Files under `dir` whose bytes contain `needle`. */
function filesContaining(dir, needle) {
  const hits = [];
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, name);
    if (statSync(path, { throwIfNoEntry: false })?.isFile() && readFileSync(path).includes(needle)) {
      hits.push(path);
    }
  }
  return hits;
}

async function main() {
  mkdirSync(cacheDir, { recursive: true });
  const workspace = mkdtempSync(join(cacheDir, 'workspace-'));
  // The suite's account key: after the run, every file the run wrote is searched for it.
  const testKey = `jsonbin-test-key-${randomBytes(16).toString('hex')}`;
  const server = await startCodeServer({ workspace, env: { JSONBIN_TEST_KEY: testKey } });
  const browser = await launchBrowser();
  let exitCode = 1;
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const finished = new Promise((done) => {
      void page.exposeFunction('codeAutomationExit', (code) => done(code));
    });
    // The workbench forwards all of its console here; only the suite's own lines are shown.
    const workbenchLog = [];
    await page.exposeFunction('codeAutomationLog', (_type, args) => {
      const text = (Array.isArray(args) ? args : [args]).map(String).join(' ');
      workbenchLog.push(text);
      if (text.startsWith(SUITE_MARK)) {
        console.log(text.slice(SUITE_MARK.length));
      }
    });
    page.on('close', () => writeFileSync(join(server.runDir, 'workbench.log'), workbenchLog.join('\n')));
    const authority = `vscode-remote://127.0.0.1:${server.port}`;
    const payload = [
      ['extensionDevelopmentPath', `${authority}${root}`],
      ['extensionTestsPath', `${authority}${join(root, 'out', 'test', 'integration', 'index.js')}`],
      ['skipWelcome', 'true'],
    ];
    await page.goto(`${server.url}?folder=${encodeURIComponent(workspace)}&payload=${encodeURIComponent(JSON.stringify(payload))}`);
    let timer;
    const expired = new Promise((done) => (timer = setTimeout(() => done('timeout'), TIME_LIMIT_MS)));
    const result = await Promise.race([finished, expired]);
    clearTimeout(timer);
    if (result === 'timeout') {
      const shot = join(server.runDir, 'timeout.png');
      await page.screenshot({ path: shot });
      console.error(`The integration suite did not finish within ${TIME_LIMIT_MS / 1000} s; screenshot: ${shot}`);
    } else {
      exitCode = Number(result);
    }
  } finally {
    await browser.close();
    await server.stop();
    const leaks = [server.runDir, workspace].flatMap((dir) => filesContaining(dir, testKey));
    if (leaks.length > 0) {
      console.error(`The account key was found in files the run wrote:\n  ${leaks.join('\n  ')}`);
      exitCode = 1;
    } else {
      console.log(`key search: the account key is in none of the files under ${server.runDir} and the workspace`);
    }
    if (exitCode === 0 && !process.env.JSONBIN_KEEP_RUN) {
      rmSync(server.runDir, { recursive: true, force: true });
      rmSync(workspace, { recursive: true, force: true });
    }
  }
  process.exit(exitCode);
}

if (process.argv[1] === import.meta.filename) {
  await main();
}
