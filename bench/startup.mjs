// 3. Start-up: bundle size and its largest contributors, .vsix size, and activation measured
// inside the real VS Code runner. 4. Scale: the tree and open bins, measured in the same runs.
import { execFileSync } from 'node:child_process';
import { build } from 'esbuild';
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { bundleOptions } from '../esbuild.mjs';
import { fmtBytes, fmtMs, summarize } from './stats.mjs';

const root = resolve(import.meta.dirname, '..');
const RUNS = 3;

function contributors(metafile) {
  const byPackage = new Map();
  for (const [path, input] of Object.entries(metafile.outputs['dist/extension.js'].inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
    const name = match ? match[1] : 'extension source';
    byPackage.set(name, (byPackage.get(name) ?? 0) + input.bytesInOutput);
  }
  return [...byPackage.entries()].sort((a, b) => b[1] - a[1]);
}

/**
 * Whether the extension's own code reaches undici and Ajv only through lazy `import()`. Calls
 * inside other packages' modules (ajv-formats requiring ajv) run only when those are loaded.
 */
function lazyLoads(bundle) {
  const sections = [...bundle.matchAll(/^\/\/ (src|node_modules)\/.*$/gm)].map((m) => ({ at: m.index, own: m[1] === 'src' }));
  const inOwnCode = (at) => sections.filter((s) => s.at < at).at(-1)?.own ?? false;
  return ['undici', 'ajv'].map((name) => {
    const sites = [...bundle.matchAll(new RegExp(`require_${name}\\(\\)`, 'g'))].filter((m) => inOwnCode(m.index));
    const lazy = sites.filter((m) => bundle.slice(m.index - 60, m.index).includes('Promise.resolve().then(() => __toESM(')).length;
    return { name, calls: sites.length, lazy };
  });
}

export async function benchStartup() {
  execFileSync('npm', ['run', '--silent', 'compile'], { cwd: root, stdio: 'inherit' });
  execFileSync('npm', ['run', '--silent', 'package'], { cwd: root, stdio: 'ignore' });
  // The package step built the production bundle; build it again in-process, with the same options, for its metafile.
  const production = await build({ ...bundleOptions({ production: true }), absWorkingDir: root });
  const metafile = production.metafile;
  const bundleBytes = statSync(join(root, 'dist', 'extension.js')).size;
  const vsixBytes = statSync(join(root, 'jsonbin-explorer.vsix')).size;
  // Unminified and unwritten, so that the lazy check can read esbuild's module names.
  const unminified = (
    await build({ ...bundleOptions({ production: false }), absWorkingDir: root, sourcemap: false, write: false })
  ).outputFiles[0].text;

  const runs = [];
  for (let i = 0; i < RUNS; i++) {
    const output = execFileSync('node', ['test/runner/code-server.mjs'], {
      cwd: root,
      env: { ...process.env, JSONBIN_TESTS: join('out', 'test', 'vscode-bench', 'index.js') },
      maxBuffer: 64 * 1024 * 1024,
    }).toString();
    const line = output.split('\n').find((l) => l.startsWith('BENCH '));
    if (!line) throw new Error(`the VS Code bench printed no result:\n${output}`);
    runs.push(JSON.parse(line.slice('BENCH '.length)));
  }
  return { bundleBytes, vsixBytes, contributors: contributors(metafile), lazy: lazyLoads(unminified), runs };
}

export function printStartup(r, table) {
  const stat = (key) => summarize(r.runs.map((x) => x[key]));
  const ms = (key) => {
    const s = stat(key);
    return `${fmtMs(s.median)} (${fmtMs(s.min)}–${fmtMs(s.max)}, n=${s.n})`;
  };
  table.section(`3. Start-up (activation measured in code-server's extension host, ${RUNS} runs)`);
  table.row('bundle dist/extension.js (minified)', fmtBytes(r.bundleBytes), 'reported');
  for (const [name, bytes] of r.contributors.slice(0, 5)) {
    table.row(`  of which ${name}`, fmtBytes(bytes));
  }
  table.row('.vsix', fmtBytes(r.vsixBytes), 'reported');
  table.row('activate()', ms('activateMs'), 'reported');
  const requests = r.runs.map((x) => x.requestsAtActivation);
  table.row('requests during activation', requests.join(', '), `none: ${requests.every((n) => n === 0) ? 'met' : 'MISSED'}`);
  for (const l of r.lazy) {
    const ok = l.calls > 0 && l.calls === l.lazy;
    table.row(`${l.name} loaded at activation`, `${ok ? 'no' : 'yes'} (${l.lazy} of ${l.calls} load sites are lazy import())`, `not before needed: ${ok ? 'met' : 'MISSED'}`);
  }
  table.section('4. Scale (in the same VS Code runs)');
  table.row('first level of the tree', ms('firstLevelMs'), 'reported');
  table.row(`10,000 remembered bins listed (${r.runs[0].uncategorizedNodes} nodes)`, ms('uncategorizedMs'), 'reported');
  table.row(`200 collections listed (${r.runs[0].collectionNodes} nodes, 1 request)`, ms('collectionsMs'), 'reported');
  table.row(`a collection's page (${r.runs[0].pageNodes} nodes, 1 request)`, ms('pageMs'), 'reported');
  table.row('heap held by that tree', `${stat('treeHeapMb').median} MB (median)`, 'reported');
  table.row(`${r.runs[0].openBins} open bins of 500 KB: heap of the extension host`, `${stat('openBinsHeapMb').median} MB (median; opened in ${ms('openBinsMs')})`, 'reported');
  table.row('caches and their bounds', 'file system: 64 MB of records, LRU; schema docs: one compiled per schema doc; tree: the pages you expanded', 'bounded');
}
