// Run by npm before `npm start` and `npm test` (prestart, pretest), so that a fresh clone needs no
// other command: installs the Debian packages the VS Code runner needs (as root; otherwise prints
// the exact apt-get line and stops), then node_modules with `npm ci` when it is missing or older
// than package-lock.json. Uses nothing but Node itself: it runs before any dependency exists.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
/**
 * chromium drives the workbench; libkrb5-dev, pkg-config, build-essential and python3 build
 * code-server's native modules offline; json-schema-test-suite holds the JSON Schema Test Suite's
 * draft files that the validator is tested on; curl runs the curl snippets the extension copies.
 */
export const DEBIAN_PACKAGES = ['chromium', 'libkrb5-dev', 'pkg-config', 'build-essential', 'python3', 'json-schema-test-suite', 'curl'];

function installed(name) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

function debianPackages() {
  if (!existsSync('/usr/bin/dpkg-query')) {
    console.log('[bootstrap] not a Debian system: install Chromium and a C++ toolchain with Kerberos headers by hand');
    return;
  }
  const missing = DEBIAN_PACKAGES.filter((name) => !installed(name));
  if (missing.length === 0) {
    return;
  }
  const line = `apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    console.error(`[bootstrap] Debian packages are missing. Install them with:\n  sudo apt-get update && sudo ${line}`);
    process.exit(1);
  }
  console.log(`[bootstrap] ${line}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], { stdio: ['ignore', 'ignore', 'inherit'], env });
}

function nodeModules() {
  const lock = join(root, 'package-lock.json');
  const installedLock = join(root, 'node_modules', '.package-lock.json');
  if (existsSync(installedLock) && statSync(installedLock).mtimeMs >= statSync(lock).mtimeMs) {
    return;
  }
  console.log('[bootstrap] npm ci');
  // Without the outer npm's configuration variables, which the nested npm would read as its own.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit', env });
}

debianPackages();
nodeModules();
