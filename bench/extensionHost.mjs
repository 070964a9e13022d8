// In the real VS Code: module load and activate() beside empty extensions, edit to diagnostics, the
// heap of open bins, Open as Table and the tree at scale, in code-server's extension host
// (test/vscode-bench); then edit to diagnostics again with the extension in the browser's web
// worker host (test/vscode-bench/web.ts). `parts` picks which (see test/vscode-bench/index.ts).
import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { writeEmptyExtensions } from './emptyExtension.mjs';
import { packageOnce } from './loading.mjs';

const root = resolve(import.meta.dirname, '..');
const RUNS = 5;
export const HOST_PARTS = ['activation', 'editing', 'memory', 'table', 'tree'];

export async function benchExtensionHost(log, parts = HOST_PARTS) {
  packageOnce();
  const runs = benchRuns(log, '', [], {
    JSONBIN_TESTS: join('out', 'test', 'vscode-bench', 'index.js'),
    JSONBIN_EXTRA_EXTENSIONS: writeEmptyExtensions(root),
    JSONBIN_BENCH_PARTS: parts.join(','),
  });
  const webRuns = parts.includes('editing')
    ? benchRuns(log, ' in the web worker host', ['--web'], { JSONBIN_WEB_TESTS: join('test', 'vscode-bench', 'web.ts') })
    : [];
  return { runs, webRuns };
}

/** RUNS runs of a bench suite inside code-server, each read from the `BENCH {...}` line it prints. */
function benchRuns(log, where, args, env) {
  return Array.from({ length: RUNS }, (_, i) => {
    log(`  code-server run${where} ${i + 1} of ${RUNS}…`);
    const output = execFileSync('node', ['test/runner/code-server.mjs', ...args], {
      cwd: root,
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    }).toString();
    const line = output.split('\n').find((l) => l.startsWith('BENCH '));
    if (!line) throw new Error(`the VS Code bench${where} printed no result:\n${output}`);
    return JSON.parse(line.slice('BENCH '.length));
  });
}
