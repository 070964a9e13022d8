// Runs the integration suite N times in a row (`npm run test:repeat -- 5`, default 5), after one
// compile and build, and says how many runs were green and which test failed in each red one: a
// test that passes only now and then shows up here before it fails CI. `--web` repeats the web
// worker host's part instead. The suite's own output goes to .vscode-test/repeat-<n>.log.
import { spawn, execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const web = args.includes('--web');
const runs = Number(args.find((a) => /^\d+$/.test(a)) ?? 5);
const logs = join(root, '.vscode-test');
mkdirSync(logs, { recursive: true });

execFileSync('npm', ['run', '-s', 'compile'], { cwd: root, stdio: 'inherit' });
execFileSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });

/** One run: its summary line and the tests it says failed. */
function runOnce(n) {
  const log = join(logs, `repeat-${n}.log`);
  const out = createWriteStream(log);
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(root, 'test', 'runner', 'code-server.mjs'), ...(web ? ['--web'] : [])], { cwd: root });
    let text = '';
    const take = (chunk) => {
      text += chunk;
      out.write(chunk);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    child.on('close', (code) => {
      out.end();
      const lines = text.split('\n');
      const failed = lines.filter((l) => l.startsWith('FAILED ')).map((l) => l.slice('FAILED '.length));
      const summary = lines.find((l) => /^(integration|web worker host): \d+ passed, \d+ failed/.test(l)) ?? `no summary (exit ${code})`;
      done({ n, code, failed, summary, log, seconds: Math.round((Date.now() - started) / 1000) });
    });
  });
}

const results = [];
for (let n = 1; n <= runs; n++) {
  const result = await runOnce(n);
  results.push(result);
  console.log(`run ${n} of ${runs}: ${result.code === 0 ? 'green' : 'RED'}, ${result.summary}, ${result.seconds} s (${result.log})`);
  result.failed.forEach((f) => console.log(`  failed: ${f}`));
}
const green = results.filter((r) => r.code === 0).length;
console.log(`\n${green} of ${runs} ${web ? 'web worker host' : 'integration'} runs green`);
process.exit(green === runs ? 0 : 1);
