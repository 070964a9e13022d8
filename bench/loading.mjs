// What activation loads, from the production bundles' metafiles (Node's and the browser's), and
// the .vsix: no code-server needed.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { bundleOptions } from '../esbuild.mjs';
import { judge } from './report.mjs';
import { fmtBytes } from './stats.mjs';

const root = resolve(import.meta.dirname, '..');
const MAIN = 'dist/extension.mjs';
/** The browser's bundle: what activation loads is this one file (its loader reads the other chunks at their first use). */
const WEB_MAIN = 'dist/web/extension.js';
const WEB_WORKER = 'dist/web/validationWorker.js';
/** Packages that must not load before their first use. */
const HEAVY = [
  'undici',
  'ajv',
  'ajv-formats',
  'ajv-draft-04',
  're2js',
  'fast-uri',
  'genson-js',
  'json-schema-to-typescript-lite',
  '@apidevtools/json-schema-ref-parser',
];

const packagesOf = (output) => [
  ...new Set(
    Object.keys(output.inputs)
      .map((path) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1])
      .filter(Boolean),
  ),
];

/** The files activation loads: the main file and every chunk it imports statically, transitively. */
function activationFiles(metafile, main = MAIN) {
  const files = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    for (const i of metafile.outputs[file].imports) {
      if (i.kind === 'import-statement' && !i.external) visit(i.path);
    }
  };
  visit(main);
  return [...files];
}

let packaged = false;
/** The production bundles and the .vsix, built once per bench run: the loading rows and the runs in code-server use them. */
export function packageOnce() {
  if (!packaged) {
    execFileSync('npm', ['run', '--silent', 'package'], { cwd: root, stdio: 'ignore' });
    packaged = true;
  }
}

export async function benchLoading() {
  packageOnce();
  // Built again in-process, with the same options as packaging, for their metafiles.
  const outputs = {};
  for (const options of bundleOptions({ production: true })) {
    Object.assign(outputs, (await build({ ...options, absWorkingDir: root, write: false })).metafile.outputs);
  }
  const loaded = activationFiles({ outputs });
  const lazy = Object.keys(outputs).filter((f) => f.endsWith('.mjs') && !loaded.includes(f));
  const webLoaded = activationFiles({ outputs }, WEB_MAIN);
  const vsixFiles = execFileSync('unzip', ['-l', join(root, 'jsonbin-explorer.vsix')]).toString();
  return {
    activationBytes: loaded.reduce((sum, f) => sum + outputs[f].bytes, 0),
    activationFiles: loaded.length,
    heavyAtActivation: loaded.flatMap((f) => packagesOf(outputs[f])).filter((p) => HEAVY.includes(p)),
    lazy: lazy.map((f) => ({ file: f, bytes: outputs[f].bytes, packages: packagesOf(outputs[f]) })).sort((a, b) => b.bytes - a.bytes),
    vsixBytes: statSync(join(root, 'jsonbin-explorer.vsix')).size,
    vsixNodeModules: vsixFiles.split('\n').filter((l) => l.includes('node_modules/')).length,
    vsixWeb: [WEB_MAIN, WEB_WORKER].every((f) => vsixFiles.includes(`extension/${f}`)),
    // As written: the split's modules rewritten as CommonJS, with the loader (esbuild's outputs are the modules before it).
    webBytes: statSync(join(root, WEB_MAIN)).size,
    webHeavy: webLoaded.flatMap((f) => packagesOf(outputs[f])).filter((p) => HEAVY.includes(p)),
    webWorkerBytes: outputs[WEB_WORKER].bytes,
  };
}

/** Which of the heavy packages activation loads: none is the target. */
function heavyRow(section, packages, target) {
  return {
    section,
    name: 'undici, Ajv, RE2, schema inference and type generation loaded at activation',
    value: packages.length ? packages.join(', ') : 'none',
    unit: '',
    target,
    met: packages.length === 0,
  };
}

export function loadingRows(bundle, report) {
  let section = 'Loading: what activation loads, and what waits for first use (production bundle)';
  const kb = bundle.activationBytes / 1024;
  report.add({
    section,
    name: `loaded at activation (${MAIN} and the ${bundle.activationFiles - 1} chunks it imports)`,
    value: kb,
    unit: 'KB',
    ...judge(kb, '<=', 60, 'KB'),
  });
  report.add(heavyRow(section, bundle.heavyAtActivation, 'none (each in a file loaded on first use)'));
  for (const l of bundle.lazy.slice(0, 4)) {
    report.add({
      section,
      name: `  loaded on first use: ${l.file}`,
      value: fmtBytes(l.bytes),
      unit: '',
      comparison: l.packages.join(', ') || 'extension code',
    });
  }
  report.add({
    section,
    name: '.vsix',
    value: fmtBytes(bundle.vsixBytes),
    unit: '',
    comparison: `${bundle.vsixNodeModules} files from node_modules`,
    target: 'no node_modules',
    met: bundle.vsixNodeModules === 0,
  });

  section = 'Loading in the browser: what activation loads in the web worker host (production bundle)';
  const webKb = bundle.webBytes / 1024;
  report.add({
    section,
    name: `loaded at activation (${WEB_MAIN}: the modules activation needs and their loader)`,
    value: webKb,
    unit: 'KB',
    ...judge(webKb, '<=', 80, 'KB'),
  });
  report.add(heavyRow(section, bundle.webHeavy, 'none (each in a chunk its loader reads at first use)'));
  report.add({
    section,
    name: `  loaded with the first validation: ${WEB_WORKER}`,
    value: fmtBytes(bundle.webWorkerBytes),
    unit: '',
    comparison: 'Ajv, its formats, RE2',
  });
  report.add({ section, name: '.vsix has main and browser', value: bundle.vsixWeb ? 'yes' : 'no', unit: '', target: 'yes', met: bundle.vsixWeb });
}
