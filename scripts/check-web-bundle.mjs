// Fails the build when the browser bundle could not run in the web worker extension host: each
// file of dist/web/ must be a classic script that names no Node global (`process`, `Buffer`,
// `__dirname`, …), imports nothing, and requires nothing but `vscode`, which the host gives, and
// the bundle's own chunks (./…), which its loader gives (scripts/web-modules.mjs).
// ESLint's no-undef finds every free name, and its selectors every import and `require` call, so
// a `process` or a `require(…)` in a string (Ajv's generated code has some) is not taken for one.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Linter } from 'eslint';
import globals from 'globals';

const folder = join(import.meta.dirname, '..', 'dist', 'web');
/** What the host passes to the extension's script (`module`, `exports`, `require` of vscode), and the loader to a chunk (and `__load`). */
const GIVEN = { module: 'readonly', exports: 'writable', require: 'readonly' };
const CHUNK_GIVEN = { ...GIVEN, __load: 'readonly' };
const files = readdirSync(folder, { recursive: true, encoding: 'utf8' })
  .map((name) => name.split('\\').join('/'))
  .filter((name) => name.endsWith('.js'));
const problems = [];
if (!files.includes('extension.js') || !files.includes('validationWorker.js')) {
  problems.push(`dist/web/ lacks extension.js or validationWorker.js (it has: ${files.join(', ') || 'nothing'}): run npm run build`);
}

const linter = new Linter();
for (const name of files) {
  const text = readFileSync(join(folder, name), 'utf8');
  const config = {
    linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off' },
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'script',
      globals: { ...globals.worker, ...(name === 'extension.js' ? GIVEN : name.startsWith('chunks/') ? CHUNK_GIVEN : {}) },
    },
    rules: {
      'no-undef': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression', message: 'an import(): the web worker host loads classic scripts only' },
        {
          selector: "CallExpression[callee.name='require']:not([arguments.0.value='vscode']):not([arguments.0.value=/^\\.\\.?\\//])",
          message: "a require of something but vscode and the bundle's own chunks",
        },
      ],
    },
  };
  // Only the rules' findings: the bundled libraries' own eslint comments are no concern here.
  for (const message of linter.verify(text, config).filter((m) => m.ruleId !== null || m.fatal)) {
    problems.push(`dist/web/${name}:${message.line}:${message.column} ${message.message}`);
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`web bundle: ${files.length} files in dist/web/, classic scripts: no Node global, no import, no require but of vscode and its own chunks`);
