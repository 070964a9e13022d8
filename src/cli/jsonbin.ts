/** The `jsonbin` executable's entry (the bundle's shebang is added by esbuild.mjs). */
import { run } from './main';

void run({ argv: process.argv.slice(2), env: process.env, cwd: process.cwd(), stdout: process.stdout, stderr: process.stderr, script: process.argv[1] }).then(
  (code) => {
    process.exitCode = code;
  },
);
