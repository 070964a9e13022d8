// Node's bundle as one file at activation. esbuild's split puts each set of modules that the
// entry shares with a lazy chunk into a chunk of its own: activation loaded extension.mjs and 11
// chunks, and each ES module costs the extension host a resolve and a load through VS Code's
// module hooks (a one-file bundle of the same code imported in 13 ms where the twelve files took
// 42 ms, medians of 10 imports through a module hook, this machine). Here the entry and the chunks
// it imports statically are bundled again into dist/extension.mjs, which also exports what those
// chunks exported; each lazy chunk imports it from there, so every module is still evaluated once.
// Every file written takes `vscode` through `require` (see vscodeByRequire).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { decode, encode } from '@jridgewell/sourcemap-codec';
import * as esbuild from 'esbuild';

const ENTRY = 'dist/extension.mjs';
/** The namespace of the split's output, read from memory. */
const SPLIT = 'split-output';
/** A lazy chunk's stand-in for a chunk now inside the entry. */
const MOVED = 'moved-chunk';

/**
 * An esbuild plugin for Node's extension build (ES modules, split, `write: false`): writes dist/
 * with the activation's chunks inside extension.mjs, and makes the build's metafile say so.
 * @param {{ production: boolean }} mode
 */
export function oneActivationFile({ production }) {
  return {
    name: 'one-activation-file',
    setup(build) {
      build.onEnd(async (result) => {
        if (result.errors.length > 0) {
          return;
        }
        const cwd = build.initialOptions.absWorkingDir ?? process.cwd();
        const outputs = result.metafile.outputs;
        const banner = build.initialOptions.banner?.js ?? '';
        const text = new Map(result.outputFiles.map((f) => [relative(cwd, f.path).split('\\').join('/'), f.text]));
        const statics = (file) => outputs[file].imports.filter((i) => i.kind === 'import-statement' && !i.external).map((i) => i.path);
        const moved = [];
        const visit = (file) => statics(file).forEach((dep) => moved.includes(dep) || (moved.push(dep), visit(dep)));
        visit(ENTRY);
        // Each moved chunk's exports, under names of their own in the entry.
        const exported = (index, name) => `c${index}_${name}`;

        const entry = [`export * from ${JSON.stringify(`./${ENTRY}`)};`];
        moved.forEach((file, i) => {
          const names = outputs[file].exports.map((name) => `${name} as ${exported(i, name)}`);
          entry.push(`export { ${names.join(', ')} } from ${JSON.stringify(`./${file}`)};`);
        });
        const merged = await rebundle(cwd, text, { contents: entry.join('\n'), resolveDir: cwd, sourcefile: 'activation' }, ENTRY, { production, banner }, {});
        const files = { [ENTRY]: merged };
        for (const file of Object.keys(outputs).filter((f) => f.endsWith('.mjs') && f !== ENTRY && !moved.includes(f))) {
          const shims = {};
          moved.forEach((m, i) => {
            if (statics(file).includes(m)) {
              const names = outputs[m].exports.map((name) => `${exported(i, name)} as ${name}`);
              shims[m] = `export { ${names.join(', ')} } from ${JSON.stringify(posix.relative(posix.dirname(file), ENTRY))};`;
            }
          });
          files[file] = Object.keys(shims).length
            ? await rebundle(cwd, text, { file }, file, { production, banner }, shims)
            : { code: text.get(file), map: text.get(`${file}.map`) };
        }

        for (const output of Object.values(files)) {
          Object.assign(output, vscodeByRequire(output));
        }
        for (const [file, { code, map }] of Object.entries(files)) {
          write(join(cwd, file), code);
          if (map) {
            write(join(cwd, `${file}.map`), map);
          }
        }
        // What the bench reads: the files as written, the entry holding the moved chunks' inputs.
        const entryMeta = outputs[ENTRY];
        for (const m of moved) {
          Object.assign(entryMeta.inputs, outputs[m].inputs);
          delete outputs[m];
          delete outputs[`${m}.map`];
        }
        entryMeta.bytes = Buffer.byteLength(files[ENTRY].code);
        entryMeta.imports = entryMeta.imports.filter((i) => !moved.includes(i.path));
        for (const file of Object.keys(outputs).filter((f) => f.endsWith('.mjs'))) {
          outputs[file].imports = outputs[file].imports.map((i) => (moved.includes(i.path) ? { ...i, path: ENTRY } : i));
        }
      });
    },
  };
}

/**
 * Each file takes `vscode` through `require`, as a CommonJS extension does: an import of it makes
 * VS Code's module hook write a module of every name of the API, as a data URL that Node decodes
 * and compiles at each activation. `require` hands over the same API object, through VS Code's
 * CommonJS interceptor; the `require` of the build's banner, which every file written begins with.
 * esbuild writes an external namespace import as this text.
 */
function vscodeByRequire({ code, map }) {
  let first;
  /** Where the text grew, for the map: the line, the column where the import ended, by how much. */
  const shifts = [];
  const written = code.replace(/import\s*\*\s*as\s*([\w$]+)\s*from\s*"vscode";?/g, (found, name, at) => {
    const by = first ? `const ${name} = ${first};` : `const ${name} = require("vscode");`;
    first ??= name;
    const before = code.slice(0, at + found.length);
    shifts.push({ line: before.split('\n').length - 1, column: before.length - before.lastIndexOf('\n') - 1, by: by.length - found.length });
    return by;
  });
  return { code: written, map: map && shifts.length ? shifted(map, shifts) : map };
}

/** A source map whose generated columns follow the text's growth at `shifts` (a minified file's code is on few, long lines). */
function shifted(map, shifts) {
  const parsed = JSON.parse(map);
  const lines = decode(parsed.mappings);
  lines.forEach((segments, line) => {
    const here = shifts.filter((s) => s.line === line);
    for (const segment of here.length ? segments : []) {
      // Columns as esbuild wrote them: each import that ended before grew the text by `by`.
      segment[0] += here.filter((s) => s.column <= segment[0]).reduce((sum, s) => sum + s.by, 0);
    }
  });
  parsed.mappings = encode(lines);
  return JSON.stringify(parsed);
}

/**
 * One output file bundled again from the split's output in memory, at `out`: `shims` stand for
 * chunks now in the entry; any other chunk, and what is not the extension's, stays an import.
 * Each file of the split begins with the `banner` (its `require`): the file written has it once,
 * not once per chunk it holds (each a `createRequire` call as the module is evaluated).
 */
async function rebundle(cwd, text, input, out, { production, banner }, shims) {
  const outDir = posix.dirname(out);
  const result = await esbuild.build({
    absWorkingDir: cwd,
    ...(input.file ? { entryPoints: [`${SPLIT}:${input.file}`] } : { stdin: input }),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile: out,
    minify: production,
    sourcemap: production ? 'external' : true,
    sourcesContent: false,
    banner: { js: banner },
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'split-output',
        setup(b) {
          b.onResolve({ filter: /.*/ }, (args) => {
            if (args.path.startsWith(`${SPLIT}:`)) {
              return { path: args.path.slice(SPLIT.length + 1), namespace: SPLIT };
            }
            if (!args.path.startsWith('.') || args.namespace === MOVED) {
              return { path: args.path, external: true };
            }
            const file = posix.join(args.namespace === SPLIT ? posix.dirname(args.importer) : '', args.path);
            if (shims[file]) {
              return { path: file, namespace: MOVED };
            }
            // The entry's own chunks are bundled; another chunk stays a file, imported from where this one is written.
            const lazy = args.kind === 'dynamic-import' || (input.file && !shims[file]);
            const relativePath = posix.relative(outDir, file);
            return lazy ? { path: relativePath.startsWith('.') ? relativePath : `./${relativePath}`, external: true } : { path: file, namespace: SPLIT };
          });
          b.onLoad({ filter: /.*/, namespace: SPLIT }, (args) => ({
            contents: withoutBanner(withInlineMap(text, args.path, outDir), banner),
            loader: 'js',
            resolveDir: cwd,
          }));
          b.onLoad({ filter: /.*/, namespace: MOVED }, (args) => ({ contents: shims[args.path], loader: 'js', resolveDir: cwd }));
        },
      },
    ],
  });
  const code = result.outputFiles.find((f) => f.path.endsWith('.mjs')).text;
  return { code, map: result.outputFiles.find((f) => f.path.endsWith('.map'))?.text };
}

/**
 * A file of the split's output, its source map inline, so that the new map still leads to the
 * sources: its sources, relative to where the file was, made relative to `outDir`, where it goes.
 */
function withInlineMap(text, file, outDir) {
  const map = text.get(`${file}.map`);
  const code = text.get(file);
  if (!map) {
    return code;
  }
  const parsed = JSON.parse(map);
  parsed.sources = parsed.sources.map((s) => posix.relative(outDir, posix.join(posix.dirname(file), s)));
  const inline = `//# sourceMappingURL=data:application/json;base64,${Buffer.from(JSON.stringify(parsed)).toString('base64')}`;
  // A production file names no map (esbuild's `external`): the inline one is added.
  return `${code.replace(/\/\/# sourceMappingURL=\S+\s*$/, '').trimEnd()}\n${inline}\n`;
}

/** A file of the split without its banner's text (its line kept, so that its source map still holds). */
function withoutBanner(code, banner) {
  return banner && code.startsWith(banner) ? code.slice(banner.length) : code;
}

function write(path, code) {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, code);
}
