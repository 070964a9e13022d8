// Fails the build if the core (the service client, the validation, the kept copies) imports `vscode`:
// the core must run, and be tested, in plain Node.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const CORE = ['src/api', 'src/schema', 'src/bins'];
const IMPORTS_VSCODE = /(?:from\s+['"]vscode['"]|require\(\s*['"]vscode['"]\s*\)|import\(\s*['"]vscode['"]\s*\))/;

const offenders = [];
for (const dir of CORE) {
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, file);
    if (path.endsWith('.ts') && IMPORTS_VSCODE.test(readFileSync(path, 'utf8'))) {
      offenders.push(path);
    }
  }
}
if (offenders.length > 0) {
  console.error(`The core must not import vscode; these files do:\n  ${offenders.join('\n  ')}`);
  process.exit(1);
}
console.log(`check:core: ${CORE.join(', ')} import no vscode`);
