// The browser's bundle as classic scripts that load their lazy parts themselves. The web worker
// extension host runs the `browser` entry as one CommonJS script and refuses ES modules, so
// esbuild's split output (ES modules, a chunk per `import()`) is rewritten here: every module
// becomes CommonJS; the entry and the chunks it imports statically are defined inside
// dist/web/extension.js (all that activation loads); each other chunk stays a file of its own,
// read through VS Code's file system at its first `import()` and run by a small module loader
// (`webModules`, below, written into extension.js as it is).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import * as esbuild from 'esbuild';

const ENTRY = 'extension.js';

/**
 * An esbuild plugin for the browser's extension build (ES modules, split, `write: false`): writes
 * dist/web/extension.js and dist/web/chunks/*.js as classic scripts.
 * @param {{ production: boolean }} mode
 */
export function commonJsModules({ production }) {
  return {
    name: 'web-commonjs-modules',
    setup(build) {
      build.onEnd((result) => {
        if (result.errors.length > 0) {
          return;
        }
        const outdir = build.initialOptions.outdir;
        const cwd = build.initialOptions.absWorkingDir ?? process.cwd();
        const modules = new Map();
        for (const file of result.outputFiles.filter((f) => f.path.endsWith('.js'))) {
          const name = relative(join(cwd, outdir), file.path).split('\\').join('/');
          const meta = result.metafile.outputs[posix.join(outdir, name)];
          const imports = (kind) => meta.imports.filter((i) => i.kind === kind && !i.external).map((i) => posix.relative(outdir, i.path));
          modules.set(name, { code: commonJs(file.text, name, imports('dynamic-import'), production), statics: imports('import-statement') });
        }
        const closure = (name, seen = new Set()) => {
          for (const dep of modules.get(name).statics) {
            if (!seen.has(dep)) {
              seen.add(dep);
              closure(dep, seen);
            }
          }
          return seen;
        };
        const atActivation = new Set([ENTRY, ...closure(ENTRY)]);
        const lazyDeps = {};
        for (const [name, { code }] of modules) {
          if (!atActivation.has(name)) {
            lazyDeps[name] = [...closure(name)].filter((dep) => !atActivation.has(dep));
            write(join(cwd, outdir, name), code);
          }
        }
        const defined = [...atActivation].map((name) => `${JSON.stringify(name)}: function (module, exports, require, __load) {\n${modules.get(name).code}\n}`);
        const entry = [
          '"use strict";',
          `(${webModules.toString()})(require, module, {\n${defined.join(',\n')}\n}, ${JSON.stringify(lazyDeps)}, ${JSON.stringify(ENTRY)});`,
        ].join('\n');
        write(join(cwd, outdir, ENTRY), production ? esbuild.transformSync(entry, { minifyWhitespace: true }).code : entry);
      });
    },
  };
}

/**
 * One module of the split output as CommonJS, its `import()`s handed to the loader (`__load`).
 * `vscode` is taken as it is: converted, its namespace import would copy the API's every name
 * (347) into an object of its own in each module that imports it.
 */
function commonJs(text, name, dynamicImports, production) {
  // esbuild writes an external namespace import as this text.
  let code = text.replace(/import\s*\*\s*as\s*([\w$]+)\s*from\s*"vscode";?/g, 'const $1 = require("vscode");');
  for (const target of dynamicImports) {
    // esbuild writes each `import()` of a chunk as this exact text.
    const written = `import(${JSON.stringify(`./${posix.relative(posix.dirname(name), target)}`)})`;
    code = code.split(written).join(`__load(${JSON.stringify(target)})`);
  }
  return esbuild.transformSync(code, { format: 'cjs', target: 'es2022', minify: production }).code;
}

function write(path, code) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, code);
}

/**
 * The module loader, run in the web worker host as part of extension.js (it must not refer to
 * anything outside itself). `defined`: the modules activation needs, by path under dist/web/;
 * `lazyDeps`: for each other chunk, the chunks it needs that activation did not load.
 */
export function webModules(hostRequire, hostModule, defined, lazyDeps, entry) {
  const vscode = hostRequire('vscode');
  const loaded = new Map();
  const reading = new Map();
  let extensionUri;

  const resolve = (from, specifier) => {
    const parts = from.split('/').slice(0, -1);
    for (const part of specifier.split('/')) {
      if (part === '..') {
        parts.pop();
      } else if (part !== '.') {
        parts.push(part);
      }
    }
    return parts.join('/');
  };
  const evaluate = (path) => {
    if (loaded.has(path)) {
      return loaded.get(path);
    }
    const module = { exports: {} };
    // As CommonJS does, a module being evaluated is seen with what it has exported so far.
    loaded.set(path, module.exports);
    defined[path](module, module.exports, (specifier) => (specifier === 'vscode' ? vscode : evaluate(resolve(path, specifier))), load);
    loaded.set(path, module.exports);
    return module.exports;
  };
  const read = (path) => {
    if (defined[path]) {
      return Promise.resolve();
    }
    if (!reading.has(path)) {
      const uri = vscode.Uri.joinPath(extensionUri, 'dist', 'web', ...path.split('/'));
      reading.set(
        path,
        Promise.resolve(vscode.workspace.fs.readFile(uri)).then((bytes) => {
          const source = `${new TextDecoder().decode(bytes)}\n//# sourceURL=${uri.toString(true)}`;
          defined[path] = new Function('module', 'exports', 'require', '__load', source);
        }),
      );
    }
    return reading.get(path);
  };
  async function load(path) {
    await Promise.all([path, ...(lazyDeps[path] ?? [])].map(read));
    return evaluate(path);
  }

  const main = evaluate(entry);
  hostModule.exports = {
    activate(context) {
      extensionUri = context.extensionUri;
      return main.activate(context);
    },
    deactivate: () => main.deactivate(),
  };
}
