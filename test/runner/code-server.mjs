// Runs the extension's integration suite inside the Node extension host of a real VS Code:
// code-server driven by Debian's Chromium through playwright-core. The workbench runs extension
// tests only with the smoke-test driver enabled.
// With --web, the web part of the suite (test/web/) runs in the browser's web worker extension
// host instead: a user setting forces the extension there, the suite is one CommonJS bundle with
// mocha, and the local bin service runs here, driven by the suite through its control server.
// With --pseudo-locale, the suite's pseudo-language part (test/support/pseudoLocale.ts) runs alone,
// in a VS Code started in the pseudo-language qps-ploc, whose messages are made from the English
// ones first (scripts/l10n.mjs) and removed after.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { launchBrowser, startCodeServer } from './code-server-host.mjs';
import { cacheDir } from './provision.mjs';
import { startWebWorld } from './web-world.mjs';
import { browserStorage } from './browser-storage.mjs';

const root = resolve(import.meta.dirname, '..', '..');
/** Prefix of the suite's output lines (see test/integration/index.ts). */
const SUITE_MARK = '[suite] ';
const TIME_LIMIT_MS = Number(process.env.JSONBIN_TEST_TIME_LIMIT_MS ?? 20 * 60_000);

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
  // Loaded only for this run: the l10n tools take a while to load.
  const pseudo = process.argv.includes('--pseudo-locale') ? await import('../../scripts/l10n.mjs') : undefined;
  pseudo?.pseudoLocale();
  const web = process.argv.includes('--web') ? await startWebWorld(workspace, testKey, { pseudoLocale: Boolean(pseudo) }) : undefined;
  // Other extensions installed beside this one (the bench's empty ones), by their folders.
  const extensions = process.env.JSONBIN_EXTRA_EXTENSIONS ? process.env.JSONBIN_EXTRA_EXTENSIONS.split(delimiter) : [];
  const server = await startCodeServer({
    workspace,
    env: { JSONBIN_TEST_KEY: testKey, ...(pseudo ? { JSONBIN_PSEUDO_LOCALE: pseudo.PSEUDO_LOCALE } : {}) },
    settings: web?.settings,
    extensions,
    locale: pseudo?.PSEUDO_LOCALE,
  });
  // In the worker, output channels are kept in the browser's storage and handed over at the exit.
  const handedOver = [];
  let stored = [];
  const browser = await launchBrowser();
  let exitCode = 1;
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const finished = new Promise((done) => {
      void page.exposeFunction('codeAutomationExit', (code, logs) => {
        handedOver.push(...(Array.isArray(logs) ? logs : []));
        done(code);
      });
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
      ['extensionTestsPath', `${authority}${web?.testsPath ?? join(root, process.env.JSONBIN_TESTS ?? join('out', 'test', 'integration', 'index.js'))}`],
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
      stored = await browserStorage(page);
    }
  } finally {
    await browser.close();
    await server.stop();
    await web?.stop();
    pseudo?.removePseudoLocale();
    const leaks = [server.runDir, workspace].flatMap((dir) => filesContaining(dir, testKey));
    for (const log of handedOver) {
      if (String(log?.contents ?? '').includes(testKey)) {
        leaks.push(`${log.relativePath} (a log the workbench handed over at its exit)`);
      }
    }
    leaks.push(...new Set(stored.filter((s) => s.text.includes(testKey)).map((s) => `${s.where} (the browser's storage)`)));
    if (leaks.length > 0) {
      console.error(`The account key was found in files the run wrote:\n  ${leaks.join('\n  ')}`);
      exitCode = 1;
    } else {
      const logs = handedOver.length > 0 ? `, the ${handedOver.length} logs the workbench handed over at its exit` : '';
      console.log(
        `key search: the account key is in none of the files under ${server.runDir} and the workspace${logs} and the ${stored.length} values the browser's storage holds`,
      );
    }
    if (exitCode === 0 && !process.env.JSONBIN_KEEP_RUN) {
      rmSync(server.runDir, { recursive: true, force: true });
      rmSync(workspace, { recursive: true, force: true });
    }
  }
  process.exit(exitCode);
}

await main();
